import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { FailedTrackingOrdersAnswer, TrackingOrdersAnswer } from "../../../../lib/admin-contract"
import { presentTrackingOrder } from "./present"
import { FailedTrackingOrdersQuery, TrackingOrdersQuery } from "./validators"
import type { TrackingOrderRow } from "../../../../modules/frete/tracking-order-store"
import { freteOf, queryOf } from "../../../../bridge/medusa-bridge"

const byCreation = (a: TrackingOrderRow, b: TrackingOrderRow) =>
  new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id)

/** GET /admin/frete/tracking-orders?order_id=, or ?status=failed&limit=&offset= (the store's, latest failure first, for the bulk resend). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const frete = freteOf(req.scope)
  if (req.query.order_id === undefined && req.query.status !== undefined) {
    const page = FailedTrackingOrdersQuery.safeParse({
      status: req.query.status,
      limit: req.query.limit,
      offset: req.query.offset,
    })
    if (!page.success) return res.status(400).json({ type: "invalid_data", message: page.error.issues[0].message })
    const { rows, count } = await frete.trackingOrders.listFailed(page.data)
    return res.json({
      tracking_orders: rows.map(presentTrackingOrder),
      count,
      limit: page.data.limit,
      offset: page.data.offset,
    } satisfies FailedTrackingOrdersAnswer)
  }
  const parsed = TrackingOrdersQuery.safeParse({ order_id: req.query.order_id })
  if (!parsed.success) return res.status(400).json({ type: "invalid_data", message: parsed.error.issues[0].message })
  // The order's rows through the read-only link of src/links/order-tracking-orders.ts, oldest first.
  const { data } = await queryOf(req.scope).graph({
    entity: "order",
    fields: ["id", "tracking_orders.*"],
    filters: { id: parsed.data.order_id },
  })
  const rows = (data[0] as { tracking_orders?: TrackingOrderRow[] | null } | undefined)?.tracking_orders ?? []
  res.json({ tracking_orders: rows.sort(byCreation).map(presentTrackingOrder) } satisfies TrackingOrdersAnswer)
}
