/**
 * What the plugin gathers from Medusa when a fulfillment is shipped, in plain terms (measures
 * already in kg and cm, amounts in reais): everything the tracking order is built from.
 */
export interface ShipmentFacts {
  orderDisplayId: number | string
  /** The order's total, in reais. */
  orderTotal: number | null
  orderEmail: string | null
  orderMetadata: Record<string, unknown> | null
  /** The fulfilled items, with the variant's measures (null when missing). */
  items: Array<{
    title: string
    quantity: number
    weightKg: number | null
    lengthCm: number | null
    widthCm: number | null
    heightCm: number | null
  }>
  /** When the fulfillment was marked as shipped. */
  shippedAt: Date
  fulfillmentMetadata: Record<string, unknown> | null
  /** The fulfillment labels' tracking numbers, in order. */
  trackingNumbers: string[]
  /** The shipping method: its name, amount in reais, and the data the provider kept (may be absent). */
  method: {
    name: string | null
    amount: number | null
    service: string | null
    serviceName: string | null
    carrier: string | null
    days: number | null
  }
  shippingAddress: {
    firstName: string | null
    lastName: string | null
    phone: string | null
    address1: string | null
    address2: string | null
    city: string | null
    province: string | null
    postalCode: string | null
    countryCode: string | null
    metadata: Record<string, unknown> | null
  } | null
  customer: {
    firstName: string | null
    lastName: string | null
    email: string | null
    phone: string | null
    metadata: Record<string, unknown> | null
  } | null
  salesChannelName: string | null
  /** The CEP of the stock location the fulfillment ships from, as stored. */
  originCep: string | null
  /** The shipment was created with `no_notification`. */
  noNotification: boolean
}
