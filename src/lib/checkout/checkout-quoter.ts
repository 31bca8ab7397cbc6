import { trace } from "@opentelemetry/api"
import { CircuitOpenError, type CallVerdict, type CircuitBreaker } from "../http/circuit-breaker"
import type { Deadline } from "../http/deadline"
import { CepNotFoundError, FreightQueryRejectedError } from "../freight/errors"
import {
  FreteServiceError,
  InvalidAnswerError,
  NetworkError,
  OwnWaitTimeoutError,
  ServerError,
  TimeoutError,
} from "../http/errors"
import { quoteDeadline, type FreightClient } from "../freight/client"
import type { FreightQuery } from "../freight/schemas"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { counted, describeFailure, OutageLog } from "../utils/outage-log"
import { traced } from "../utils/traced"
import { canonicalKey, hashKey, QuoteCache, type QuoteCacheOptions, type QuoteSource } from "../quote-cache/quote-cache"
import { LockWaitTimeout, type SharedQuoteTier } from "../quote-cache/shared-tier"
import type { FreteSettings } from "../settings/schema"
import { fallbackOffers, offersFromQuote } from "./offers"
import { QuoteRefusedError, type Asker, type QuoteAdmission } from "./quote-admission"
import { OriginWatch } from "./origin-watch"
import type { Asked, QuoteResult, Took } from "./quote-result"
import { SharedLoad } from "./shared-load"
import { ShopperError } from "./shopper-error"

export class FreightNotConfiguredError extends Error {
  constructor() {
    super(
      "The freight API is not configured: set freight.url and freight.token (or FRETE_FREIGHT_URL and FRETE_FREIGHT_TOKEN)"
    )
    this.name = "FreightNotConfiguredError"
  }
}

const OUTCOMES: Record<QuoteResult["source"], "api" | "kept" | "table" | null> = {
  upstream: "api",
  stale: "kept",
  fallback: "table",
  cache: null,
  shared: null,
}
// What each failure means, decided here alone (the first class it is an instance of): its kind in the figures, whether it says
// anything of the query (the cache remembers it for failureTtlMs), and the circuit breaker's verdict on a call that threw it.
const FAILURES: Array<[abstract new (...args: never[]) => Error, string, boolean, CallVerdict]> = [
  [OwnWaitTimeoutError, "timeout", false, "ignore"],
  [TimeoutError, "timeout", true, "failure"],
  [NetworkError, "network", true, "failure"],
  [ServerError, "server", true, "failure"],
  [InvalidAnswerError, "bad_answer", true, "failure"],
  [CircuitOpenError, "circuit_open", false, "failure"],
  [FreightQueryRejectedError, "rejected", true, "answered"],
  [FreteServiceError, "rejected", true, "failure"],
  [LockWaitTimeout, "other", false, "failure"],
  [QuoteRefusedError, "other", false, "failure"],
]
const OTHER_FAILURE: (typeof FAILURES)[number] = [Error, "other", true, "failure"]
const failureOf = (error: unknown) => {
  const [, kind, remembered, verdict] = FAILURES.find(([type]) => error instanceof type) ?? OTHER_FAILURE
  return { kind, remembered, verdict }
}
/** The shopper's typing, not the API's failure: a CEP the freight API does not know (erro_id 102). */
const unknownDestination = (error: unknown) => error instanceof CepNotFoundError && error.which === "destination"

export interface CheckoutQuoterDeps {
  /** Null: every price asks the API (the naive plugin, for measuring). */
  cache: QuoteCacheOptions | null
  /** The freight API's deadline of a quote (freight.timeoutMs), counted from `Asker.startedAt`. */
  timeoutMs: number
  freightClient: () => FreightClient | null
  breaker?: CircuitBreaker | null
  admission?: QuoteAdmission | null
  /** The answers the store's instances share, with the cache only. */
  sharedTier?: (() => SharedQuoteTier | null) | null
  /** What the quoter did, counted for the admin's Frete page (the module's FreightStats). */
  figures?: { add(metric: string, key: string, total?: number): void; answerTime(ms: number): void } | null
  logger?: FreteLogger
  now?: () => Date
}

// Checkout's failure policy: a fresh cached quote; else one upstream call shared by all who ask the query; on failure (or a
// refusal of the quota guard) the last answer; else the fallback table; else freight_unavailable. Never a price of 0 for a failure.
export class CheckoutQuoter {
  private readonly logger: FreteLogger
  private readonly now: () => Date
  private readonly origins = new OriginWatch()
  private account = "none"
  private readonly cache: QuoteCache<Asked> | null
  private readonly shared: SharedLoad | null
  /** Logged once each, when they start and when the API answers again: never a line per shopper (see OutageLog). */
  private readonly outages = {
    table: new OutageLog(() => this.now().getTime()),
    unpriced: new OutageLog(() => this.now().getTime()),
    quota: new OutageLog(() => this.now().getTime()),
  }
  private quotaRefusedAt = -Infinity

  constructor(private readonly deps: CheckoutQuoterDeps) {
    this.logger = deps.logger ?? silentLogger
    this.now = deps.now ?? (() => new Date())
    const { cache, sharedTier } = deps
    this.cache = cache && new QuoteCache<Asked>({ ...cache, remembers: (error) => failureOf(error).remembered })
    this.shared = cache && sharedTier ? new SharedLoad(sharedTier, cache.successTtlMs, this.logger) : null
  }

  /** For the breaker: a refused query (erro_id 1xx) is an answer, not a success; the plugin's own wait says nothing of the service while it answers others. */
  static verdictOn(error: unknown): CallVerdict {
    return failureOf(error).verdict
  }

  readonly cacheStats = () => this.cache?.stats() ?? null
  readonly sharedStats = () => this.shared?.stats() ?? null
  readonly originProblem = () => this.origins.current()
  readonly guardStats = () => this.deps.admission?.stats() ?? null

  /** Asks the quota guard's shared count ahead, as a request that may price arrives (`QuotaLeases.warm`). */
  warmGuard(settings: FreteSettings, asker: Asker): void {
    this.deps.admission?.warm(settings, asker)
  }
  readonly circuitStats = () => this.deps.breaker?.stats() ?? null

  /** The account (a fingerprint of URL and token) whose answers are kept; a new one forgets the old one's prices. */
  useAccount(fingerprint: string): void {
    if (fingerprint !== this.account) {
      this.account = fingerprint
      this.cache?.clear()
    }
  }

  keyOf(query: FreightQuery): string {
    return hashKey(`${this.account}|${canonicalKey(query)}`)
  }

  /** One span per price (see `traced`); each price not from the cache counted by outcome. `key`: the query's, if already known. */
  offers(query: FreightQuery, settings: FreteSettings, asker: Asker = {}, key = this.keyOf(query)) {
    // A cart's checkout, an order's (its flows, a draft, the admin's "Consultar a API agora"), or the quote route.
    const channel = asker.cart ? "checkout" : asker.local ? "order" : "page"
    return traced("frete.freight.quote", { "frete.channel": channel }, async (span) => {
      const count = (outcome: string) => {
        span.setAttribute("frete.outcome", outcome)
        this.deps.figures?.add("quote", `${channel}:${outcome}`)
      }
      try {
        const priced = await this.price(query, key, settings, asker)
        span.setAttributes({ "frete.cache.tier": priced.source, "frete.fallback": priced.source === "fallback" })
        const outcome = OUTCOMES[priced.source]
        if (outcome) count(outcome)
        return priced
      } catch (error) {
        count(
          error instanceof ShopperError && (error.code === "too_many_quotes" || error.code === "cep_not_served")
            ? "refused"
            : "failed"
        )
        throw error
      }
    })
  }

  private async price(query: FreightQuery, key: string, settings: FreteSettings, asker: Asker): Promise<QuoteResult> {
    let reason: string
    let took: Took = { upstreamMs: 0, guardMs: 0 }
    try {
      const load = () => {
        // One deadline per new query: the wait for another instance's call and this one's own end by it.
        const deadline = quoteDeadline(this.deps.timeoutMs, asker.startedAt)
        const ask = () => this.upstream(query, deadline, settings, asker)
        if (this.shared) return this.shared.load(key, deadline, ask, asker.locking)
        return ask().then((value) => ({ value, source: "upstream" as const }))
      }
      const { value, source, error }: { value: Asked; source: QuoteSource; error?: unknown } = this.cache
        ? await this.cache.get(key, load)
        : await load()
      this.origins.answered(query.originCep)
      if (source === "upstream") {
        this.apiAnswered()
        took = value.took
      }
      if (error instanceof QuoteRefusedError) took = this.refused(error, "answered_from_kept")
      const offers = offersFromQuote(value.quote, settings, this.now())
      if (offers.length) return { ...took, offers, source }
      reason = "the freight API offered no enabled service"
    } catch (error) {
      if (unknownDestination(error)) throw new ShopperError("cep_not_served")
      if (error instanceof QuoteRefusedError) return this.answerRefusal(query, settings, error)
      if (error instanceof CepNotFoundError && this.origins.report(query.originCep, this.now())) {
        // The merchant's own CEP, yet only its region: a log holds no CEP whole (an MEI's origin is a home), and the
        // admin's settings page shows it whole.
        const origin = `${query.originCep.slice(0, 3)}**-***`
        const fix = "correct the stock location's postal code or the settings' origin_cep (shown on the settings page)"
        this.logger.error(`frete: the freight API does not know the origin CEP ${origin} (erro_id 101): ${fix}`)
      }
      reason = error instanceof FreightNotConfiguredError ? error.message : describeFailure(error)
    }
    const fallback = fallbackOffers(query, settings, this.now())
    if (fallback.length) {
      const started = `frete: fallback pricing started: quotes priced by the table (${reason})`
      this.outages.table.seen(() => this.logger.warn(started))
      return { ...took, offers: fallback, source: "fallback" }
    }
    this.outages.unpriced.seen(() =>
      this.logger.error(`frete: quotes cannot be priced (${reason}) and the fallback table has no price for them`)
    )
    throw new ShopperError("freight_unavailable", reason)
  }

  private apiAnswered(): void {
    this.outages.table.end((count, lasted) => {
      this.logger.info(`frete: fallback pricing ended: ${counted(count, "quote")} priced by the table during ${lasted}`)
    })
    this.outages.unpriced.end((count, lasted) => {
      this.logger.info(`frete: pricing is back: ${counted(count, "quote")} could not be priced during ${lasted}`)
    })
  }

  // The store's ceiling, or the quote route's share of it, reached: the quota spent, logged as an outage is.
  private quotaRefused(refusal: unknown): never {
    if (refusal instanceof QuoteRefusedError && (refusal.refusedBy === "store" || refusal.refusedBy === "route")) {
      this.quotaRefusedAt = this.now().getTime()
      const started =
        `frete: quota spent: ${refusal.message}; new quotes are priced from kept answers or the table until the ` +
        "minute ends: raise quote_store_limit_per_minute in the settings if your freight plan allows more"
      this.outages.quota.seen(() => this.logger.warn(started))
    }
    throw refusal
  }

  private quotaAdmitted(): void {
    // A minute without a refusal: the ceiling is per minute, and a flood would end and start it at each minute's turn.
    if (this.now().getTime() - this.quotaRefusedAt < 60_000) return
    this.outages.quota.end((count, lasted) => {
      const priced = `${counted(count, "quote")} priced without the API during ${lasted}`
      this.logger.info(`frete: quota has room again: ${priced}`)
    })
  }

  /** The guard refused the call this price waited for: what the price took, counted by how it is answered. */
  private refused(refusal: QuoteRefusedError, how: Parameters<QuoteAdmission["answered"]>[0]): Took {
    trace.getActiveSpan()?.setAttribute("frete.guard", "refused")
    this.deps.admission?.answered(how)
    return { upstreamMs: 0, guardMs: refusal.guardMs, guard: "refused" }
  }

  private answerRefusal(query: FreightQuery, settings: FreteSettings, refusal: QuoteRefusedError): QuoteResult {
    const fallback = fallbackOffers(query, settings, this.now())
    if (fallback.length)
      return { ...this.refused(refusal, "answered_from_table"), offers: fallback, source: "fallback" }
    this.refused(refusal, "refused_without_table")
    // Said to each caller: one who joined another's refused load gets the wait too.
    throw new ShopperError("too_many_quotes", refusal.message, refusal.retryAfterSeconds)
  }

  /** The one place a new query goes to the freight API: the quota guard (unless the open circuit refuses anyway), then the breaker. */
  private async upstream(query: FreightQuery, deadline: Deadline, settings: FreteSettings, asker: Asker) {
    const client = this.deps.freightClient()
    if (!client) throw new FreightNotConfiguredError()
    const { breaker, admission } = this.deps
    const span = trace.getActiveSpan()
    let guard: Omit<Took, "upstreamMs"> = { guardMs: 0 }
    if (admission && (breaker?.wouldAllow() ?? true)) {
      const guardMs = await admission.admit(settings, asker).catch((refusal: unknown) => this.quotaRefused(refusal))
      this.quotaAdmitted()
      span?.setAttribute("frete.guard", "admitted")
      guard = { guardMs, guard: "admitted" }
    }
    const ask = () =>
      client.quote(query, { deadline, onAttempt: (attempt) => span?.setAttribute("frete.attempt", attempt) })
    const asked = performance.now()
    try {
      const quote = breaker ? await breaker.run(ask, CheckoutQuoter.verdictOn) : await ask()
      // A failure, so the last real answer is kept and served.
      if (!quote.quotations.length)
        throw new InvalidAnswerError("The freight API answered no quotation", { service: "freight" })
      const upstreamMs = performance.now() - asked
      this.deps.figures?.answerTime(upstreamMs)
      span?.setAttributes({ "http.response.status_code": 200, "frete.upstream_ms": Math.round(upstreamMs) })
      return { quote, took: { upstreamMs, ...guard } }
    } catch (error) {
      // The shopper's typing is counted as the quote's outcome ("refused").
      if (!unknownDestination(error)) this.deps.figures?.add("api_error", failureOf(error).kind)
      if (error instanceof FreteServiceError && error.status)
        span?.setAttribute("http.response.status_code", error.status)
      throw error
    }
  }
}
