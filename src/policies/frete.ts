import { definePolicies } from "@medusajs/framework/utils"
import { FRETE_SETTINGS_RESOURCE, FRETE_TRACKING_ORDER_RESOURCE } from "../shared/admin-policies"

const POLICIES = [
  ["ReadFreteSettings", FRETE_SETTINGS_RESOURCE, "read", "Read the Frete settings and the services' status"],
  ["UpdateFreteSettings", FRETE_SETTINGS_RESOURCE, "update", "Change the Frete settings and test the connection"],
  ["ReadFreteTrackingOrder", FRETE_TRACKING_ORDER_RESOURCE, "read", "Read the Frete tracking orders"],
  ["UpdateFreteTrackingOrder", FRETE_TRACKING_ORDER_RESOURCE, "update", "Send Frete tracking orders again"],
] as const

export const fretePolicies = definePolicies(
  POLICIES.map(([name, resource, operation, description]) => ({ name, resource, operation, description }))
)
