import { definePolicies } from "@medusajs/framework/utils"
import { FRETE_SETTINGS_RESOURCE, FRETE_TRACKING_ORDER_RESOURCE } from "../shared/admin-policies"

export const fretePolicies = definePolicies([
  {
    name: "ReadFreteSettings",
    resource: FRETE_SETTINGS_RESOURCE,
    operation: "read",
    description: "Read the Frete settings and the services' status",
  },
  {
    name: "UpdateFreteSettings",
    resource: FRETE_SETTINGS_RESOURCE,
    operation: "update",
    description: "Change the Frete settings and test the connection",
  },
  {
    name: "ReadFreteTrackingOrder",
    resource: FRETE_TRACKING_ORDER_RESOURCE,
    operation: "read",
    description: "Read the Frete tracking orders",
  },
  {
    name: "UpdateFreteTrackingOrder",
    resource: FRETE_TRACKING_ORDER_RESOURCE,
    operation: "update",
    description: "Send Frete tracking orders again",
  },
])
