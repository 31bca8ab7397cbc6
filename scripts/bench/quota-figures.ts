// Figure 12: how far the quota guard's shared bound is passed with 1, 2 and 8 instances taking from
// it at once: each instance a QuotaLeases of its own (as each Medusa process has), all granted by the
// plugin's grants (FreteRepository) on the bench's Postgres (frete_quote_budget, migrated by the server).
import { knex } from "@medusajs/framework/mikro-orm/knex"
import { QuotaLeases } from "../../src/lib/checkout/quote-admission"
import { FreteRepository } from "../../src/modules/frete/repository"

export const QUOTA_LIMIT = 1000
/** Takes asked per run: three times the bound, spread over the instances and sent at once. */
const TAKES = 3 * QUOTA_LIMIT

export async function quotaOvershoot(
  databaseUrl: string
): Promise<Array<{ instances: number; taken: number; limit: number; overshoot: number }>> {
  const db = knex({ client: "pg", connection: databaseUrl, pool: { min: 0, max: 10 } })
  const takes = new FreteRepository(() => db)
  try {
    const runs = []
    for (const [run, instances] of [1, 2, 8].entries()) {
      // A minute of its own, far from the clock's, for each run.
      const minute = Date.UTC(2031, 0, 1) + (run + Math.floor(Math.random() * 10_000) * 10) * 60_000
      const leases = Array.from(
        { length: instances },
        () =>
          new QuotaLeases(
            takes.grant.bind(takes),
            () => minute + 1_000,
            (error) => {
              throw error
            }
          )
      )
      const key = `bench-overshoot-${minute}`
      const outcomes = await Promise.all(
        Array.from({ length: TAKES }, (_, index) => leases[index % instances].take([{ key, limit: QUOTA_LIMIT }]))
      )
      const taken = outcomes.filter((outcome) => outcome === null).length
      runs.push({ instances, taken, limit: QUOTA_LIMIT, overshoot: Math.max(0, taken - QUOTA_LIMIT) })
    }
    return runs
  } finally {
    await db.destroy()
  }
}
