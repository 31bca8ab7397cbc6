import { CircuitOpenError, type CallVerdict, type CircuitBreaker, type CircuitStats } from "../http/circuit-breaker"
import { CepNotFoundError, FreightQueryRejectedError } from "../freight/errors"
import { OwnWaitTimeoutError } from "../http/errors"
import type { FreightClient } from "../freight/client"
import type { FreightQuery, FreightQuote } from "../freight/schemas"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { canonicalKey, hashKey, QuoteCache, Received, type QuoteCacheStats, type QuoteSource } from "../quote-cache/quote-cache"
import type { FreteSettings } from "../settings/schema"
import { fallbackOffers, offersFromQuote, type Offer } from "./offers"
import { OriginWatch, type OriginProblem } from "./origin-watch"
import { QuoteRefusedError, type GuardStats, type QuoteAdmission } from "./quote-admission"
import { SharedLoad, type SharedTierConfig, type SharedTierStats } from "./shared-load"
import { ShopperError } from "./shopper-error"

export class FreightNotConfiguredError extends Error {
  constructor() {
    super("The freight API is not configured: set freight.url and freight.token (or FRETE_FREIGHT_URL and FRETE_FREIGHT_TOKEN)")
    this.name = "FreightNotConfiguredError"
  }
}

/** An answer without a single quotation: a failure, so the last real answer is kept and served. */
export class NoQuotationError extends Error {
  constructor() {
    super("The freight API answered no quotation")
    this.name = "NoQuotationError"
  }
}

export interface QuoteOutcome {
  offers: Offer[]
  /** Where the prices come from: a cached or fresh answer, an older answer, or the fallback table. */
  source: QuoteSource | "fallback"
  /** Milliseconds of the freight API's call this answer waited for (0 when none was made for it). */
  upstreamMs: number
}

/**
 * Who asks for a quote, as the caller knows it (no request state is read behind its back): the
 * quota guard's client and when its deadline started. The quoter writes
 * back the time spent in the guard and, on a refusal, the wait to say.
 */
export interface Asker {
  /** The guard's client: a cart on Medusa's routes, a client address on the quote route; none (the admin, a job): unbounded. */
  client?: string
  /** When the freight deadline starts (epoch ms); now by default. */
  startedAt?: number
  guardMs?: number
  retryAfterSeconds?: number
}

export interface CheckoutQuoterDeps {
  /** Null: no cache at all, every price asks the API (the naive plugin, for measuring). */
  cache: QuoteCache<FreightQuote> | null
  /** The freight client of the moment, or null when the API is not configured. */
  freightClient: () => FreightClient | null
  /** Stops calling the API for a while after repeated failures; null: always call. */
  breaker?: CircuitBreaker | null
  /** The quota guard, asked right before each call a store request causes; null: none (a test, the naive plugin). */
  admission?: QuoteAdmission | null
  /**
   * The tier shared by the store's instances (see quote-cache/shared-tier.ts), when the store has Medusa's
   * Caching Module; `tier` is asked at each load, null meaning none. Without it, as without the
   * cache, each process asks for itself.
   */
  shared?: SharedTierConfig | null
  logger?: FreteLogger
  now?: () => Date
}

/**
 * The failure policy of checkout: a fresh cached quote; else one upstream call shared by all
 * who ask the same query; on failure (or a new query the quota guard refused) the last answer to
 * that query; else the fallback table; else an error that says the freight cannot be priced. A
 * destination CEP the service does not know is the shopper's to fix, and gets no fallback price.
 * Never a price of 0 for a failure.
 */
export class CheckoutQuoter {
  private readonly logger: FreteLogger
  private readonly now: () => Date
  private readonly origins = new OriginWatch()
  private account = "none"
  private readonly shared: SharedLoad | null
  /** How long the call that gave each fresh answer took, for the callers that waited for it. */
  private readonly upstreamTimes = new WeakMap<FreightQuote, number>()

  constructor(private readonly deps: CheckoutQuoterDeps) {
    this.logger = deps.logger ?? silentLogger
    this.now = deps.now ?? (() => new Date())
    this.shared = deps.shared ? new SharedLoad(deps.shared, this.logger) : null
  }

  /**
   * Whether a failure says something of its query, so the cache may remember it for that key. A
   * call the open circuit refused says nothing: the key is asked again as soon as it closes.
   */
  static remembersFailure(error: unknown): boolean {
    // Nor a query the quota guard refused, nor one whose time went in the plugin's own wait:
    // neither says anything of the freight API's answer to it.
    return !(error instanceof CircuitOpenError) && !(error instanceof QuoteRefusedError) && !(error instanceof OwnWaitTimeoutError)
  }

  /**
   * For the circuit breaker: a refused query (a CEP the service does not know, erro_id 1xx) is
   * an answer, so the service is up; a deadline spent on the plugin's own wait (queued for one of
   * its sockets, a late start, no time left to call) says nothing of the service; every other
   * error (network, timeout, 5xx, 429, an unreadable answer, a refused token) is the service failing.
   */
  static verdictOn(error: unknown): CallVerdict {
    if (error instanceof FreightQueryRejectedError) return "success"
    return error instanceof OwnWaitTimeoutError ? "ignore" : "failure"
  }

  /** The cache's figures, or null when there is no cache. */
  cacheStats(): QuoteCacheStats | null {
    return this.deps.cache?.stats() ?? null
  }

  /** The shared tier's figures, or null when the store has none. */
  sharedStats(): SharedTierStats | null {
    return this.shared?.stats() ?? null
  }

  /** An origin CEP the freight API refused (erro_id 101) and has not answered for since, or null. */
  originProblem(): OriginProblem | null {
    return this.origins.current()
  }

  /** The quota guard's figures, or null when there is no guard. */
  guardStats(): GuardStats | null {
    return this.deps.admission?.stats() ?? null
  }

  /** The circuit's state and figures, or null when there is no circuit breaker. */
  circuitStats(): CircuitStats | null {
    return this.deps.breaker?.stats() ?? null
  }

  /**
   * The account (a fingerprint of the URL and token in force, never the token) whose answers are
   * kept; a new one forgets every answer of the old, so it is never served the old one's prices.
   */
  useAccount(fingerprint: string): void {
    if (fingerprint !== this.account) {
      this.account = fingerprint
      this.deps.cache?.clear()
    }
  }

  keyOf(query: FreightQuery): string {
    return hashKey(`${this.account}|${canonicalKey(query)}`)
  }

  async offers(query: FreightQuery, settings: FreteSettings, asker: Asker = {}): Promise<QuoteOutcome> {
    const startedAt = asker.startedAt ?? Date.now()
    let reason: string
    try {
      const cache = this.deps.cache
      const key = this.keyOf(query)
      const result = cache
        ? await cache.get(key, () => this.load(query, key, startedAt, settings, asker))
        : { value: unwrap(await this.load(query, key, startedAt, settings, asker)), source: "upstream" as const, error: undefined }
      // An answer for this origin, fresh or kept: the service knows it.
      this.origins.answered(query.originCep)
      if (result.error instanceof QuoteRefusedError) this.deps.admission?.answered("kept")
      const offers = offersFromQuote(result.value, settings, this.now())
      if (offers.length) {
        return { offers, source: result.source, upstreamMs: result.source === "upstream" ? (this.upstreamTimes.get(result.value) ?? 0) : 0 }
      }
      reason = "the freight API offered no enabled service"
    } catch (error) {
      if (error instanceof CepNotFoundError && error.which === "destination") {
        throw new ShopperError("cep_not_served")
      }
      if (error instanceof QuoteRefusedError) {
        return this.answerRefusal(query, settings, error, asker)
      }
      if (error instanceof CepNotFoundError && this.origins.report(query.originCep, this.now())) {
        // The store's configuration is wrong, not the shopper's CEP: said once, loudly, and shown in the admin.
        this.logger.error(
          `frete: the freight API does not know the origin CEP ${query.originCep} (erro_id 101): correct the stock location's postal code or the settings' origin_cep; until then checkout uses the fallback table, if any`
        )
      }
      reason = error instanceof Error ? error.message : String(error)
    }
    const fallback = fallbackOffers(query, settings, this.now())
    if (fallback.length) {
      this.logger.warn(`frete: using the fallback table for ${query.originCep} -> ${query.destinationCep}: ${reason}`)
      return { offers: fallback, source: "fallback", upstreamMs: 0 }
    }
    this.logger.error(`frete: freight cannot be priced for ${query.originCep} -> ${query.destinationCep} and no fallback applies: ${reason}`)
    throw new ShopperError("freight_unavailable", reason)
  }

  /**
   * A new query the quota guard refused, answered as an outage is (the kept answer was tried
   * already, by the cache): the fallback table, marked as such; only with no table, the shopper's
   * "try again in a moment". The freight API is not asked either way.
   */
  private answerRefusal(query: FreightQuery, settings: FreteSettings, refusal: QuoteRefusedError, asker: Asker): QuoteOutcome {
    const fallback = fallbackOffers(query, settings, this.now())
    if (fallback.length) {
      this.deps.admission?.answered("table")
      return { offers: fallback, source: "fallback", upstreamMs: 0 }
    }
    this.deps.admission?.answered("refused")
    // Said to this caller: one who joined another's refused load gets the wait too.
    asker.retryAfterSeconds = refusal.retryAfterSeconds
    throw new ShopperError("too_many_quotes", refusal.message)
  }

  /** One answer for the query: through the tier the store's instances share, when there is one. */
  private load(query: FreightQuery, key: string, startedAt: number, settings: FreteSettings, asker: Asker): Promise<FreightQuote | Received<FreightQuote>> {
    const ask = () => this.upstream(query, startedAt, settings, asker)
    return this.shared ? this.shared.load(key, ask) : ask()
  }

  /**
   * The one place a new query goes to the freight API: first the quota guard, when a store request
   * causes it and the circuit would let it through (a call the open circuit refuses costs nothing),
   * then the call, through the circuit breaker.
   */
  private async upstream(query: FreightQuery, startedAt: number, settings: FreteSettings, asker: Asker): Promise<FreightQuote> {
    const client = this.deps.freightClient()
    if (!client) {
      throw new FreightNotConfiguredError()
    }
    const breaker = this.deps.breaker
    if (this.deps.admission && (breaker?.wouldAllow() ?? true)) {
      await this.deps.admission.admit(settings, asker)
    }
    const ask = () => client.quote(query, { startedAt })
    const asked = performance.now()
    const quote = breaker ? await breaker.run(ask, CheckoutQuoter.verdictOn) : await ask()
    if (!quote.quotations.length) {
      throw new NoQuotationError()
    }
    this.upstreamTimes.set(quote, performance.now() - asked)
    return quote
  }
}

function unwrap(loaded: FreightQuote | Received<FreightQuote>): FreightQuote {
  return loaded instanceof Received ? loaded.value : loaded
}
