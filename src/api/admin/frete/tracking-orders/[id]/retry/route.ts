import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_MODULE } from "../../../../../../modules/frete"
import type FreteModuleService from "../../../../../../modules/frete/service"
import { deliverTrackingOrder } from "../../../../../../workflows/tracking/deliver-tracking-order"
import { rebuildTrackingOrder } from "../../../../../../workflows/tracking/rebuild-tracking-order"
import { presentTrackingOrder } from "../../present"
import { answerInProgress, findRebuildableTrackingOrder, rebuiltOrAnswer } from "../find-tracking-order"

/**
 * POST /admin/frete/tracking-orders/:id/retry: sends a failed or pending tracking order again, now,
 * rebuilt from the order's current data (the merchant may have fixed the phone or the CPF). One
 * already created is never sent twice (409), nor one an attempt is sending right now (409).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  const current = await findRebuildableTrackingOrder(req, res)
  if (!current) {
    return
  }
  if (current.status === "sending") {
    answerInProgress(res, current)
    return
  }
  const rebuilt = await rebuiltOrAnswer(req, res, current, () => rebuildTrackingOrder(req.scope, current))
  if (!rebuilt) {
    return
  }
  const requeued = await frete.requeueTrackingOrder(current.id, current.status, rebuilt)
  if (!requeued) {
    // An attempt is under way, or the row changed since it was read: sending now could send twice.
    answerInProgress(res, (await frete.getTrackingOrder(current.id)) ?? current)
    return
  }
  await deliverTrackingOrder(req.scope, requeued.id)
  const after = (await frete.getTrackingOrder(current.id)) ?? current
  res.json({ tracking_order: presentTrackingOrder(after) })
}
