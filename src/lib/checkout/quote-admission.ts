import { clientKey } from "../http/client-key"
import { silentLogger, type FreteLogger } from "../utils/logger"
import type { FreteSettings } from "../settings/schema"
import { storeShopper } from "./request-arrival"

/** The two bounds a new freight query of a store request is taken from, per minute. */
export interface QuoteLimits {
  perClient: number
  storeWide: number
}

/** The outcome of one take: refused by the client's bound or the store's ceiling, with the wait. */
export type QuoteTake = { taken: true } | { taken: false; refusedBy: "client" | "store"; retryAfterMs: number }

/** Takes one new query for `client` from both bounds at once (all of the store's instances counting together), or neither. */
export type TakeQuote = (client: string, limits: QuoteLimits) => Promise<QuoteTake>

/**
 * A new freight query a store request may not make now: not a failure of the freight API (the
 * circuit breaker never sees it, the quote cache does not remember it) and no reason for the
 * fallback table, but the shopper's "try again in a moment", with the wait.
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
 * The quota guard: one take per new freight query a store request causes, whatever route priced
 * it, from the client's bound and the store-wide ceiling of the settings. Work that is no store
 * request (the admin, a job) is not bounded. Logs once a minute at most: the ceiling reached
 * (every shopper is refused meanwhile: the merchant should know) and a take that failed (the
 * query then goes ahead: a database blip is no reason to refuse a sale; the circuit breaker still
 * guards the API).
 */
export class QuoteAdmission {
  private readonly warnedAt = { store: -Infinity, error: -Infinity }

  constructor(
    private readonly take: TakeQuote,
    private readonly logger: FreteLogger = silentLogger,
    private readonly now: () => number = Date.now
  ) {}

  /** Resolves when the query may be made; throws QuoteRefusedError when it may not. */
  async admit(settings: FreteSettings): Promise<void> {
    const shopper = storeShopper()
    if (!shopper) return
    const client = clientKey(shopper, settings.trusted_proxy_hops)
    const started = performance.now()
    let take: QuoteTake
    try {
      take = await this.take(client, { perClient: settings.quote_route_limit_per_minute, storeWide: settings.quote_store_limit_per_minute })
    } catch (error) {
      this.warn("error", `frete: the quota guard could not count a new freight query (${error instanceof Error ? error.message : String(error)}); it is made unbounded`)
      return
    } finally {
      shopper.guardMs += performance.now() - started
    }
    if (take.taken) return
    if (take.refusedBy === "store") {
      this.warn(
        "store",
        `frete: the store's ceiling of ${settings.quote_store_limit_per_minute} new freight queries per minute is reached; shoppers whose quote is not cached are asked to wait (raise quote_store_limit_per_minute if your plan allows)`
      )
    }
    throw new QuoteRefusedError(take.refusedBy, take.retryAfterMs)
  }

  private warn(what: "store" | "error", message: string): void {
    const now = this.now()
    if (now - this.warnedAt[what] < 60_000) return
    this.warnedAt[what] = now
    this.logger.warn(message)
  }
}
