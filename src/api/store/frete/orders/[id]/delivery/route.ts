import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { presentOrderDelivery, type FreteOrderDeliveryAnswer } from "../../../../../../lib/tracking/order-delivery"
import { routeIdOrAnswer } from "../../../../../lib/route-id"
import { readOrderDelivery } from "./read-order-delivery"
import { freteOf, queryOf } from "../../../../../../bridge/medusa-bridge"

/**
 * GET /store/frete/orders/:id/delivery: how each of the order's shipments of this plugin is coming
 * (service, carrier, promised date, tracking codes, status), for the order confirmation and the
 * customer's order page. No personal data.
 *
 * Who may read it: whoever holds the order's id, with the store's publishable key. That is Medusa's
 * own rule for `GET /store/orders/:id` (2.21), which asks for no customer session and checks no
 * `customer_id`: the id, a ULID, is the secret (see Medusa's "secure order retrieval" guide to
 * narrow it; a store that does should narrow this route the same way).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // An id no order can have is not looked up: Postgres refuses a NUL in a query.
  const id = routeIdOrAnswer(req, res, "order")
  if (id === undefined) return
  const frete = freteOf(req.scope)
  const rows = await readOrderDelivery(queryOf(req.scope), (orderId) => frete.listTrackingOrders(orderId), id)
  if (!rows) {
    res.status(404).json({ type: "not_found", message: "Pedido não encontrado." })
    return
  }
  const answer: FreteOrderDeliveryAnswer = presentOrderDelivery(rows.order, rows.trackingRows)
  res.json(answer)
}
