import type { ILockingModule } from "@medusajs/framework/types"
import { LRUCache } from "lru-cache"
import { hashKey } from "../quote-cache/quote-cache"
import type { FreteLogger } from "../utils/logger"
import { counted, OutageLog } from "../utils/outage-log"
import type { FreteSettings } from "../settings/schema"
import { QuotaLeases, WINDOW_MS, type GrantBudget } from "./quota-leases"

// No client's key (32 hex digits) can be either.
const STORE = "store"
const ROUTE = "route"
// The quote route's share of the ceiling: the rest is checkout's, whatever a flood of product-page quotes does.
const ROUTE_SHARE = 0.5
// A network (IPv4 /24, IPv6 /48) may cause this many times the bound of one address.
const NETWORK_FACTOR = 4

type Refuser = "client" | "network" | "route" | "store"
type Answered = "answered_from_kept" | "answered_from_table" | "refused_without_table"

// Who asks for a quote: read, never written back.
export interface Asker {
  cart?: string // checkout's pricing of a cart, counted by this instance alone (no shared count per new cart)
  client?: string // a shopper's address; with neither client nor cart (the admin, a job): unbounded
  network?: string // the address's network, bounded too
  local?: boolean // checkout or an order's flows, not the quote route: no route share
  startedAt?: number // when the freight deadline starts (epoch ms)
  locking?: ILockingModule // one call per query across the store's instances
}

export type GuardStats = ReturnType<QuoteAdmission["stats"]>

// A test's servers, started apart, all stopped in one minute of their own (epoch ms).
const clock = (at = Number(process.env.FRETE_QUOTA_CLOCK_AT)): (() => number) =>
  Number.isFinite(at) && at > 0 ? () => at : Date.now

const keyOf = (name: string) => hashKey(`frete:quote-client:${name}`).slice(0, 32)

function boundsOf(settings: FreteSettings, asker: Asker): Array<{ key: string; limit: number; by: Refuser }> {
  const limit = settings.quote_route_limit_per_minute
  const ceiling = settings.quote_store_limit_per_minute
  return [
    ...(asker.client ? [{ key: keyOf(asker.client), limit, by: "client" as const }] : []),
    ...(asker.network ? [{ key: keyOf(asker.network), limit: limit * NETWORK_FACTOR, by: "network" as const }] : []),
    ...(asker.local
      ? []
      : [{ key: ROUTE, limit: Math.max(1, Math.floor(ceiling * ROUTE_SHARE)), by: "route" as const }]),
    { key: STORE, limit: ceiling, by: "store" },
  ]
}

// Not a failure of the freight API (the breaker never sees it, the cache does not remember it): answered as an outage.
export class QuoteRefusedError extends Error {
  constructor(
    readonly refusedBy: Refuser,
    readonly retryAfterMs: number,
    readonly guardMs = 0,
    limit?: number
  ) {
    const bound = refusedBy === "route" ? "quote route's share of the store's ceiling" : BOUND_NAMES[refusedBy]
    super(`The ${bound}${limit === undefined ? "" : ` (${limit})`} of new freight queries per minute is reached`)
    this.name = "QuoteRefusedError"
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000))
  }
}

const BOUND_NAMES = { client: "client's bound", network: "network's bound", store: "store's ceiling" }

export class QuoteAdmission {
  private readonly leases: QuotaLeases
  private warnedAt = -Infinity
  private readonly counters = {
    admitted: 0,
    refused_by_client: 0,
    refused_by_network: 0,
    refused_by_route: 0,
    refused_by_store: 0,
    answered_from_kept: 0,
    answered_from_table: 0,
    refused_without_table: 0,
  }
  private lastRefusalAt: number | null = null
  private ceilingReachedAt: number | null = null
  // The ceiling (or the route's share) spent: logged when it starts and when it ends.
  private readonly quota: OutageLog
  // Carts' takes, counted by this instance alone, per minute.
  private readonly localCounts = new LRUCache<string, number>({ max: 50_000, ttl: 2 * WINDOW_MS })

  constructor(
    grant: GrantBudget,
    private readonly logger: FreteLogger,
    private readonly now: () => number = clock()
  ) {
    this.quota = new OutageLog(now)
    this.leases = new QuotaLeases(grant, now, (error) => {
      if (now() - this.warnedAt < 60_000) return
      this.warnedAt = now()
      const why = error instanceof Error ? error.message : String(error)
      logger.warn(
        `frete: the quota guard's shared count did not answer (${why}); each instance bounds new freight queries by itself meanwhile`
      )
    })
  }

  warm(settings: FreteSettings, asker: Asker): void {
    this.leases.warm(boundsOf(settings, asker))
  }

  async admit(settings: FreteSettings, asker: Asker): Promise<number> {
    if (!asker.client && !asker.cart) return 0
    const started = performance.now()
    const limit = settings.quote_route_limit_per_minute
    const window = Math.floor(this.now() / WINDOW_MS)
    const cartKey = asker.cart && `${keyOf(asker.cart)}@${window}`
    const cartUsed = cartKey ? (this.localCounts.get(cartKey) ?? 0) : 0
    const bounds = boundsOf(settings, asker)
    const refusal =
      cartUsed >= limit
        ? { index: -1, retryAfterMs: (window + 1) * WINDOW_MS - this.now() }
        : await this.leases.take(bounds)
    if (refusal === null) {
      if (cartKey) this.localCounts.set(cartKey, cartUsed + 1)
      this.counters.admitted++
      // Ended after a minute without a refusal, not at each minute's turn of a flood.
      const room = (count: number, lasted: string) =>
        `${counted(count, "quote")} priced without the API during ${lasted}`
      if (this.now() - (this.ceilingReachedAt ?? -Infinity) >= 60_000)
        this.quota.end((count, lasted) => this.logger.info(`frete: quota has room again: ${room(count, lasted)}`))
      return performance.now() - started
    }
    this.lastRefusalAt = this.now()
    const bound = bounds[refusal.index]
    const refusedBy = bound?.by ?? "client"
    this.counters[`refused_by_${refusedBy}`]++
    const error = new QuoteRefusedError(refusedBy, refusal.retryAfterMs, performance.now() - started, bound?.limit)
    if (refusedBy === "store" || refusedBy === "route") {
      this.ceilingReachedAt = this.now()
      const until = "new quotes are priced from kept answers or the table until the minute ends"
      const fix = "raise quote_store_limit_per_minute in the settings if your freight plan allows more"
      this.quota.seen(() => this.logger.warn(`frete: quota spent: ${error.message}; ${until}: ${fix}`))
    }
    throw error
  }

  answered(how: Answered): void {
    this.counters[how]++
  }

  stats() {
    const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())
    return {
      ...this.counters,
      last_refusal_at: iso(this.lastRefusalAt),
      ceiling_reached_at: iso(this.ceilingReachedAt),
      local_decisions: this.leases.localDecisions,
    }
  }
}
