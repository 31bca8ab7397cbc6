import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { maskTrackingPayload } from "../../../../../../lib/tracking/mask-payload"
import { rebuildTrackingOrder } from "../../../../../../workflows/tracking/deliver-tracking-order"
import { presentTrackingOrder } from "../../present"
import { ALREADY_CREATED_MESSAGE, answerConflict, findTrackingOrder, REBUILD_FAILED_MESSAGE } from "../find-tracking-order"
import { loggerOf } from "../../../../../../bridge/medusa-bridge"

/** GET /admin/frete/tracking-orders/:id/preview: what "Reenviar" would send now, masked, with the fields that changed. Sends nothing. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const current = await findTrackingOrder(req, res)
  if (!current) return
  if (current.status === "created") return answerConflict(res, current, ALREADY_CREATED_MESSAGE)
  let rebuilt
  try {
    rebuilt = await rebuildTrackingOrder(req.scope, current)
  } catch (error) {
    loggerOf(req.scope).warn(`frete tracking: could not rebuild tracking order ${current.id}: ${error instanceof Error ? error.message : String(error)}`)
    return res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
  }
  const payload = maskTrackingPayload(rebuilt.order)
  const stored = current.payload ? maskTrackingPayload(current.payload) : {}
  const changed_fields = [...new Set([...Object.keys(payload), ...Object.keys(stored)])].filter((field) => JSON.stringify(payload[field]) !== JSON.stringify(stored[field]))
  res.json({ tracking_order: presentTrackingOrder(current), preview: { payload, omitted_fields: rebuilt.omitted, changed_fields } })
}
