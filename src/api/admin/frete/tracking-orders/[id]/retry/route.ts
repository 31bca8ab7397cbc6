import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../../../../../../modules/frete"
import type FreteModuleService from "../../../../../../modules/frete/service"
import { prepareAndDeliver } from "../../../../../../workflows/tracking/deliver-tracking-orders"
import { rebuildTrackingOrder } from "../../../../../../workflows/tracking/rebuild-tracking-order"
import { presentTrackingOrder } from "../../present"
import { answerAlreadyCreated, answerInProgress, findTrackingOrder, REBUILD_FAILED_MESSAGE } from "../find-tracking-order"

/**
 * POST /admin/frete/tracking-orders/:id/retry: sends a failed or pending tracking order again, now,
 * rebuilt from the order's current data (the merchant may have fixed the phone or the CPF). One
 * already created is never sent twice (409), nor one an attempt is sending right now (409).
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  const current = await findTrackingOrder(req, res)
  if (!current) {
    return
  }
  if (current.status === "created") {
    answerAlreadyCreated(res, current)
    return
  }
  if (current.status === "sending") {
    answerInProgress(res, current)
    return
  }
  let rebuilt: Awaited<ReturnType<typeof rebuildTrackingOrder>>
  try {
    rebuilt = await rebuildTrackingOrder(req.scope, current)
  } catch (error) {
    req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`frete tracking: could not rebuild tracking order ${current.id}: ${error instanceof Error ? error.message : String(error)}`)
    res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
    return
  }
  const requeued = await frete.requeueTrackingOrder(current.id, current.status, rebuilt)
  if (!requeued) {
    // An attempt is under way, or the row changed since it was read: sending now could send twice.
    answerInProgress(res, (await frete.getTrackingOrder(current.id)) ?? current)
    return
  }
  await prepareAndDeliver(req.scope, requeued)
  const after = (await frete.getTrackingOrder(current.id)) ?? current
  res.json({ tracking_order: presentTrackingOrder(after) })
}
