import type { FulfillmentRow, MethodRow, OrderRow, ShipmentRows } from "../../lib/tracking/shipment-facts"
import type { Query } from "../../shared/query"

const FULFILLMENT_FIELDS = ["*", "labels.tracking_number", "items.*", "order.id"]
// As Medusa's admin order route asks: Medusa 2.13 computes totals from the item and method fields a query names only.
const ORDER_TOTAL_FIELDS = [
  "total",
  "item_subtotal",
  "items.*",
  "items.detail.*",
  "items.tax_lines.*",
  "items.adjustments.*",
  "shipping_methods.*",
  "shipping_methods.tax_lines.*",
  "shipping_methods.adjustments.*",
  "credit_lines.*",
]
const ORDER_FIELDS = [
  "id",
  "display_id",
  "email",
  "metadata",
  ...ORDER_TOTAL_FIELDS,
  "items.variant.*",
  "items.variant.product.weight",
  "shipping_address.*",
  "customer.*",
  "sales_channel.name",
]

export async function readShipmentRows(query: Query, fulfillmentId: string): Promise<ShipmentRows> {
  const fulfillment = (
    await query.graph({ entity: "fulfillment", fields: FULFILLMENT_FIELDS, filters: { id: fulfillmentId } })
  ).data[0] as FulfillmentRow | undefined
  if (!fulfillment?.order?.id) throw new Error(`fulfillment ${fulfillmentId} or its order was not found`)
  const orderId = fulfillment.order.id
  const locationId = fulfillment.location_id
  const [orders, locations, flowMethod] = await Promise.all([
    query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } }),
    locationId
      ? query.graph({ entity: "stock_location", fields: ["id", "address.postal_code"], filters: { id: locationId } })
      : { data: [] },
    outboundMethodOf(query, orderId, fulfillment),
  ])
  const order = orders.data[0] as OrderRow | undefined
  if (!order) throw new Error(`fulfillment ${fulfillmentId} or its order was not found`)
  return {
    fulfillment,
    order,
    location: (locations.data[0] as ShipmentRows["location"] | undefined) ?? null,
    flowMethod,
  }
}

type FlowRow = {
  additional_items?: Array<{ item_id?: string | null; is_additional_item?: boolean | null }> | null
  shipping_methods?: MethodRow[] | null
}

/** The method of the exchange or claim whose new items the fulfillment ships (Medusa copies the order's onto it). */
async function outboundMethodOf(query: Query, orderId: string, fulfillment: FulfillmentRow): Promise<MethodRow | null> {
  const shipped = new Set((fulfillment.items ?? []).flatMap((item) => (item.line_item_id ? [item.line_item_id] : [])))
  if (!shipped.size) return null
  const fields = ["id", "additional_items.item_id", "shipping_methods.*"]
  // A claim's `additional_items` also holds the claimed items (the order's own): only the new ones count.
  const flows = [
    { entity: "order_exchange", fields, isNew: () => true },
    {
      entity: "order_claim",
      fields: [...fields, "additional_items.is_additional_item"],
      isNew: (item: { is_additional_item?: boolean | null }) => item.is_additional_item !== false,
    },
  ]
  for (const { entity, fields: wanted, isNew } of flows) {
    const { data } = await query.graph({ entity, fields: wanted, filters: { order_id: orderId } })
    const flow = (data as FlowRow[]).find((row) =>
      (row.additional_items ?? []).some((item) => isNew(item) && item.item_id && shipped.has(item.item_id))
    )
    if (flow) {
      const methods = flow.shipping_methods ?? []
      return (
        methods.find((method) => method.shipping_option_id === fulfillment.shipping_option_id) ?? methods[0] ?? null
      )
    }
  }
  return null
}
