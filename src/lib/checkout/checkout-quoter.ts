import { CircuitOpenError, type CallVerdict, type CircuitBreaker, type CircuitStats } from "../circuit-breaker"
import { CepNotFoundError, FreightQueryRejectedError } from "../errors"
import type { FreightClient } from "../freight/client"
import type { FreightQuery, FreightQuote } from "../freight/schemas"
import { silentLogger, type FreteLogger } from "../logger"
import { canonicalKey, hashKey, QuoteCache, type QuoteCacheStats, type QuoteSource } from "../quote-cache"
import type { FreteSettings } from "../settings/schema"
import { fallbackOffers, offersFromQuote, type Offer } from "./offers"
import { OriginWatch, type OriginProblem } from "./origin-watch"
import { requestArrival } from "./request-arrival"
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
}

export interface CheckoutQuoterDeps {
  /** Null: no cache at all, every price asks the API (the naive plugin, for measuring). */
  cache: QuoteCache<FreightQuote> | null
  /** The freight client of the moment, or null when the API is not configured. */
  freightClient: () => FreightClient | null
  /** Stops calling the API for a while after repeated failures; null: always call. */
  breaker?: CircuitBreaker | null
  logger?: FreteLogger
  now?: () => Date
}

/**
 * The failure policy of checkout: a fresh cached quote; else one upstream call shared by all
 * who ask the same query; on failure the last answer to that query; else the fallback table;
 * else an error that says the freight cannot be priced. A destination CEP the service does not
 * know is the shopper's to fix, and gets no fallback price. Never a price of 0 for a failure.
 */
export class CheckoutQuoter {
  private readonly logger: FreteLogger
  private readonly now: () => Date
  private readonly origins = new OriginWatch()
  private account = "none"

  constructor(private readonly deps: CheckoutQuoterDeps) {
    this.logger = deps.logger ?? silentLogger
    this.now = deps.now ?? (() => new Date())
  }

  /**
   * Whether a failure says something of its query, so the cache may remember it for that key. A
   * call the open circuit refused says nothing: the key is asked again as soon as it closes.
   */
  static remembersFailure(error: unknown): boolean {
    return !(error instanceof CircuitOpenError)
  }

  /**
   * For the circuit breaker: a refused query (a CEP the service does not know, erro_id 1xx) is
   * an answer, so the service is up; every other error (network, timeout, 5xx, 429, an unreadable
   * answer, a refused token) is the service failing.
   */
  static verdictOn(error: unknown): CallVerdict {
    return error instanceof FreightQueryRejectedError ? "success" : "failure"
  }

  /** The cache's figures, or null when there is no cache. */
  cacheStats(): QuoteCacheStats | null {
    return this.deps.cache?.stats() ?? null
  }

  /** An origin CEP the freight API refused (erro_id 101) and has not answered for since, or null. */
  originProblem(): OriginProblem | null {
    return this.origins.current()
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

  /** Whether pricing this query now would call the freight API. */
  wouldCallUpstream(query: FreightQuery): boolean {
    return (this.deps.cache?.wouldLoad(this.keyOf(query)) ?? true) && (this.deps.breaker?.wouldAllow() ?? true)
  }

  async offers(query: FreightQuery, settings: FreteSettings): Promise<QuoteOutcome> {
    // The freight deadline runs from the arrival of the request that asks (see request-arrival.ts).
    const startedAt = requestArrival() ?? Date.now()
    let reason: string
    try {
      const cache = this.deps.cache
      const result = cache
        ? await cache.get(this.keyOf(query), () => this.load(query, startedAt))
        : { value: await this.load(query, startedAt), source: "upstream" as const }
      // An answer for this origin, fresh or kept: the service knows it.
      this.origins.answered(query.originCep)
      const offers = offersFromQuote(result.value, settings, this.now())
      if (offers.length) {
        return { offers, source: result.source }
      }
      reason = "the freight API offered no enabled service"
    } catch (error) {
      if (error instanceof CepNotFoundError && error.which === "destination") {
        throw new ShopperError("cep_not_served")
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
      return { offers: fallback, source: "fallback" }
    }
    this.logger.error(`frete: freight cannot be priced for ${query.originCep} -> ${query.destinationCep} and no fallback applies: ${reason}`)
    throw new ShopperError("freight_unavailable", reason)
  }

  private async load(query: FreightQuery, startedAt: number): Promise<FreightQuote> {
    const client = this.deps.freightClient()
    if (!client) {
      throw new FreightNotConfiguredError()
    }
    const breaker = this.deps.breaker
    const ask = () => client.quote(query, { startedAt })
    const quote = breaker ? await breaker.run(ask, CheckoutQuoter.verdictOn) : await ask()
    if (!quote.quotations.length) {
      throw new NoQuotationError()
    }
    return quote
  }
}
