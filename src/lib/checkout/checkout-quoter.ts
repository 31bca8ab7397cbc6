import type { Span } from "@opentelemetry/api"
import { CircuitOpenError, type CallVerdict, type CircuitBreaker } from "../http/circuit-breaker"
import { startDeadline, type Deadline } from "../http/deadline"
import { CepNotFoundError, FreightNotConfiguredError, FreightQueryRejectedError } from "../freight/errors"
import {
  FreteServiceError,
  InvalidAnswerError,
  NetworkError,
  OwnWaitTimeoutError,
  ServerError,
  TimeoutError,
} from "../http/errors"
import type { FreightClient } from "../freight/client"
import type { FreightQuery } from "../freight/schemas"
import type { LearnedPricing } from "../learned/learned-prices"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { counted, describeFailure, OutageLog } from "../utils/outage-log"
import { traced } from "../utils/traced"
import { canonicalKey, hashKey, QuoteCache, type QuoteCacheOptions, type QuoteSource } from "../quote-cache/quote-cache"
import { LockWaitTimeout, SharedLoad, type Asked, type SharedQuoteTier, type Took } from "../quote-cache/shared-tier"
import type { FreteSettings } from "../settings/schema"
import { estimatePrices, offersFromQuote, type Offer } from "./offers"
import { QuoteRefusedError, type Asker, type QuoteAdmission } from "./quote-admission"
import { OriginWatch } from "./origin-watch"
import { applyRules, type AppliedRule, type RuleCart } from "./rules"
import { ShopperError } from "./shopper-error"

// The one value a quote sends up its walk, each fact set where it is known; nothing written back. Recorded once.
// The freight API call this price made itself (not one it joined): its attempts, its HTTP status, its failure's kind.
export type OwnCall = { ms: number; attempts: number; status?: number; failure?: string }
// A price: its offers after the rules (none if it failed), the rules applied, its source, what it took, the wait told.
export type QuoteResult = Took & {
  offers: Offer[]
  applied: AppliedRule[]
  source: QuoteSource | "learned" | "fallback" | null
  retryAfterSeconds?: number
  call?: OwnCall
}

const PRICED_BY = { learned: "from learned prices", fallback: "by the table" }
// A kept answer (cache, shared) is no outcome of its own.
const OUTCOMES: Partial<Record<NonNullable<QuoteResult["source"]>, string>> = {
  upstream: "api",
  stale: "kept",
  learned: "learned",
  fallback: "table",
}
// What a failure means, decided here alone: its kind in the figures, whether the cache keeps it, the breaker's word.
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
// The shopper's typing, not the API's failure (erro_id 102).
const unknownDestination = (error: unknown) => error instanceof CepNotFoundError && error.which === "destination"

export interface CheckoutQuoterDeps {
  cache: QuoteCacheOptions | null // null: every price asks the API (the naive plugin, for the bench)
  timeoutMs: number // counted from `Asker.startedAt`
  freightClient: () => FreightClient | null
  breaker?: CircuitBreaker | null
  admission?: QuoteAdmission | null
  sharedTier?: (() => SharedQuoteTier | null) | null // used with the cache only
  learned?: LearnedPricing | null
  figures?: { add(metric: string, key: string, total?: number): void; answerTime(ms: number): void } | null
  logger?: FreteLogger
  now?: () => Date
}

// Cache, else one shared call; on failure or refusal the last answer, else the table. Never 0 for a failure.
export class CheckoutQuoter {
  private readonly logger: FreteLogger
  private readonly now: () => Date
  private readonly origins = new OriginWatch()
  private account = "none"
  private readonly cache: QuoteCache<Asked> | null
  private readonly shared: SharedLoad | null
  // Logged when they start and when the API answers again, never per shopper.
  private readonly outages = {
    fallback: new OutageLog(() => this.now().getTime()),
    learned: new OutageLog(() => this.now().getTime()),
    unpriced: new OutageLog(() => this.now().getTime()),
  }

  constructor(private readonly deps: CheckoutQuoterDeps) {
    this.logger = deps.logger ?? silentLogger
    this.now = deps.now ?? (() => new Date())
    const { cache, sharedTier } = deps
    this.cache = cache && new QuoteCache<Asked>({ ...cache, remembers: (error) => failureOf(error).remembered })
    this.shared = cache && sharedTier ? new SharedLoad(sharedTier, cache.successTtlMs, this.logger) : null
  }

  static verdictOn = (error: unknown): CallVerdict => failureOf(error).verdict

  readonly cacheStats = () => this.cache?.stats() ?? null
  readonly sharedStats = () => this.shared?.stats() ?? null
  readonly originProblem = () => this.origins.current()
  readonly guardStats = () => this.deps.admission?.stats() ?? null
  readonly circuitStats = () => this.deps.breaker?.stats() ?? null

  warmGuard(settings: FreteSettings, asker: Asker): void {
    this.deps.admission?.warm(settings, asker)
  }

  useAccount(fingerprint: string): void {
    if (fingerprint !== this.account) {
      this.account = fingerprint
      this.cache?.clear()
    }
  }

  keyOf(query: FreightQuery): string {
    return hashKey(`${this.account}|${canonicalKey(query)}`)
  }

  /** `cart`: what the rules read (`BuiltQuery.cart`); null prices the API's answer as it is (a return). */
  offers(
    query: FreightQuery,
    cart: RuleCart | null,
    settings: FreteSettings,
    asker: Asker = {},
    key = this.keyOf(query)
  ) {
    const channel = asker.cart ? "checkout" : asker.local ? "order" : "page"
    return traced("frete.freight.quote", { "frete.channel": channel }, async (span): Promise<QuoteResult> => {
      const { result, error } = await this.price(query, key, settings, asker)
      this.record(span, channel, result, error)
      if (error) throw error
      return { ...result, ...applyRules(result.offers, cart, settings, this.now()) }
    })
  }

  // The one record of a price: its span, the guard's counters (status page), the figures (Frete page).
  private record(span: Span, channel: string, result: QuoteResult, error?: ShopperError): void {
    const { source, guard, call } = result
    const refused = error?.code === "too_many_quotes" || error?.code === "cep_not_served"
    const outcome = error ? (refused ? "refused" : "failed") : source && OUTCOMES[source]
    const { figures, admission } = this.deps
    span.setAttributes({
      ...(outcome && { "frete.outcome": outcome }),
      ...(source && { "frete.cache.tier": source, "frete.fallback": source === "fallback" || source === "learned" }),
      ...(guard && { "frete.guard": guard }),
      ...(call?.attempts && { "frete.attempt": call.attempts, "frete.upstream_ms": Math.round(call.ms) }),
      ...(call?.status && { "http.response.status_code": call.status }),
    })
    if (call?.failure) figures?.add("api_error", call.failure)
    else if (call?.status === 200) figures?.answerTime(call.ms)
    if (outcome) figures?.add("quote", `${channel}:${outcome}`)
    if (guard === "refused")
      admission?.answered(
        error ? "refused_without_table" : source === "fallback" ? "answered_from_table" : "answered_from_kept"
      )
  }

  private async price(
    query: FreightQuery,
    key: string,
    settings: FreteSettings,
    asker: Asker
  ): Promise<{ result: QuoteResult; error?: ShopperError }> {
    let reason: string
    let took: Took = { upstreamMs: 0, guardMs: 0 }
    // The call this price made itself (a load it joined is another price's).
    let own: Called | undefined
    const result = (offers: Offer[], source: QuoteResult["source"], more: Partial<QuoteResult> = {}) => ({
      result: { ...took, offers, applied: [], source, ...(own?.call && { call: own.call }), ...more },
    })
    try {
      const load = () => {
        // One deadline for the wait on another instance's call and this one's own.
        const deadline = startDeadline(this.deps.timeoutMs, undefined, asker.startedAt)
        const ask = async (): Promise<Asked> => {
          own = await this.upstream(query, deadline, settings, asker)
          if ("error" in own) throw own.error
          return { quote: own.quote, took: own.took }
        }
        if (this.shared) return this.shared.load(key, deadline, ask, asker.locking)
        return ask().then((value) => ({ value, source: "upstream" as const }))
      }
      const { value, source, error }: { value: Asked; source: QuoteSource; error?: unknown } = this.cache
        ? await this.cache.get(key, load)
        : await load()
      this.origins.answered(query.originCep)
      if (source === "upstream") {
        this.apiAnswered()
        this.deps.learned?.learn(query, value.quote, settings)
      }
      took = source === "upstream" ? value.took : (own?.took ?? took)
      if (error instanceof QuoteRefusedError) took = refusedTook(error)
      const offers = offersFromQuote(value.quote, settings, this.now())
      if (offers.length) return result(offers, source)
      reason = "the freight API offered no enabled service"
    } catch (error) {
      took = own?.took ?? took
      if (unknownDestination(error)) return { ...result([], null), error: new ShopperError("cep_not_served") }
      if (error instanceof QuoteRefusedError) {
        took = refusedTook(error)
        const estimated = await this.estimate(query, settings)
        if (estimated) return result(estimated.offers, estimated.source)
        const { retryAfterSeconds } = error
        return {
          ...result([], null, { retryAfterSeconds }),
          error: new ShopperError("too_many_quotes", error.message, retryAfterSeconds),
        }
      }
      if (error instanceof CepNotFoundError && this.origins.report(query.originCep, this.now())) {
        // Only the region: an MEI's origin is a home; the settings page shows it whole.
        const origin = `${query.originCep.slice(0, 3)}**-***`
        const fix = "correct the stock location's postal code or the settings' origin_cep (shown on the settings page)"
        this.logger.error(`frete: the freight API does not know the origin CEP ${origin} (erro_id 101): ${fix}`)
      }
      reason = error instanceof FreightNotConfiguredError ? error.message : describeFailure(error)
    }
    const estimated = await this.estimate(query, settings)
    if (estimated) {
      const started = `frete: fallback pricing started: quotes priced ${PRICED_BY[estimated.source]} (${reason})`
      this.outages[estimated.source].seen(() => this.logger.warn(started))
      return result(estimated.offers, estimated.source)
    }
    this.outages.unpriced.seen(() =>
      this.logger.error(`frete: quotes cannot be priced (${reason}) and the fallback table has no price for them`)
    )
    return { ...result([], null), error: new ShopperError("freight_unavailable", reason) }
  }

  async estimate(query: FreightQuery, settings: FreteSettings) {
    return estimatePrices((await this.deps.learned?.estimate(query, settings)) ?? [], query, settings, this.now())
  }

  private apiAnswered(): void {
    for (const source of ["learned", "fallback"] as const)
      this.outages[source].end((count, lasted) => {
        const priced = `${counted(count, "quote")} priced ${PRICED_BY[source]} during ${lasted}`
        this.logger.info(`frete: fallback pricing ended: ${priced}`)
      })
    this.outages.unpriced.end((count, lasted) => {
      this.logger.info(`frete: pricing is back: ${counted(count, "quote")} could not be priced during ${lasted}`)
    })
  }

  // The one place a new query goes to the freight API: the guard once the circuit allows, then the call.
  private async upstream(
    query: FreightQuery,
    deadline: Deadline,
    settings: FreteSettings,
    asker: Asker
  ): Promise<Called> {
    const client = this.deps.freightClient()
    if (!client) throw new FreightNotConfiguredError()
    const { breaker, admission } = this.deps
    const took: Took = { upstreamMs: 0, guardMs: 0 }
    const admit = async () => {
      if (!admission) return
      took.guardMs = await admission.admit(settings, asker)
      took.guard = "admitted"
    }
    let attempts = 0
    let asked = 0
    const ask = async () => {
      asked = performance.now()
      const quote = await client.quote(query, { deadline, onAttempt: (attempt) => (attempts = attempt) })
      if (!quote.quotations.length)
        throw new InvalidAnswerError("The freight API answered no quotation", { service: "freight" })
      return quote
    }
    try {
      const quote = breaker ? await breaker.run(ask, CheckoutQuoter.verdictOn, admit) : await admit().then(ask)
      took.upstreamMs = performance.now() - asked
      return { quote, took, call: { ms: took.upstreamMs, attempts, status: 200 } }
    } catch (error) {
      // A refusal is no call; the shopper's typing is the quote's outcome, not an API error.
      if (error instanceof QuoteRefusedError) throw error
      const ms = asked ? performance.now() - asked : 0
      const status = error instanceof FreteServiceError ? error.status : undefined
      const failure = unknownDestination(error) ? undefined : failureOf(error).kind
      return { error, took, call: { ms, attempts, status, failure } }
    }
  }
}

type Called = (Asked | { error: unknown; took: Took }) & { call: OwnCall }

const refusedTook = (refusal: QuoteRefusedError): Took => ({
  upstreamMs: 0,
  guardMs: refusal.guardMs,
  guard: "refused",
})
