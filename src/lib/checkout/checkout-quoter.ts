import { trace } from "@opentelemetry/api"
import { CircuitOpenError, type CallVerdict, type CircuitBreaker } from "../http/circuit-breaker"
import { CepNotFoundError, FreightQueryRejectedError } from "../freight/errors"
import {
  FreteServiceError,
  InvalidAnswerError,
  NetworkError,
  OwnWaitTimeoutError,
  ServerError,
  TimeoutError,
} from "../http/errors"
import type { FreightClient } from "../freight/client"
import type { FreightQuery, FreightQuote } from "../freight/schemas"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { counted, describeFailure, OutageLog } from "../utils/outage-log"
import { traced } from "../utils/traced"
import { canonicalKey, hashKey, QuoteCache, Received, type QuoteSource } from "../quote-cache/quote-cache"
import { LockWaitTimeout } from "../quote-cache/shared-tier"
import type { FreteSettings } from "../settings/schema"
import { formatCep } from "../brazil/cep"
import { fallbackOffers, offersFromQuote, type Offer } from "./offers"
import { QuoteRefusedError, type Asker, type QuoteAdmission } from "./quote-admission"
import { SharedLoad, type SharedTierConfig } from "./shared-load"
import { ShopperError } from "./shopper-error"

export class FreightNotConfiguredError extends Error {
  constructor() {
    super(
      "The freight API is not configured: set freight.url and freight.token (or FRETE_FREIGHT_URL and FRETE_FREIGHT_TOKEN)"
    )
    this.name = "FreightNotConfiguredError"
  }
}

/** The origin CEPs the freight API refused (erro_id 101): logged once, shown in the admin until any answer comes. */
export class OriginWatch {
  private last: { cep: string; seen_at: string } | null = null
  private readonly logged = new Set<string>()

  /** True the first time since that origin last answered, for the caller to log it once. */
  report(cep: string, now: Date): boolean {
    this.last = { cep, seen_at: now.toISOString() }
    if (this.logged.has(cep)) return false
    this.logged.add(cep)
    return true
  }

  answered(cep: string): void {
    this.last = null
    this.logged.delete(cep)
  }

  current(): { cep: string; message: string; seen_at: string } | null {
    if (!this.last) return null
    const message = `A transportadora não reconhece o CEP de origem ${formatCep(this.last.cep)}. Corrija o CEP do local de estoque (Configurações → Locais e envio) ou o CEP de origem destas configurações. Enquanto isso, o checkout usa a tabela de contingência, se houver uma.`
    return { ...this.last, message }
  }
}

const OUTCOMES: Record<QuoteOutcome["source"], "api" | "kept" | "table" | null> = {
  upstream: "api",
  stale: "kept",
  fallback: "table",
  cache: null,
  shared: null,
}
const ERROR_KINDS: Array<[abstract new (...args: never[]) => Error, string]> = [
  [TimeoutError, "timeout"],
  [NetworkError, "network"],
  [ServerError, "server"],
  [InvalidAnswerError, "bad_answer"],
  [CircuitOpenError, "circuit_open"],
  [FreteServiceError, "rejected"],
]
const errorKind = (error: unknown): string => ERROR_KINDS.find(([kind]) => error instanceof kind)?.[1] ?? "other"

/** `upstreamMs`: milliseconds of the freight API's call this answer waited for (0 when none was made for it). */
export type QuoteOutcome = { offers: Offer[]; source: QuoteSource | "fallback"; upstreamMs: number }

export interface CheckoutQuoterDeps {
  /** Null: every price asks the API (the naive plugin, for measuring). */
  cache: QuoteCache<FreightQuote> | null
  freightClient: () => FreightClient | null
  breaker?: CircuitBreaker | null
  admission?: QuoteAdmission | null
  shared?: SharedTierConfig | null
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
  private readonly shared: SharedLoad | null
  private readonly upstreamTimes = new WeakMap<FreightQuote, number>()
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
    this.shared = deps.shared ? new SharedLoad(deps.shared, this.logger) : null
  }

  static remembersFailure(error: unknown): boolean {
    return (
      !(error instanceof CircuitOpenError) &&
      !(error instanceof LockWaitTimeout) &&
      !(error instanceof QuoteRefusedError) &&
      !(error instanceof OwnWaitTimeoutError)
    )
  }

  /** For the breaker: a refused query (erro_id 1xx) is an answer, not a success; the plugin's own wait says nothing of the service while it answers others. */
  static verdictOn(error: unknown): CallVerdict {
    if (error instanceof FreightQueryRejectedError) return "answered"
    return error instanceof OwnWaitTimeoutError ? "ignore" : "failure"
  }

  readonly cacheStats = () => this.deps.cache?.stats() ?? null
  readonly sharedStats = () => this.shared?.stats() ?? null
  readonly originProblem = () => this.origins.current()
  readonly guardStats = () => this.deps.admission?.stats() ?? null
  readonly circuitStats = () => this.deps.breaker?.stats() ?? null

  /** The account (a fingerprint of URL and token) whose answers are kept; a new one forgets the old one's prices. */
  useAccount(fingerprint: string): void {
    if (fingerprint !== this.account) {
      this.account = fingerprint
      this.deps.cache?.clear()
    }
  }

  keyOf(query: FreightQuery): string {
    return hashKey(`${this.account}|${canonicalKey(query)}`)
  }

  /** One span per price (see `traced`); each price not from the cache counted by outcome. */
  offers(query: FreightQuery, settings: FreteSettings, asker: Asker = {}): Promise<QuoteOutcome> {
    // A cart's checkout, an order's (its flows, a draft, the admin's "Consultar a API agora"), or the quote route.
    const channel = asker.cart ? "checkout" : asker.local ? "order" : "page"
    return traced("frete.freight.quote", { "frete.channel": channel }, async (span) => {
      const count = (outcome: string) => {
        span.setAttribute("frete.outcome", outcome)
        this.deps.figures?.add("quote", `${channel}:${outcome}`)
      }
      try {
        const priced = await this.price(query, settings, asker)
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

  private async price(query: FreightQuery, settings: FreteSettings, asker: Asker): Promise<QuoteOutcome> {
    const startedAt = asker.startedAt ?? Date.now()
    let reason: string
    try {
      const cache = this.deps.cache
      const key = this.keyOf(query)
      const ask = () => this.upstream(query, startedAt, settings, asker)
      const load = () => (this.shared ? this.shared.load(key, startedAt, ask, asker.locking) : ask())
      const result = cache
        ? await cache.get(key, load)
        : { value: unwrap(await load()), source: "upstream" as const, error: undefined }
      this.origins.answered(query.originCep)
      if (result.source === "upstream") this.apiAnswered()
      if (result.error instanceof QuoteRefusedError) this.deps.admission?.answered("answered_from_kept")
      const offers = offersFromQuote(result.value, settings, this.now())
      if (offers.length)
        return {
          offers,
          source: result.source,
          upstreamMs: result.source === "upstream" ? (this.upstreamTimes.get(result.value) ?? 0) : 0,
        }
      reason = "the freight API offered no enabled service"
    } catch (error) {
      if (error instanceof CepNotFoundError && error.which === "destination") throw new ShopperError("cep_not_served")
      if (error instanceof QuoteRefusedError) return this.answerRefusal(query, settings, error, asker)
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
      return { offers: fallback, source: "fallback", upstreamMs: 0 }
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

  private answerRefusal(
    query: FreightQuery,
    settings: FreteSettings,
    refusal: QuoteRefusedError,
    asker: Asker
  ): QuoteOutcome {
    trace.getActiveSpan()?.setAttribute("frete.guard", "refused")
    const fallback = fallbackOffers(query, settings, this.now())
    if (fallback.length) {
      this.deps.admission?.answered("answered_from_table")
      return { offers: fallback, source: "fallback", upstreamMs: 0 }
    }
    this.deps.admission?.answered("refused_without_table")
    // Said to this caller: one who joined another's refused load gets the wait too.
    asker.retryAfterSeconds = refusal.retryAfterSeconds
    throw new ShopperError("too_many_quotes", refusal.message)
  }

  /** The one place a new query goes to the freight API: the quota guard (unless the open circuit refuses anyway), then the breaker. */
  private async upstream(
    query: FreightQuery,
    startedAt: number,
    settings: FreteSettings,
    asker: Asker
  ): Promise<FreightQuote> {
    const client = this.deps.freightClient()
    if (!client) throw new FreightNotConfiguredError()
    const breaker = this.deps.breaker
    const span = trace.getActiveSpan()
    if (this.deps.admission && (breaker?.wouldAllow() ?? true)) {
      await this.deps.admission.admit(settings, asker).catch((refusal: unknown) => this.quotaRefused(refusal))
      this.quotaAdmitted()
      span?.setAttribute("frete.guard", "admitted")
    }
    const ask = () =>
      client.quote(query, { startedAt, onAttempt: (attempt) => span?.setAttribute("frete.attempt", attempt) })
    const asked = performance.now()
    try {
      const quote = breaker ? await breaker.run(ask, CheckoutQuoter.verdictOn) : await ask()
      // A failure, so the last real answer is kept and served.
      if (!quote.quotations.length)
        throw new InvalidAnswerError("The freight API answered no quotation", { service: "freight" })
      const ms = performance.now() - asked
      this.upstreamTimes.set(quote, ms)
      this.deps.figures?.answerTime(ms)
      span?.setAttributes({ "http.response.status_code": 200, "frete.upstream_ms": Math.round(ms) })
      return quote
    } catch (error) {
      // A CEP the API does not know is its answer to the shopper's typing, counted as the quote's outcome ("refused").
      const shoppersTypo = error instanceof CepNotFoundError && error.which === "destination"
      if (!shoppersTypo) this.deps.figures?.add("api_error", errorKind(error))
      if (error instanceof FreteServiceError && error.status)
        span?.setAttribute("http.response.status_code", error.status)
      throw error
    }
  }
}

const unwrap = (loaded: FreightQuote | Received<FreightQuote>): FreightQuote =>
  loaded instanceof Received ? loaded.value : loaded
