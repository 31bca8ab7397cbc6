import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { TrackingOrderAnswer } from "../../../../../../lib/admin-contract"
import { resendTrackingOrder } from "../../../../../../workflows/tracking/deliver-tracking-order"
import { answerConflict, findTrackingOrder, presentTrackingOrder, RESEND_MESSAGES } from "../../present"
import { RESEND_BODY } from "../../validators"

// POST /admin/frete/tracking-orders/:id/retry: sends a failed or pending row again now, rebuilt from the order's data.
// A row the service may already have created goes only with `{ "resend_maybe_created": true }`.
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) return
  const maybeCreatedConfirmed = RESEND_BODY.parse(req.body).resend_maybe_created
  const { kind, row } = await resendTrackingOrder(req.scope, current, { maybeCreatedConfirmed })
  if (kind === "unreadable") return res.status(422).json({ type: "unexpected_state", message: RESEND_MESSAGES[kind] })
  if (kind !== "sent" && kind !== "queued") return answerConflict(res, row, RESEND_MESSAGES[kind])
  res.json({ tracking_order: presentTrackingOrder(row) } satisfies TrackingOrderAnswer)
}
