import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { previewRetry } from "../../../../../../workflows/tracking/rebuild-tracking-order"
import { presentTrackingOrder } from "../../present"
import { answerAlreadyCreated, findTrackingOrder, REBUILD_FAILED_MESSAGE } from "../find-tracking-order"

/**
 * GET /admin/frete/tracking-orders/:id/preview: what "Reenviar" would send now, rebuilt from the
 * order's current data and masked (CPF, phone, e-mail), for the merchant to confirm. Sends nothing.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) {
    return
  }
  if (current.status === "created") {
    answerAlreadyCreated(res, current)
    return
  }
  try {
    res.json({ tracking_order: presentTrackingOrder(current), preview: await previewRetry(req.scope, current) })
  } catch (error) {
    req.scope.resolve<Logger>(ContainerRegistrationKeys.LOGGER).warn(`frete tracking: could not rebuild tracking order ${current.id}: ${error instanceof Error ? error.message : String(error)}`)
    res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
  }
}
