import { LRUCache } from "lru-cache"
import type { LearnedPricing } from "../../lib/learned/learned-prices"
import type { FreightQuery, FreightQuote } from "../../lib/freight/schemas"
import { estimateFrom, placeOf, samplesOf, type LearnedSample } from "../../lib/learned/learned-prices"
import { LEARNED_ERROR_BOUNDS } from "../../lib/admin-contract"
import type { FreteSettings } from "../../lib/settings/schema"
import type { FreteLogger } from "../../lib/utils/logger"

export const MAX_LEARNED_ROWS = 1_000_000
/** Rows kept per origin, destination region and service: more than a fit reads. */
export const PER_REGION = 200
const DAY_MS = 86_400_000
/** An area's rows are read again after this: other instances' answers show within it. */
const AREA_TTL_MS = 60_000
const AREA_ROWS = 2_000
/** Answers are written together, off the shopper's path; past MAX_PENDING waiting, new ones are not learned. */
const FLUSH_MS = 1_000
const MAX_PENDING = 1_000

type Place = { origin_prefix: string } & ({ destination_area: string } | { destination_state: string })

export type LearnedRows = {
  list(place: Place & { since: Date }, take: number): Promise<LearnedSample[]>
  create(rows: LearnedSample[]): Promise<unknown>
}

// Its class and SQLSTATE only: Postgres' message can quote a row's values.
const reasonOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return `${error instanceof Error ? error.name : "Error"}${code ? ` (SQLSTATE ${String(code)})` : ""}`
}

type Figures = { add(metric: string, key: string, total?: number): void }

// Learns from each API answer (after measuring how near the learned prices came to it) and prices from what it learned.
export class LearnedPrices implements LearnedPricing {
  private readonly areas: LRUCache<string, LearnedSample[], Date>
  private warned = false
  private pending: Array<{ query: FreightQuery; samples: LearnedSample[]; settings: FreteSettings }> = []
  private flushing?: NodeJS.Timeout

  constructor(
    private readonly rows: LearnedRows,
    private readonly figures: Figures | null,
    private readonly logger: FreteLogger,
    private readonly now: () => number = Date.now
  ) {
    this.areas = new LRUCache<string, LearnedSample[], Date>({
      // Bounded by rows, not areas: at most 200,000 held (tens of MB) however many areas are asked.
      maxSize: 200_000,
      sizeCalculation: (rows) => Math.max(1, rows.length),
      ttl: AREA_TTL_MS,
      fetchMethod: (key, _stale, { context: since }) =>
        this.rows.list({ ...(JSON.parse(key) as Place), since }, AREA_ROWS),
    })
  }

  learn(query: FreightQuery, quote: FreightQuote, settings: FreteSettings): void {
    if (!settings.learned_prices.enabled || this.pending.length >= MAX_PENDING) return
    const samples = samplesOf(query, quote)
    if (!samples.length) return
    this.pending.push({ query, samples, settings })
    this.flushing ??= setTimeout(() => void this.flush(), FLUSH_MS).unref()
  }

  /** Measured against what was learned, then written in one statement. */
  async flush(): Promise<void> {
    clearTimeout(this.flushing)
    this.flushing = undefined
    const batch = this.pending.splice(0)
    if (!batch.length) return
    try {
      const known = await Promise.all(batch.map(({ query, settings }) => this.known(query, settings)))
      // In the order they came: each answer measured against those before it, of this batch too.
      batch.forEach(({ query, samples }, index) => {
        this.measure(known[index], samples, query)
        for (const rows of known[index]) if (rows.length < AREA_ROWS) rows.unshift(...samples)
      })
      await this.rows.create(batch.flatMap(({ samples }) => samples))
    } catch (error) {
      this.warnOnce(`${batch.length} freight answers could not be learned (${reasonOf(error)}); later ones are tried`)
    }
  }

  // Unreadable learned prices leave the table to price: a store's database in trouble costs no sale.
  async estimate(query: FreightQuery, settings: FreteSettings) {
    if (!settings.learned_prices.enabled) return []
    try {
      const [area, state] = await this.known(query, settings)
      return estimateFrom(area, query, state)
    } catch (error) {
      this.warnOnce(`the learned prices could not be read (${reasonOf(error)}); the table prices meanwhile`)
      return []
    }
  }

  private warnOnce(message: string): void {
    if (this.warned) return
    this.warned = true
    this.logger.warn(`frete: ${message}`)
  }

  // Per quotation answered: whether the learned prices covered it, and how far from the API's price they were.
  private measure([area, state]: LearnedSample[][], samples: LearnedSample[], query: FreightQuery): void {
    const estimates = new Map(estimateFrom(area, query, state).map((estimate) => [estimate.service, estimate]))
    for (const sample of samples) {
      const estimate = estimates.get(sample.service)
      this.figures?.add("learned", estimate ? "covered" : "uncovered")
      if (!estimate) continue
      const percent = (100 * Math.abs(estimate.amountCents - sample.price_cents)) / sample.price_cents
      const bound = LEARNED_ERROR_BOUNDS.find((limit) => limit === "inf" || percent <= Number(limit)) as string
      this.figures?.add("learned_error", bound, percent)
    }
  }

  // The rows of the query's area, and of its state.
  private async known(query: FreightQuery, settings: FreteSettings): Promise<[LearnedSample[], LearnedSample[]]> {
    const { origin_prefix, destination_area, destination_state } = placeOf(query)
    const since = new Date(this.now() - settings.learned_prices.retention_days * DAY_MS)
    const rowsOf = async (place: Place) => (await this.areas.fetch(JSON.stringify(place), { context: since })) ?? []
    return Promise.all([rowsOf({ origin_prefix, destination_area }), rowsOf({ origin_prefix, destination_state })])
  }
}
