import type { FulfillmentRow, OrderRow, ShipmentRows } from "../../lib/tracking/shipment-rows"
import type { Query } from "../../shared/query"
import { outboundMethodOf } from "./order-flow-method"

const FULFILLMENT_FIELDS = ["id", "shipped_at", "metadata", "data", "location_id", "shipping_option_id", "labels.tracking_number", "items.quantity", "items.line_item_id", "items.title", "order.id"]
// What Medusa computes the order's totals from, asked for as its own admin order route asks for
// them. Medusa 2.13 computes them from the item and shipping method fields the query names only
// (2.21 loads the whole rows whatever it names): naming just the items' titles and measures left
// them unpriced there, and `total` the freight alone.
const ORDER_TOTAL_FIELDS = [
  "total", "item_subtotal",
  "items.*", "items.detail.*", "items.tax_lines.*", "items.adjustments.*",
  "shipping_methods.*", "shipping_methods.tax_lines.*", "shipping_methods.adjustments.*", "credit_lines.*",
]
const ORDER_FIELDS = [
  "id", "display_id", "email", "metadata", ...ORDER_TOTAL_FIELDS,
  "items.id", "items.created_at", "items.title", "items.product_title", "items.variant.weight", "items.variant.length", "items.variant.width", "items.variant.height", "items.variant.product.weight",
  "shipping_address.*", "customer.first_name", "customer.last_name", "customer.email", "customer.phone", "customer.metadata",
  "sales_channel.name", "shipping_methods.name", "shipping_methods.amount", "shipping_methods.data", "shipping_methods.shipping_option_id",
]

/**
 * A shipped fulfillment's rows as Medusa holds them now: the fulfillment (labels, shipped date,
 * metadata, items), its order (customer, address, shipping methods, sales channel), the stock
 * location it ships from, and the method of the exchange or claim it ships, if any. `fulfillment`:
 * the fulfillment as the caller already read it (readShippedFulfillment), not read again.
 */
export async function readShipmentRows(query: Query, fulfillmentId: string, read?: FulfillmentRow): Promise<ShipmentRows> {
  const fulfillment = read ?? ((await query.graph({ entity: "fulfillment", fields: FULFILLMENT_FIELDS, filters: { id: fulfillmentId } })).data[0] as FulfillmentRow | undefined)
  if (!fulfillment?.order?.id) {
    throw new Error(`fulfillment ${fulfillmentId} or its order was not found`)
  }
  const orderId = fulfillment.order.id
  const locationId = fulfillment.location_id
  const [orders, locations, flowMethod] = await Promise.all([
    query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } }),
    locationId ? query.graph({ entity: "stock_location", fields: ["id", "address.postal_code"], filters: { id: locationId } }) : { data: [] },
    outboundMethodOf(query, orderId, (fulfillment.items ?? []).map((item) => item.line_item_id), fulfillment.shipping_option_id),
  ])
  const order = orders.data[0] as OrderRow | undefined
  if (!order) {
    throw new Error(`fulfillment ${fulfillmentId} or its order was not found`)
  }
  return { fulfillment, order, location: (locations.data[0] as ShipmentRows["location"] | undefined) ?? null, flowMethod }
}

/** A shipped fulfillment as its tracking decides on it: its provider, its order's id for the row, and the fulfillment's rows for its tracking order. */
export interface ShippedFulfillment {
  providerId: string | null
  orderId: string | null
  fulfillment: FulfillmentRow
}

/** What decides whether a fulfillment gets a tracking order (its provider, its order's id), read with what its tracking order is built from: one Query call. */
export async function readShippedFulfillment(query: Query, fulfillmentId: string): Promise<ShippedFulfillment | null> {
  const { data } = await query.graph({ entity: "fulfillment", fields: [...FULFILLMENT_FIELDS, "provider_id"], filters: { id: fulfillmentId } })
  const row = data[0] as (FulfillmentRow & { provider_id?: string | null }) | undefined
  if (!row) {
    return null
  }
  const { provider_id: providerId, ...fulfillment } = row
  return { providerId: providerId ?? null, orderId: fulfillment.order?.id ?? null, fulfillment }
}
