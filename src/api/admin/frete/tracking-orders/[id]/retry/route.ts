import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_MODULE } from "../../../../../../modules/frete"
import type FreteModuleService from "../../../../../../modules/frete/service"
import { prepareAndDeliver } from "../../../../../../workflows/tracking/deliver-tracking-orders"
import { presentTrackingOrder } from "../../present"
import { isPossibleId } from "../../validators"

/**
 * POST /admin/frete/tracking-orders/:id/retry: sends a failed or pending tracking order again, now.
 * One already created is never sent twice (409), nor one an attempt is sending right now (409).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  // An id no row can have is not looked up: Postgres refuses a NUL in a query.
  const current = isPossibleId(req.params.id) ? await frete.getTrackingOrder(req.params.id) : undefined
  if (!current) {
    res.status(404).json({ type: "not_found", message: "Pedido de rastreamento não encontrado." })
    return
  }
  if (current.status === "created") {
    res.status(409).json({ type: "conflict", message: "Este pedido de rastreamento já foi criado no serviço de rastreamento.", tracking_order: presentTrackingOrder(current) })
    return
  }
  const requeued = await frete.requeueTrackingOrder(current.id, current.status)
  if (!requeued) {
    // An attempt is under way, or the row changed since it was read: sending now could send twice.
    const now = (await frete.getTrackingOrder(current.id)) ?? current
    res.status(409).json({
      type: "conflict",
      message: "Uma tentativa de envio deste pedido de rastreamento está em andamento ou acabou de terminar. Veja o resultado antes de reenviar.",
      tracking_order: presentTrackingOrder(now),
    })
    return
  }
  await prepareAndDeliver(req.scope, requeued)
  const after = (await frete.getTrackingOrder(current.id)) ?? current
  res.json({ tracking_order: presentTrackingOrder(after) })
}
