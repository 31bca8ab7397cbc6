import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_MODULE } from "../../../../modules/frete"
import type FreteModuleService from "../../../../modules/frete/service"
import { presentTrackingOrder } from "./present"
import { TrackingOrdersQuery } from "./validators"

/** GET /admin/frete/tracking-orders?order_id=: the tracking orders of an order's fulfillments. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const parsed = TrackingOrdersQuery.safeParse({ order_id: req.query.order_id })
  if (!parsed.success) {
    res.status(400).json({ type: "invalid_data", message: parsed.error.issues[0].message })
    return
  }
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  const rows = await frete.listTrackingOrders(parsed.data.order_id)
  res.json({ tracking_orders: rows.map(presentTrackingOrder) })
}
