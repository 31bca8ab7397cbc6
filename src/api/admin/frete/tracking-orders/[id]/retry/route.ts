import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { TrackingOrderAnswer } from "../../../../../../lib/admin-contract"
import { resendTrackingOrder } from "../../../../../../workflows/tracking/deliver-tracking-order"
import {
  ALREADY_CREATED_MESSAGE,
  answerConflict,
  findTrackingOrder,
  IN_PROGRESS_MESSAGE,
  MAYBE_CREATED_MESSAGE,
  presentTrackingOrder,
  REBUILD_FAILED_MESSAGE,
} from "../../present"
import { RESEND_BODY } from "../../validators"

/**
 * POST /admin/frete/tracking-orders/:id/retry: sends a failed or pending tracking order again now, rebuilt from the
 * order's current data. A row the service may already have created goes only with `{ "resend_maybe_created": true }`.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) return
  const maybeCreatedConfirmed = RESEND_BODY.parse(req.body).resend_maybe_created
  const { kind, row } = await resendTrackingOrder(req.scope, current, { maybeCreatedConfirmed })
  if (kind === "already_created") return answerConflict(res, row, ALREADY_CREATED_MESSAGE)
  if (kind === "in_progress") return answerConflict(res, row, IN_PROGRESS_MESSAGE)
  if (kind === "maybe_created") return answerConflict(res, row, MAYBE_CREATED_MESSAGE)
  if (kind === "unreadable") return res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
  res.json({ tracking_order: presentTrackingOrder(row) } satisfies TrackingOrderAnswer)
}
