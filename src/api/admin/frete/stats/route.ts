import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { STATS_RANGES } from "../../../../lib/admin-contract"
import { freteOf } from "../../../../bridge/medusa-bridge"

export const StatsQuery = z.object({
  range: z.enum(STATS_RANGES, { error: `O período deve ser um de: ${STATS_RANGES.join(", ")}.` }).default("7d"),
})

export async function GET(req: MedusaRequest<unknown, z.output<typeof StatsQuery>>, res: MedusaResponse) {
  res.json(await freteOf(req.scope).readStats(req.validatedQuery.range))
}
