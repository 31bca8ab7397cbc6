import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import {
  presentOrderDelivery,
  type DeliveryOrderRow,
  type DeliveryTrackingRow,
} from "../../../../../../lib/tracking/order-delivery"
import { routeIdOrAnswer } from "../../../../../lib/route-id"
import { queryOf } from "../../../../../../bridge/medusa-bridge"

// What the answer is made of, and nothing personal: no address, customer, e-mail or item.
const ORDER_FIELDS = [
  "id",
  "created_at",
  ...["id", "name", "shipping_option_id", "data", "created_at", "shipping_option.provider_id"].map(
    (f) => `shipping_methods.${f}`
  ),
  ...["id", "provider_id", "shipping_option_id", "data", "created_at", "shipped_at", "delivered_at", "canceled_at"].map(
    (f) => `fulfillments.${f}`
  ),
  "fulfillments.labels.tracking_number",
  "fulfillments.labels.tracking_url",
  // The plugin's rows, through the read-only link of src/links/order-tracking-orders.ts.
  ...["fulfillment_id", "status", "delivered_at"].map((f) => `tracking_orders.${f}`),
]

// GET /store/frete/orders/:id/delivery. Whoever holds the order's id may read it, as Medusa's `GET /store/orders/:id`
// (2.21), where the id (a ULID) is the secret; a store that narrows that route should narrow this one.
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "order")
  if (id === undefined) return
  // A draft order is no order here, as on Medusa's `GET /store/orders/:id`.
  const { data } = await queryOf(req.scope).graph({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: { id, is_draft_order: false },
  })
  const order = data[0] as (DeliveryOrderRow & { tracking_orders?: DeliveryTrackingRow[] | null }) | undefined
  if (!order) return res.status(404).json({ type: "not_found", message: "Pedido não encontrado." })
  res.json(presentOrderDelivery(order, order.tracking_orders ?? []))
}
