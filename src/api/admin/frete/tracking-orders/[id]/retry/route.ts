import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { resendTrackingOrder } from "../../../../../../workflows/tracking/resend-tracking-order"
import { presentTrackingOrder } from "../../present"
import { answerAlreadyCreated, answerInProgress, findTrackingOrder, REBUILD_FAILED_MESSAGE } from "../find-tracking-order"

/** POST /admin/frete/tracking-orders/:id/retry: sends a failed or pending tracking order again now, rebuilt from the order's current data. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) return
  const { kind, row } = await resendTrackingOrder(req.scope, current)
  switch (kind) {
    case "already_created":
      return answerAlreadyCreated(res, row)
    case "in_progress":
      return answerInProgress(res, row)
    case "unreadable":
      return res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
    default:
      res.json({ tracking_order: presentTrackingOrder(row) })
  }
}
