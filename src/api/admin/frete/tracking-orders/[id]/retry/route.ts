import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_MODULE } from "../../../../../../modules/frete"
import type FreteModuleService from "../../../../../../modules/frete/service"
import { prepareAndDeliver } from "../../../../../../workflows/tracking/deliver-tracking-orders"
import { presentTrackingOrder } from "../../present"

/**
 * POST /admin/frete/tracking-orders/:id/retry: sends a failed or pending tracking order again, now.
 * One already created is never sent twice (409).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  const current = await frete.getTrackingOrder(req.params.id)
  if (!current) {
    res.status(404).json({ type: "not_found", message: "Pedido de rastreamento não encontrado." })
    return
  }
  if (current.status === "created") {
    res.status(409).json({ type: "conflict", message: "Este pedido de rastreamento já foi criado no serviço de rastreamento.", tracking_order: presentTrackingOrder(current) })
    return
  }
  const requeued = await frete.requeueTrackingOrder(current.id)
  if (requeued) {
    await prepareAndDeliver(req.scope, requeued)
  }
  const after = (await frete.getTrackingOrder(current.id)) ?? current
  res.json({ tracking_order: presentTrackingOrder(after) })
}
