import type { DeliveryOrderRow, DeliveryTrackingRow } from "../../../../../../lib/tracking/order-delivery"
import { isFreteProvider } from "../../../../../../lib/frete-provider"
import type { Query } from "../../../../../../shared/query"

// What the answer is made of, and nothing personal: no address, customer, e-mail or item.
const ORDER_FIELDS = [
  "id",
  "created_at",
  "shipping_methods.id",
  "shipping_methods.name",
  "shipping_methods.shipping_option_id",
  "shipping_methods.data",
  "shipping_methods.created_at",
  "shipping_methods.shipping_option.provider_id",
  "fulfillments.id",
  "fulfillments.provider_id",
  "fulfillments.shipping_option_id",
  "fulfillments.data",
  "fulfillments.created_at",
  "fulfillments.shipped_at",
  "fulfillments.delivered_at",
  "fulfillments.canceled_at",
  "fulfillments.labels.tracking_number",
  "fulfillments.labels.tracking_url",
]

/** The plugin's tracking orders of an order (the module's `listTrackingOrders`). */
export type TrackingRowsOf = (orderId: string) => Promise<DeliveryTrackingRow[]>

/**
 * The order's shipping methods, fulfillments and labels (one query), then the plugin's tracking
 * orders of the order (a second read, only when it has fulfillments of this plugin); null when
 * there is no such order. A draft order is no order here, as on Medusa's `GET /store/orders/:id`.
 * The tracking rows are read through the module, not Query: Query lists `tracking_order` with the
 * module's `listTrackingOrders`, which the module's facade defines for itself (by order id).
 */
export async function readOrderDelivery(query: Query, trackingRowsOf: TrackingRowsOf, orderId: string): Promise<{ order: DeliveryOrderRow; trackingRows: DeliveryTrackingRow[] } | null> {
  const { data } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId, is_draft_order: false } })
  const order = data[0] as DeliveryOrderRow | undefined
  if (!order) return null
  const shipsWithPlugin = (order.fulfillments ?? []).some((row) => row && isFreteProvider(row.provider_id))
  return { order, trackingRows: shipsWithPlugin ? await trackingRowsOf(order.id) : [] }
}
