import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_MODULE } from "../../../../modules/frete"
import type FreteModuleService from "../../../../modules/frete/service"
import { presentTrackingOrder } from "./present"

/** GET /admin/frete/tracking-orders?order_id=: the tracking orders of an order's fulfillments. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const orderId = req.query.order_id
  if (typeof orderId !== "string" || !orderId.trim()) {
    res.status(400).json({ type: "invalid_data", message: "Informe o pedido: order_id." })
    return
  }
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  const rows = await frete.listTrackingOrders(orderId.trim())
  res.json({ tracking_orders: rows.map(presentTrackingOrder) })
}
