import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { presentTrackingOrder } from "./present"
import { FailedTrackingOrdersQuery, TrackingOrdersQuery } from "./validators"
import { freteOf } from "../../../../bridge/medusa-bridge"

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
    })
  }
  const parsed = TrackingOrdersQuery.safeParse({ order_id: req.query.order_id })
  if (!parsed.success) return res.status(400).json({ type: "invalid_data", message: parsed.error.issues[0].message })
  res.json({
    tracking_orders: (await frete.trackingOrders.listByOrder(parsed.data.order_id)).map(presentTrackingOrder),
  })
}
