/** React Query keys of the plugin's admin data. */
export const queryKeys = {
  settings: ["frete", "settings"] as const,
  fulfillmentProviders: ["frete", "fulfillment-providers"] as const,
  shippingProfiles: ["frete", "shipping-profiles"] as const,
  products: (ids: string[]) => ["frete", "products", ids] as const,
  productsMissingDimensions: (page: { limit: number; offset: number }) =>
    ["frete", "products-missing-dimensions", page] as const,
  trackingOrders: (orderId: string) => ["frete", "tracking-orders", orderId] as const,
  freightStats: (range: string) => ["frete", "stats", range] as const,
  failedTrackingOrders: (page: { limit: number; offset: number }) =>
    ["frete", "tracking-orders", "failed", page] as const,
}
