import type { ILockingModule } from "@medusajs/framework/types"
import { LRUCache } from "lru-cache"
import { hashKey } from "../quote-cache/quote-cache"
import type { FreteLogger } from "../utils/logger"
import type { FreteSettings } from "../settings/schema"
import { QuotaLeases, WINDOW_MS, type GrantBudget } from "./quota-leases"

/** The store-wide ceiling's key: no client's hash (32 hex digits) can be it. */
const STORE = "store"

/** Who asks for a quote; the quoter writes back `guardMs` (time in the quota guard) and, on a refusal, `retryAfterSeconds`. */
export interface Asker {
  client?: string // none (the admin, a job): unbounded
  local?: boolean // the client's bound counted by this instance alone (a cart: no shared count to ask for each new one)
  startedAt?: number // when the freight deadline starts (epoch ms)
  locking?: ILockingModule // one call per query across the store's instances
  guardMs?: number
  retryAfterSeconds?: number
}

export type GuardStats = ReturnType<QuoteAdmission["stats"]>

/** Not a failure of the freight API (the circuit breaker never sees it, the cache does not remember it): answered as an outage is. */
export class QuoteRefusedError extends Error {
  constructor(readonly refusedBy: "client" | "store", readonly retryAfterMs: number) {
    super(refusedBy === "client" ? "The client's bound of new freight queries per minute is reached" : "The store's ceiling of new freight queries per minute is reached")
    this.name = "QuoteRefusedError"
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000))
  }
}

/** One unit per new freight query from the client's bound and the store's ceiling; work with no client (admin, jobs) is not bounded. */
export class QuoteAdmission {
  private readonly leases: QuotaLeases
  private readonly warnedAt = { store: -Infinity, ledger: -Infinity }
  private readonly counters = { admitted: 0, refused_by_client: 0, refused_by_store: 0, answered_from_kept: 0, answered_from_table: 0, refused_without_table: 0 }
  private lastRefusalAt: number | null = null
  private ceilingReachedAt: number | null = null
  // The takes of clients counted by this instance alone, per minute.
  private readonly localCounts = new LRUCache<string, number>({ max: 50_000, ttl: 2 * WINDOW_MS })

  constructor(
    grant: GrantBudget,
    private readonly logger: FreteLogger,
    private readonly now: () => number = Date.now
  ) {
    this.leases = new QuotaLeases(grant, now, (error) =>
      this.warn("ledger", `frete: the quota guard's shared count did not answer (${error instanceof Error ? error.message : String(error)}); each instance bounds new freight queries by itself meanwhile`)
    )
  }

  async admit(settings: FreteSettings, asker: Asker): Promise<void> {
    if (!asker.client) return
    const started = performance.now()
    try {
      const client = hashKey(`frete:quote-client:${asker.client}`).slice(0, 32)
      const limit = settings.quote_route_limit_per_minute
      const window = Math.floor(this.now() / WINDOW_MS)
      const localKey = `${client}@${window}`
      const localUsed = asker.local ? (this.localCounts.get(localKey) ?? 0) : 0
      const store = { key: STORE, limit: settings.quote_store_limit_per_minute }
      let refusal: { index: number; retryAfterMs: number } | null
      if (localUsed >= limit) refusal = { index: 0, retryAfterMs: (window + 1) * WINDOW_MS - this.now() }
      else if (asker.local) refusal = await this.leases.take([store]).then((refused) => refused && { ...refused, index: 1 })
      else refusal = await this.leases.take([{ key: client, limit }, store])
      if (refusal === null) {
        if (asker.local) this.localCounts.set(localKey, localUsed + 1)
        this.counters.admitted++
        return
      }
      this.lastRefusalAt = this.now()
      const refusedBy = refusal.index === 0 ? "client" : "store"
      this.counters[`refused_by_${refusedBy}`]++
      if (refusedBy === "store") {
        this.ceilingReachedAt = this.now()
        this.warn("store", `frete: the store's ceiling of ${store.limit} new freight queries per minute is reached; until the minute ends new quotes are answered from earlier answers or the fallback table (or refused where the store has none): raise quote_store_limit_per_minute in the settings if your freight plan allows more`)
      }
      throw new QuoteRefusedError(refusedBy, refusal.retryAfterMs)
    } finally {
      asker.guardMs = (asker.guardMs ?? 0) + performance.now() - started
    }
  }

  answered(how: "answered_from_kept" | "answered_from_table" | "refused_without_table"): void {
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

  private warn(what: "store" | "ledger", message: string): void {
    const now = this.now()
    if (now - this.warnedAt[what] < 60_000) return
    this.warnedAt[what] = now
    this.logger.warn(message)
  }
}
