/**
 * The RBAC resources of the plugin's admin routes, and the policy each route asks for, as Medusa's
 * own routes declare theirs (`{ resource, operation }`). Plain values with no Medusa import: the
 * routes' middlewares use them on every Medusa version the plugin supports, and Medusa checks them
 * only where its `rbac` feature flag is on.
 */
export const FRETE_SETTINGS_RESOURCE = "frete_settings"
export const FRETE_TRACKING_ORDER_RESOURCE = "frete_tracking_order"

type AdminPolicy = { resource: string; operation: "read" | "update" }

export const ADMIN_POLICIES = {
  /** The settings, the URLs and credentials in force, the services' status. */
  readSettings: { resource: FRETE_SETTINGS_RESOURCE, operation: "read" },
  /** Saving the settings; "Testar conexão", which sends a typed URL and secret out. */
  updateSettings: { resource: FRETE_SETTINGS_RESOURCE, operation: "update" },
  /** Medusa's own resource: the products whose variants lack a measure, a product's handling days. */
  readProducts: { resource: "product", operation: "read" },
  /** The tracking orders and the payload a retry would send. */
  readTrackingOrders: { resource: FRETE_TRACKING_ORDER_RESOURCE, operation: "read" },
  /** Sending a tracking order again, one or many. */
  updateTrackingOrders: { resource: FRETE_TRACKING_ORDER_RESOURCE, operation: "update" },
} satisfies Record<string, AdminPolicy>
