import { LATENCY_BOUNDS, type FreightStats as StatsAnswer, type StatsRange } from "../../lib/admin-contract"
import type { FreteLogger } from "../../lib/utils/logger"
import type { FreteRepository, StatCell } from "./repository"

const HOUR_MS = 3_600_000
// São Paulo keeps UTC−3 all year (no daylight saving since 2019): its days start at 03:00 UTC.
const SAO_PAULO_MS = -3 * HOUR_MS
const RANGES = { "24h": [24, "hour"], "7d": [7 * 24, "day"], "30d": [30 * 24, "day"] } as const
const METRICS = ["quote", "api_ms", "api_error", "learned", "learned_error"]
/** Keys are short codes ("checkout:api", "timeout", "1500"); any other text is counted as "other". */
const KEY_SHAPE = /^[a-z0-9][a-z0-9_:.-]{0,63}$/
const MAX_TOTAL = 1e9
const MAX_CELL_TOTAL = 1e15
/** Hours × metrics × keys stay far below this between two writes; past it a new cell is dropped. */
const MAX_CELLS = 1_000
const FLUSH_MS = 5_000
/** Failed writes in a row (about 5 minutes at FLUSH_MS) before the figures held are dropped. */
const MAX_WRITE_ATTEMPTS = 60
/** SQLSTATE classes no retry fixes: data exception, integrity, syntax or access rule, program limit. */
const PERMANENT_SQLSTATE = /^(22|23|42|54)/

// What freight did for the store, per hour: added up in memory and written every few seconds (from the application's
// start to its shutdown) in one upsert that adds to the rows every instance adds to. Nothing personal.
export class FreightStats {
  private cells = new Map<string, StatCell>()
  private writing: Promise<void> = Promise.resolve()
  private failedWrites = 0
  private warnedFull = false
  private timer?: NodeJS.Timeout

  constructor(
    private readonly repository: Pick<FreteRepository, "addStats" | "sums">,
    private readonly logger: FreteLogger,
    private readonly tracking: (since: Date) => Promise<StatsAnswer["tracking"]>
  ) {}

  start(flushMs = FLUSH_MS): void {
    this.timer ??= setInterval(() => void this.flush(), flushMs).unref()
  }

  stop(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    return this.flush()
  }

  add(metric: string, key: string, total = 0, at = Date.now()): void {
    if (!METRICS.includes(metric)) return
    const bounded = Number.isFinite(total) ? Math.min(Math.max(total, 0), MAX_TOTAL) : 0
    const cell = { hour: Math.floor(at / HOUR_MS), metric, key: KEY_SHAPE.test(key) ? key : "other" }
    this.merge({ ...cell, count: 1, total: bounded })
  }

  answerTime(ms: number): void {
    this.add("api_ms", LATENCY_BOUNDS.find((bound) => bound === "inf" || ms <= Number(bound)) as string, ms)
  }

  flush(): Promise<void> {
    return (this.writing = this.writing.then(() => this.write()))
  }

  /** Every instance's sums since the range's first bucket (the last hours, or São Paulo's last days with today). */
  async read(range: StatsRange, now = Date.now()): Promise<StatsAnswer> {
    await this.flush()
    const [hours, bucket] = RANGES[range]
    const unit = bucket === "hour" ? HOUR_MS : 24 * HOUR_MS
    const offset = bucket === "hour" ? 0 : SAO_PAULO_MS
    const since = new Date((Math.floor((now + offset) / unit) - (hours * HOUR_MS) / unit + 1) * unit - offset)
    const [rows, tracking] = await Promise.all([this.repository.sums(since, bucket, METRICS), this.tracking(since)])
    return { range, bucket, since: since.toISOString(), until: new Date(now).toISOString(), rows, tracking }
  }

  private merge(cell: StatCell): void {
    const id = `${cell.hour} ${cell.metric} ${cell.key}`
    const sum = this.cells.get(id)
    if (!sum && this.cells.size >= MAX_CELLS) {
      if (!this.warnedFull)
        this.logger.warn(`frete: over ${MAX_CELLS} freight figures wait to be written; new ones are dropped`)
      this.warnedFull = true
      return
    }
    const [count, total] = [(sum?.count ?? 0) + cell.count, Math.min((sum?.total ?? 0) + cell.total, MAX_CELL_TOTAL)]
    this.cells.set(id, { ...cell, count, total })
  }

  private async write(): Promise<void> {
    const cells = this.cells
    if (!cells.size) return
    this.cells = new Map()
    const rows = [...cells.values()]
    try {
      await this.repository.addStats(rows)
      this.failedWrites = 0
      this.warnedFull = false
    } catch (error) {
      this.failedWrites += 1
      const code = String((error as { code?: unknown }).code ?? "")
      // A lost connection or a busy database may pass: the figures wait for the next write, a bounded number of times.
      if (!PERMANENT_SQLSTATE.test(code) && this.failedWrites < MAX_WRITE_ATTEMPTS) {
        for (const cell of rows) this.merge(cell)
        return
      }
      const attempts = this.failedWrites
      this.failedWrites = 0
      // Its class and SQLSTATE only: Postgres' message can quote a row's values.
      const reason = `${error instanceof Error ? error.name : "Error"}${code ? ` (SQLSTATE ${code})` : ""}`
      this.logger.warn(`frete: ${rows.length} freight figures dropped after ${attempts} failed write(s): ${reason}`)
    }
  }
}
