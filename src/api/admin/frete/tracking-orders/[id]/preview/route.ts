import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ResendPreviewAnswer } from "../../../../../../lib/admin-contract"
import { maskTrackingPayload } from "../../../../../../lib/tracking/mask-payload"
import { rebuildOrWarn } from "../../../../../../workflows/tracking/deliver-tracking-order"
import {
  ALREADY_CREATED_MESSAGE,
  answerConflict,
  findTrackingOrder,
  presentTrackingOrder,
  REBUILD_FAILED_MESSAGE,
} from "../../present"

/**
 * GET /admin/frete/tracking-orders/:id/preview: what "Reenviar" would send now, masked, with the fields that changed.
 * Sends nothing.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) return
  if (current.status === "created") return answerConflict(res, current, ALREADY_CREATED_MESSAGE)
  const rebuilt = await rebuildOrWarn(req.scope, current)
  if (!rebuilt) return res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
  const payload = maskTrackingPayload(rebuilt.order)
  const stored = current.payload ? maskTrackingPayload(current.payload) : {}
  const changed_fields = [...new Set([...Object.keys(payload), ...Object.keys(stored)])].filter(
    (field) => JSON.stringify(payload[field]) !== JSON.stringify(stored[field])
  )
  res.json({
    tracking_order: presentTrackingOrder(current),
    preview: { payload, omitted_fields: rebuilt.omitted, changed_fields },
  } satisfies ResendPreviewAnswer)
}
