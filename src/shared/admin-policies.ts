// No Medusa import: the middlewares use them on every supported Medusa version (checked only with the `rbac` flag).
export const FRETE_SETTINGS_RESOURCE = "frete_settings"
export const FRETE_TRACKING_ORDER_RESOURCE = "frete_tracking_order"
