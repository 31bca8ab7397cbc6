import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { ResendPreviewAnswer } from "../../../../../../lib/admin-contract"
import { maskTrackingPayload } from "../../../../../../lib/tracking/mask-payload"
import { rebuildOrWarn } from "../../../../../../workflows/tracking/deliver-tracking-order"
import { answerConflict, findTrackingOrder, presentTrackingOrder, RESEND_MESSAGES } from "../../present"

/** GET /admin/frete/tracking-orders/:id/preview: what "Reenviar" would send now, masked; sends nothing. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) return
  if (current.status === "created") return answerConflict(res, current, RESEND_MESSAGES.already_created)
  const rebuilt = await rebuildOrWarn(req.scope, current)
  if (!rebuilt) return res.status(422).json({ type: "unexpected_state", message: RESEND_MESSAGES.unreadable })
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
