/**
 * The Frete page's figures from `GET /admin/frete/stats`: the range's buckets (the server leaves
 * out those with no data), totals by outcome, the answer time's percentiles from its histogram,
 * the learned prices' coverage and error, and the orders' averages by service. Pure functions, no React.
 */
import {
  ERROR_KINDS,
  LATENCY_BOUNDS,
  LEARNED_ERROR_BOUNDS,
  OUTCOMES,
  type FreightStats,
  type LatencyBound,
  type LearnedErrorBound,
  type Outcome,
  type StatsRow,
} from "../../lib/admin-contract"

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

const saoPauloDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
})

/** The São Paulo calendar date of an instant, "2026-11-27". */
export function saoPauloDay(instant: Date): string {
  return saoPauloDate.format(instant)
}

/** The next calendar date: "2026-11-30" -> "2026-12-01". */
function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T12:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
}

/** Every bucket of the range, oldest first, keyed as the rows' `at` (and any a row names beyond them). */
export function bucketKeys(stats: Pick<FreightStats, "bucket" | "since" | "until" | "rows">): string[] {
  const keys: string[] = []
  const since = new Date(stats.since)
  const until = new Date(stats.until)
  if (stats.bucket === "hour") {
    const first = Math.floor(since.getTime() / HOUR_MS) * HOUR_MS
    for (let at = first; at <= until.getTime(); at += HOUR_MS) keys.push(new Date(at).toISOString())
  } else {
    const last = saoPauloDay(until)
    for (let day = saoPauloDay(since); day <= last; day = nextDay(day)) keys.push(day)
  }
  const known = new Set(keys)
  const extra = stats.rows.map((row) => row.at).filter((at) => !known.has(at))
  return extra.length ? [...new Set([...keys, ...extra])].sort() : keys
}

const rowsOf = (rows: StatsRow[], metric: string) => rows.filter((row) => row.metric === metric)

/** The outcome of a "quote" key, "checkout:table" -> "table"; null for one this page does not know. */
function outcomeOf(key: string): Outcome | null {
  const outcome = key.slice(key.indexOf(":") + 1)
  return (OUTCOMES as readonly string[]).includes(outcome) ? (outcome as Outcome) : null
}

const zeroOutcomes = () => Object.fromEntries(OUTCOMES.map((outcome) => [outcome, 0])) as Record<Outcome, number>

/** New freight queries by outcome, both channels together, per bucket. */
export function outcomesByBucket(stats: FreightStats): Array<{ at: string; counts: Record<Outcome, number> }> {
  const buckets = new Map(bucketKeys(stats).map((at) => [at, zeroOutcomes()]))
  for (const row of rowsOf(stats.rows, "quote")) {
    const outcome = outcomeOf(row.key)
    const counts = buckets.get(row.at)
    if (outcome && counts) counts[outcome] += row.count
  }
  return [...buckets].map(([at, counts]) => ({ at, counts }))
}

/** New freight queries by outcome over the range. */
export function outcomeTotals(rows: StatsRow[]): Record<Outcome, number> {
  const totals = zeroOutcomes()
  for (const row of rowsOf(rows, "quote")) {
    const outcome = outcomeOf(row.key)
    if (outcome) totals[outcome] += row.count
  }
  return totals
}

/** The share of checkout's prices that were estimates (learned or the table's); null when checkout priced nothing. */
export function estimateShare(rows: StatsRow[]): number | null {
  const checkout = (outcome: Outcome) =>
    rowsOf(rows, "quote")
      .filter((row) => row.key === `checkout:${outcome}`)
      .reduce((sum, row) => sum + row.count, 0)
  const estimated = checkout("learned") + checkout("table")
  const priced = checkout("api") + checkout("kept") + estimated
  return priced === 0 ? null : estimated / priced
}

type Histogram = Partial<Record<string, number>>

/** The upper bound of the first histogram bucket whose cumulative count reaches `share` of all; null: no answers. */
export function percentile<Bound extends string>(
  histogram: Histogram,
  share: number,
  bounds: readonly Bound[]
): Bound | null {
  const all = bounds.reduce((sum, bound) => sum + (histogram[bound] ?? 0), 0)
  if (all === 0) return null
  let cumulative = 0
  for (const bound of bounds) {
    cumulative += histogram[bound] ?? 0
    if (cumulative >= share * all) return bound
  }
  return bounds[bounds.length - 1]
}

const histogramOf = (rows: StatsRow[]) => {
  const histogram: Histogram = {}
  for (const row of rows) histogram[row.key] = (histogram[row.key] ?? 0) + row.count
  return histogram
}

export type Latency = { answers: number; p50: LatencyBound | null; p95: LatencyBound | null }

function latencyOf(rows: StatsRow[]): Latency {
  const histogram = histogramOf(rows)
  return {
    answers: rows.reduce((sum, row) => sum + row.count, 0),
    p50: percentile(histogram, 0.5, LATENCY_BOUNDS),
    p95: percentile(histogram, 0.95, LATENCY_BOUNDS),
  }
}

/** The API's answer time per bucket, and over the whole range. */
export function latencies(stats: FreightStats): { buckets: Array<{ at: string } & Latency>; range: Latency } {
  const rows = rowsOf(stats.rows, "api_ms")
  return {
    buckets: bucketKeys(stats).map((at) => ({ at, ...latencyOf(rows.filter((row) => row.at === at)) })),
    range: latencyOf(rows),
  }
}

/** The API's errors by kind over the range, every known kind listed (0 when none), then any other key. */
export function errorTotals(rows: StatsRow[]): Array<{ kind: string; count: number }> {
  const totals = new Map<string, number>(ERROR_KINDS.map((kind) => [kind, 0]))
  for (const row of rowsOf(rows, "api_error")) totals.set(row.key, (totals.get(row.key) ?? 0) + row.count)
  return [...totals].map(([kind, count]) => ({ kind, count }))
}

export type Learned = {
  covered: number
  uncovered: number
  /** covered ÷ (covered + uncovered); null with neither. */
  coverage: number | null
  /** Of the covered quotations whose error was measured, those within 10% of the API's price; null with none. */
  within10: number | null
  /** Percent; null with no error measured. */
  meanError: number | null
  medianError: LearnedErrorBound | null
}

/** How much of the API's answers the learned prices would have priced, and how far off they were; null with no row. */
export function learnedFigures(rows: StatsRow[]): Learned | null {
  const learned = histogramOf(rowsOf(rows, "learned"))
  const errors = rowsOf(rows, "learned_error").filter((row) => LEARNED_ERROR_BOUNDS.some((bound) => bound === row.key))
  if (Object.keys(learned).length === 0 && errors.length === 0) return null
  const [covered, uncovered] = [learned.covered ?? 0, learned.uncovered ?? 0]
  const histogram = histogramOf(errors)
  const sum = (field: "count" | "total") => errors.reduce((total, row) => total + row[field], 0)
  const measured = sum("count")
  const share = (part: number, whole: number) => (whole === 0 ? null : part / whole)
  return {
    covered,
    uncovered,
    coverage: share(covered, covered + uncovered),
    within10: share((histogram["5"] ?? 0) + (histogram["10"] ?? 0), measured),
    meanError: share(sum("total"), measured),
    medianError: percentile(histogram, 0.5, LEARNED_ERROR_BOUNDS),
  }
}

export type ServiceOrders = {
  service: string
  orders: number
  /** Reais; null with no orders. */
  averageCharged: number | null
  /** Business days; null when no order knew its days. */
  averageDays: number | null
  fromTable: number
  free: number
}

/** Orders by the service chosen, the most ordered first. */
export function ordersByService(rows: StatsRow[]): ServiceOrders[] {
  const sum = (metric: string, service: string, field: "count" | "total") =>
    rowsOf(rows, metric)
      .filter((row) => row.key === service)
      .reduce((total, row) => total + row[field], 0)
  const services = [
    ...new Set(
      rows.filter((row) => ["order", "order_days", "order_fallback", "free"].includes(row.metric)).map((row) => row.key)
    ),
  ]
  return services
    .map((service) => {
      const orders = sum("order", service, "count")
      const withDays = sum("order_days", service, "count")
      return {
        service,
        orders,
        averageCharged: orders > 0 ? sum("order", service, "total") / orders : null,
        averageDays: withDays > 0 ? sum("order_days", service, "total") / withDays : null,
        fromTable: sum("order_fallback", service, "count"),
        free: sum("free", service, "count"),
      }
    })
    .sort((a, b) => b.orders - a.orders || a.service.localeCompare(b.service))
}

/** Whether the range holds anything to show at all. */
export function hasData(stats: FreightStats): boolean {
  return stats.rows.some((row) => row.count > 0) || stats.tracking.created > 0
}
