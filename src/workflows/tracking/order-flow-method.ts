import type { MethodRow } from "../../lib/tracking/shipment-rows"
import type { Query } from "../../shared/query"

type FlowRow = {
  id: string
  additional_items?: Array<{ item_id?: string | null; is_additional_item?: boolean | null }> | null
  shipping_methods?: MethodRow[] | null
}

/**
 * The shipping method of the exchange or claim whose new items a fulfillment ships, or null for a
 * fulfillment of the order's own items. Medusa fulfils an exchange's or a claim's items as the
 * order's (`POST /admin/orders/:id/fulfillments`) and copies onto the fulfillment the data of the
 * order's first method with the same shipping option: with the same option for both, the
 * original delivery's facts and freight cost. The flow's own method is the one its shipment was
 * priced with.
 */
export async function outboundMethodOf(
  query: Query,
  orderId: string,
  lineItemIds: Array<string | null | undefined>,
  shippingOptionId: string | null | undefined
): Promise<MethodRow | null> {
  const shipped = new Set(lineItemIds.filter((id): id is string => !!id))
  if (!shipped.size) return null
  const fields = ["id", "additional_items.item_id", "shipping_methods.name", "shipping_methods.amount", "shipping_methods.data", "shipping_methods.shipping_option_id"]
  // A claim's `additional_items` also holds the claimed items (the order's own): only the new ones count.
  const flows = [
    { entity: "order_exchange", fields, isNew: () => true },
    { entity: "order_claim", fields: [...fields, "additional_items.is_additional_item"], isNew: (item: { is_additional_item?: boolean | null }) => item.is_additional_item !== false },
  ]
  for (const { entity, fields: wanted, isNew } of flows) {
    const { data } = await query.graph({ entity, fields: wanted, filters: { order_id: orderId } })
    const flow = (data as FlowRow[]).find((row) => (row.additional_items ?? []).some((item) => isNew(item) && item.item_id && shipped.has(item.item_id)))
    if (flow) {
      const methods = flow.shipping_methods ?? []
      return methods.find((method) => method.shipping_option_id === shippingOptionId) ?? methods[0] ?? null
    }
  }
  return null
}
