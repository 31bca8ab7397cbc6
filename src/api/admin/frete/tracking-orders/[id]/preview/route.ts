import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { previewRetry, type RetryPreview } from "../../../../../../workflows/tracking/rebuild-tracking-order"
import { presentTrackingOrder } from "../../present"
import { ALREADY_CREATED_MESSAGE, answerConflict, findTrackingOrder, REBUILD_FAILED_MESSAGE } from "../find-tracking-order"
import { loggerOf } from "../../../../../../bridge/medusa-bridge"

/** GET /admin/frete/tracking-orders/:id/preview: what "Reenviar" would send now, masked, for the merchant to confirm. Sends nothing. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) return
  if (current.status === "created") return answerConflict(res, current, ALREADY_CREATED_MESSAGE)
  let preview: RetryPreview
  try {
    preview = await previewRetry(req.scope, current)
  } catch (error) {
    loggerOf(req.scope).warn(`frete tracking: could not rebuild tracking order ${current.id}: ${error instanceof Error ? error.message : String(error)}`)
    return res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
  }
  res.json({ tracking_order: presentTrackingOrder(current), preview })
}
