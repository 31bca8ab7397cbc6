import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { MedusaError } from "@medusajs/framework/utils"
import type { FreteLogger } from "../../lib/utils/logger"

const HOUR_MS = 3_600_000
// São Paulo keeps UTC−3 all year (no daylight saving since 2019): its days start at 03:00 UTC.
const SAO_PAULO_MS = -3 * HOUR_MS
/** Upper bounds (ms) of the freight API's answer-time histogram; past the last, "inf". */
const ANSWER_MS_BOUNDS = [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10000]
const STATS_RANGES = { "24h": { hours: 24, bucket: "hour" }, "7d": { hours: 7 * 24, bucket: "day" }, "30d": { hours: 30 * 24, bucket: "day" } } as const

// What freight did for the store, per hour: added up in memory and written every few seconds in one upsert that adds to the
// rows every instance adds to (never a row per request). Nothing personal: a metric, a key (an outcome, a service, a kind), sums.
export class FreightStats {
  private cells = new Map<string, { count: number; total: number }>()
  private writing: Promise<void> = Promise.resolve()

  constructor(private readonly knex: () => Knex, private readonly logger: FreteLogger, flushMs = 5_000) {
    setInterval(() => void this.flush(), flushMs).unref()
  }

  add(metric: string, key: string, total = 0, count = 1, at = Date.now()): void {
    const cell = JSON.stringify([Math.floor(at / HOUR_MS) * HOUR_MS, metric, key])
    const sum = this.cells.get(cell) ?? { count: 0, total: 0 }
    this.cells.set(cell, { count: sum.count + count, total: sum.total + total })
  }

  answerTime(ms: number): void {
    this.add("api_ms", String(ANSWER_MS_BOUNDS.find((bound) => ms <= bound) ?? "inf"), ms)
  }

  /** Writes what this instance counted so far; one write at a time. */
  flush(): Promise<void> {
    return (this.writing = this.writing.then(() => this.write()))
  }

  /** Every instance's sums since the range's first bucket, by bucket (an hour's ISO instant, or a São Paulo date), plus the tracking orders created since. */
  async read(range: unknown, now = Date.now()) {
    if (typeof range !== "string" || !Object.keys(STATS_RANGES).includes(range)) {
      throw new MedusaError(MedusaError.Types.INVALID_DATA, `O período deve ser um de: ${Object.keys(STATS_RANGES).join(", ")}.`)
    }
    await this.flush()
    const { hours, bucket } = STATS_RANGES[range as keyof typeof STATS_RANGES]
    // The last `hours` hours, or the last days of São Paulo's calendar, today's included.
    const unit = bucket === "hour" ? HOUR_MS : 24 * HOUR_MS
    const offset = bucket === "hour" ? 0 : SAO_PAULO_MS
    const since = new Date((Math.floor((now + offset) / unit) - (hours * HOUR_MS) / unit + 1) * unit - offset)
    const at = bucket === "hour" ? `to_char(hour at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00.000Z"')` : `to_char(hour at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`
    const [sums, tracking] = await Promise.all([
      this.knex().raw(`select ${at} as at, metric, key, sum(count)::int as count, sum(total)::float as total from frete_stat where hour >= ? group by 1, 2, 3 order by 1, 2, 3`, [since]),
      this.knex().raw(
        `select count(*)::int as created, (count(*) filter (where status = 'failed'))::int as failed, (count(*) filter (where status in ('pending', 'sending')))::int as waiting
         from tracking_order where created_at >= ? and deleted_at is null`,
        [since]
      ),
    ])
    return { range, bucket, since: since.toISOString(), until: new Date(now).toISOString(), rows: sums.rows, tracking: tracking.rows[0] }
  }

  /** Kept long past the admin's longest range. */
  async prune(): Promise<void> {
    await this.knex().raw(`delete from frete_stat where hour < now() - interval '90 days'`)
  }

  private async write(): Promise<void> {
    const cells = this.cells
    if (!cells.size) return
    this.cells = new Map()
    const rows = [...cells].map(([cell, sum]) => {
      const [hour, metric, key] = JSON.parse(cell) as [number, string, string]
      return { hour: new Date(hour), metric, key, ...sum }
    })
    const knex = this.knex()
    try {
      await knex("frete_stat").insert(rows).onConflict(["hour", "metric", "key"]).merge({ count: knex.raw("frete_stat.count + excluded.count"), total: knex.raw("frete_stat.total + excluded.total") })
    } catch (error) {
      // Late, not lost (while this process lives): added back for the next write.
      for (const row of rows) this.add(row.metric, row.key, row.total, row.count, row.hour.getTime())
      this.logger.warn(`frete: the freight figures could not be written; retried in a few seconds: ${(error as Error).message}`)
    }
  }
}
