import { definePolicies } from "@medusajs/framework/utils"
import { FRETE_SETTINGS_RESOURCE, FRETE_TRACKING_ORDER_RESOURCE } from "../shared/admin-policies"

/**
 * The plugin's RBAC resources, synced to Medusa's policies when the app starts (with the `rbac`
 * feature flag on), so a merchant can give a role access to them in Settings → Roles.
 */
export const fretePolicies = definePolicies([
  { name: "ReadFreteSettings", resource: FRETE_SETTINGS_RESOURCE, operation: "read", description: "Read the Frete settings and the services' status" },
  { name: "UpdateFreteSettings", resource: FRETE_SETTINGS_RESOURCE, operation: "update", description: "Change the Frete settings and test the connection" },
  { name: "ReadFreteTrackingOrder", resource: FRETE_TRACKING_ORDER_RESOURCE, operation: "read", description: "Read the Frete tracking orders" },
  { name: "UpdateFreteTrackingOrder", resource: FRETE_TRACKING_ORDER_RESOURCE, operation: "update", description: "Send Frete tracking orders again" },
])
