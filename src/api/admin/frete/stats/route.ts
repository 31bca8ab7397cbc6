import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { freteOf } from "../../../../bridge/medusa-bridge"
import { STATS_RANGES, type StatsRange } from "../../../../modules/frete/freight-stats"

/** GET /admin/frete/stats?range=24h|7d|30d: the Frete page's figures of every instance (see FreightStats.read). */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const range = req.query.range ?? "7d"
  if (typeof range !== "string" || !Object.keys(STATS_RANGES).includes(range)) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `O período deve ser um de: ${Object.keys(STATS_RANGES).join(", ")}.`)
  }
  res.json(await freteOf(req.scope).stats.read(range as StatsRange))
}
