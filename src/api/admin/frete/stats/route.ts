import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { freteOf } from "../../../../bridge/medusa-bridge"

/** GET /admin/frete/stats?range=24h|7d|30d: the Frete page's figures of every instance (see FreightStats.read). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  res.json(await freteOf(req.scope).stats.read(req.query.range ?? "7d"))
}
