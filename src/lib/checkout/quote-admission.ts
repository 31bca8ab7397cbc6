import { hashKey } from "../quote-cache/quote-cache"
import { silentLogger, type FreteLogger } from "../utils/logger"
import type { FreteSettings } from "../settings/schema"
import { LRUCache } from "lru-cache"
import { QuotaLeases, WINDOW_MS, type GrantBudget } from "./quota-leases"
import type { Asker } from "./checkout-quoter"

/** The store-wide ceiling's budget: a key no client's hash can be (those are 32 hex digits). */
const STORE = "store"

/** What a query the guard refused was answered with: an earlier answer, the fallback table, or the shopper's error. */
export type RefusalAnswer = "kept" | "table" | "refused"

/** The guard's figures in this process since it started, as the admin API sends them. */
export interface GuardStats {
  /** New queries the guard let through to the freight API. */
  admitted: number
  /** New queries past a client's bound. */
  refused_by_client: number
  /** New queries past the store's ceiling. */
  refused_by_store: number
  /** Refused queries answered from an earlier answer to the same query. */
  answered_from_kept: number
  /** Refused queries answered from the fallback table. */
  answered_from_table: number
  /** Refused queries the shopper was asked to retry (the store has no fallback table). */
  refused_without_table: number
  /** When a query was last refused, and when the store's ceiling was last reached (ISO 8601), or null. */
  last_refusal_at: string | null
  ceiling_reached_at: string | null
  /** Takes decided by this instance alone because the shared count did not answer in time. */
  local_decisions: number
}

/**
 * A new freight query a store request may not make now: not a failure of the freight API (the
 * circuit breaker never sees it, the quote cache does not remember it). It is answered as an
 * outage is (a kept answer, else the fallback table); only a store with no table gives the shopper
 * "try again in a moment", with the wait.
 */
export class QuoteRefusedError extends Error {
  constructor(
    readonly refusedBy: "client" | "store",
    readonly retryAfterMs: number
  ) {
    super(refusedBy === "client" ? "The client's bound of new freight queries per minute is reached" : "The store's ceiling of new freight queries per minute is reached")
    this.name = "QuoteRefusedError"
  }

  /** Whole seconds, at least 1, as `Retry-After` says them. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000))
  }
}

/**
 * The quota guard: one unit per new freight query a shopper causes, from the client's bound (a
 * cart on Medusa's routes, a client address on the quote route) and the store-wide ceiling of the
 * settings (per minute, all of the store's instances together; see quota-leases.ts). Work with no
 * client (the admin, a job) is not bounded. The client is kept only as a hash.
 */
export class QuoteAdmission {
  private readonly leases: QuotaLeases
  private readonly warnedAt = { store: -Infinity, ledger: -Infinity }
  private readonly counters = { admitted: 0, client: 0, store: 0, kept: 0, table: 0, refused: 0 }
  private lastRefusalAt: number | null = null
  /** The takes of clients counted by this instance alone, per minute (a bounded number of them). */
  private readonly localCounts = new LRUCache<string, number>({ max: 50_000, ttl: 2 * WINDOW_MS })
  private ceilingReachedAt: number | null = null

  constructor(
    grant: GrantBudget,
    private readonly logger: FreteLogger = silentLogger,
    private readonly now: () => number = Date.now
  ) {
    this.leases = new QuotaLeases(grant, now, (error) =>
      this.warn(
        "ledger",
        `frete: the quota guard's shared count did not answer (${error instanceof Error ? error.message : String(error)}); each instance bounds new freight queries by itself meanwhile`
      )
    )
  }

  /** Resolves when the query may be made; throws QuoteRefusedError when it may not. */
  async admit(settings: FreteSettings, asker: Asker): Promise<void> {
    if (!asker.client) return
    const started = performance.now()
    try {
      const client = hashKey(`frete:quote-client:${asker.client}`).slice(0, 32)
      const limit = settings.quote_route_limit_per_minute
      const window = Math.floor(this.now() / WINDOW_MS)
      const localKey = `${client}@${window}`
      const localUsed = asker.local ? (this.localCounts.get(localKey) ?? 0) : 0
      const refusal =
        localUsed >= limit
          ? { index: 0, retryAfterMs: (window + 1) * WINDOW_MS - this.now() }
          : asker.local
            ? await this.leases.take([{ key: STORE, limit: settings.quote_store_limit_per_minute }]).then((refused) => refused && { ...refused, index: 1 })
            : await this.leases.take([
                { key: client, limit },
                { key: STORE, limit: settings.quote_store_limit_per_minute },
              ])
      if (refusal === null && asker.local) this.localCounts.set(localKey, localUsed + 1)
      if (refusal === null) {
        this.counters.admitted++
        return
      }
      this.lastRefusalAt = this.now()
      const refusedBy = refusal.index === 0 ? "client" : "store"
      this.counters[refusedBy]++
      if (refusedBy === "store") {
        this.ceilingReachedAt = this.now()
        this.warn(
          "store",
          `frete: the store's ceiling of ${settings.quote_store_limit_per_minute} new freight queries per minute is reached; until the minute ends new quotes are answered from earlier answers or the fallback table (or refused where the store has none): raise quote_store_limit_per_minute in the settings if your freight plan allows more`
        )
      }
      throw new QuoteRefusedError(refusedBy, refusal.retryAfterMs)
    } finally {
      asker.guardMs = (asker.guardMs ?? 0) + performance.now() - started
    }
  }

  /** Records how a refused query was answered (the quoter knows, the guard does not). */
  answered(how: RefusalAnswer): void {
    this.counters[how]++
  }

  stats(): GuardStats {
    const { admitted, client, store, kept, table, refused } = this.counters
    const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())
    return {
      admitted,
      refused_by_client: client,
      refused_by_store: store,
      answered_from_kept: kept,
      answered_from_table: table,
      refused_without_table: refused,
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
