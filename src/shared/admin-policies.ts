// No Medusa import: the middlewares use them on every supported Medusa version (checked only with the `rbac` flag).
export const FRETE_SETTINGS_RESOURCE = "frete_settings"
export const FRETE_TRACKING_ORDER_RESOURCE = "frete_tracking_order"

export const ADMIN_POLICIES = {
  readSettings: { resource: FRETE_SETTINGS_RESOURCE, operation: "read" },
  updateSettings: { resource: FRETE_SETTINGS_RESOURCE, operation: "update" },
  readProducts: { resource: "product", operation: "read" },
  updateProducts: { resource: "product", operation: "update" },
  readTrackingOrders: { resource: FRETE_TRACKING_ORDER_RESOURCE, operation: "read" },
  updateTrackingOrders: { resource: FRETE_TRACKING_ORDER_RESOURCE, operation: "update" },
} satisfies Record<string, { resource: string; operation: "read" | "update" }>
