import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { FreightStats, StatsRange } from "../../../../lib/admin-contract"
import { freteOf } from "../../../../bridge/medusa-bridge"

/** GET /admin/frete/stats?range=24h|7d|30d: the Frete page's figures of every instance (the module's `stats.read`). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const stats = await freteOf(req.scope).stats.read(req.query.range ?? "7d")
  // read() answers only a range it knows, and throws for any other.
  res.json({ ...stats, range: stats.range as StatsRange } satisfies FreightStats)
}
