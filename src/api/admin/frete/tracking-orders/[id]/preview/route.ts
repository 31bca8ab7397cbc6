import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { previewRetry } from "../../../../../../workflows/tracking/rebuild-tracking-order"
import { presentTrackingOrder } from "../../present"
import { findRebuildableTrackingOrder, rebuiltOrAnswer } from "../find-tracking-order"

/**
 * GET /admin/frete/tracking-orders/:id/preview: what "Reenviar" would send now, rebuilt from the
 * order's current data and masked (CPF, phone, e-mail), for the merchant to confirm. Sends nothing.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const current = await findRebuildableTrackingOrder(req, res)
  const preview = current && (await rebuiltOrAnswer(req, res, current, () => previewRetry(req.scope, current)))
  if (current && preview) {
    res.json({ tracking_order: presentTrackingOrder(current), preview })
  }
}
