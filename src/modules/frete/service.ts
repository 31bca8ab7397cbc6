import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ICachingModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, MedusaError, MedusaService, Modules } from "@medusajs/framework/utils"
import { parseFreteOptions, type FreteOptions } from "../../../medusa-plugin.config"
import { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import type { SharedQuoteTier } from "../../lib/checkout/shared-quotes"
import { CircuitBreaker, type CircuitTransition } from "../../lib/circuit-breaker"
import { testConnection, type ConnectionTestResult } from "../../lib/connection-test"
import type { FreightQuote } from "../../lib/freight/schemas"
import { QuoteCache } from "../../lib/quote-cache"
import { ServiceClients } from "../../lib/service-clients"
import { checkServices } from "../../lib/service-status"
import { DEFAULT_SETTINGS, freteSettingsSchema, settingsIssues, type FreteSettings } from "../../lib/settings/schema"
import type { BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { decideAfterFailure } from "../../lib/tracking/delivery-policy"
import { setActiveFreteModule } from "./active-module"
import { accountFingerprint, credentialsInForce, credentialsView, type Credentials } from "./credentials"
import { openSecrets, sealSecrets, secretChanges } from "./sealed-secrets"
import { secretsNeededForTest } from "./connection-test-pairing"
import { FreteSettingsRecord } from "./models/frete-settings-record"
import { QuoteTakes, type QuoteTake } from "./quote-takes"
import { sharedQuoteTier } from "./shared-quote-tier"
import { TrackingOrderRecord } from "./models/tracking-order-record"
import { TrackingDelivery } from "./tracking-delivery"
import { TrackingOrderStore, type TrackingOrderRow } from "./tracking-order-store"

type InjectedDependencies = {
  logger: Logger
  /** Medusa passes every module the Caching Module; undefined when the store does not register it. */
  [Modules.CACHING]?: ICachingModuleService
  [ContainerRegistrationKeys.PG_CONNECTION]: Knex
}

export const SETTINGS_ROW_ID = "frete_settings"

/**
 * The plugin's own module: the merchant's settings (one row), the parsed options, one connection
 * pool per service and the quote cache that every part of the plugin in this process shares.
 * As a plugin module, Medusa hands it the plugin entry's options; run as a project, it has none
 * and reads the FRETE_* variables.
 *
 * Over 300 lines on purpose, for now: it still holds the settings cache, the credentials, the
 * status and the tracking orchestration beside the facade. Issue 15 splits them into services of
 * one job each (this file's target: under 200 lines); splitting here first would have moved the
 * same code twice.
 */
export default class FreteModuleService extends MedusaService({ FreteSettingsRecord, TrackingOrderRecord }) {
  protected readonly options_: FreteOptions
  protected readonly logger_: Logger
  protected readonly clients_: ServiceClients
  protected readonly quoter_: CheckoutQuoter
  protected readonly quoteTakes_: QuoteTakes
  protected settings_?: { value: FreteSettings; readAt: number }
  protected settingsLoad_?: Promise<FreteSettings>
  protected readonly trackingOrders_: TrackingOrderStore
  protected readonly trackingDelivery_: TrackingDelivery
  protected readonly pg_: () => Knex
  protected credentials_: Credentials
  /** Secret problems already logged: the settings are read again every few seconds. */
  protected readonly secretProblemsLogged_ = new Set<string>()
  protected sharedTier_?: SharedQuoteTier | null

  __hooks = {
    onApplicationShutdown: async () => {
      await this.clients_.close()
    },
  }

  constructor(container: InjectedDependencies, moduleOptions?: unknown) {
    // eslint-disable-next-line prefer-rest-params
    super(...arguments)
    this.options_ = parseFreteOptions(moduleOptions)
    this.logger_ = container.logger
    this.clients_ = new ServiceClients({ logger: container.logger })
    const { cache, circuitBreaker } = this.options_.freight
    this.quoter_ = new CheckoutQuoter({
      cache: cache.enabled ? new QuoteCache<FreightQuote>({ ...cache, remembers: CheckoutQuoter.remembersFailure }) : null,
      freightClient: () => this.freightClient(),
      breaker: circuitBreaker.enabled ? new CircuitBreaker(circuitBreaker, (transition) => this.logCircuit(transition)) : null,
      shared: cache.enabled ? { tier: () => this.sharedTier(container), successTtlMs: cache.successTtlMs, timeoutMs: this.options_.freight.timeoutMs } : null,
      logger: container.logger,
    })
    this.pg_ = () => container[ContainerRegistrationKeys.PG_CONNECTION]
    this.trackingOrders_ = new TrackingOrderStore(this.pg_)
    this.quoteTakes_ = new QuoteTakes(this.pg_)
    this.trackingDelivery_ = new TrackingDelivery({
      store: this.trackingOrders_,
      knex: this.pg_,
      client: () => this.trackingClient(),
      options: () => this.options_.tracking,
      logger: container.logger,
    })
    this.credentials_ = credentialsInForce(this.options_, DEFAULT_SETTINGS, {})
    setActiveFreteModule(this)
  }

  /** The quote cache's tier shared across the store's instances (shared-quote-tier.ts), if the store has the Caching Module. */
  private sharedTier(container: InjectedDependencies): SharedQuoteTier | null {
    if (this.sharedTier_ === undefined) {
      this.sharedTier_ = sharedQuoteTier(container[Modules.CACHING])
      if (this.sharedTier_) {
        this.logger_.info("frete: quote answers are shared with the store's other instances through Medusa's Caching Module")
      }
    }
    return this.sharedTier_
  }

  get pluginOptions(): FreteOptions {
    return this.options_
  }

  get quoter(): CheckoutQuoter {
    return this.quoter_
  }

  private logCircuit({ from, to, consecutiveFailures }: CircuitTransition): void {
    const { openMs } = this.options_.freight.circuitBreaker
    if (to === "open") {
      this.logger_.warn(
        from === "half_open"
          ? `frete: the freight API failed again; it is not called for another ${openMs} ms`
          : `frete: the freight API failed ${consecutiveFailures} times in a row; it is not called for ${openMs} ms, checkout uses earlier answers or the fallback table`
      )
    } else if (to === "closed") {
      this.logger_.info("frete: the freight API answers again; checkout calls it as usual")
    }
  }

  /**
   * The freight client for the credentials in force (options, else saved in the admin, as of the
   * last read of the settings), or null when the API is not configured.
   */
  freightClient() {
    const { url, secret } = this.credentials_.freight
    const { timeoutMs, connections } = this.options_.freight
    return url && secret ? this.clients_.freight({ url, token: secret, timeoutMs, connections }) : null
  }

  /** The tracking client for the credentials in force, or null when the API is not configured. */
  trackingClient() {
    const { url, secret } = this.credentials_.tracking
    const { timeoutMs, connections } = this.options_.tracking
    return url && secret ? this.clients_.tracking({ url, credential: secret, timeoutMs, connections }) : null
  }

  /** Where each URL and secret comes from, and whether one is set; never a secret. */
  async credentialsView() {
    await this.getSettings()
    return credentialsView(this.credentials_, Boolean(this.options_.encryptionKey))
  }

  /** Writes the tracking order row of a shipped fulfillment; a second call for it changes nothing. */
  recordShipment(input: { fulfillmentId: string; orderId: string | null; noNotification: boolean }) {
    return this.trackingOrders_.insertPending(input)
  }

  setTrackingPayload(id: string, built: BuiltTrackingOrder): Promise<void> {
    return this.trackingOrders_.setPayload(id, built.order, built.omitted)
  }

  getTrackingOrder(id: string): Promise<TrackingOrderRow | undefined> {
    return this.trackingOrders_.get(id)
  }

  listTrackingOrders(orderId: string): Promise<TrackingOrderRow[]> {
    return this.trackingOrders_.listByOrder(orderId)
  }

  dueTrackingOrderIds(limit: number): Promise<string[]> {
    return this.trackingOrders_.dueIds(limit)
  }

  /** For "Reenviar": due now, with the tracking order rebuilt from current data; undefined if an attempt holds it. */
  requeueTrackingOrder(id: string, seenStatus: "pending" | "failed", rebuilt: BuiltTrackingOrder): Promise<TrackingOrderRow | undefined> {
    return this.trackingOrders_.requeue(id, seenStatus, rebuilt)
  }

  /** The payload could not be built (e.g. the order could not be read): counted like a failed call. */
  async recordTrackingPreparationFailure(id: string, error: unknown): Promise<void> {
    const decision = decideAfterFailure(error, 1, await this.trackingOrders_.ageMs(id), this.options_.tracking.retry)
    this.logger_.warn(`frete tracking: could not build tracking order ${id}: ${error instanceof Error ? error.message : String(error)}`)
    await this.trackingOrders_.recordWithoutCall(id, decision)
  }

  /**
   * One attempt to create the remote tracking order, if the row is pending, due, and not being
   * delivered elsewhere right now: claimed, called with no transaction open, recorded. Null when
   * there was nothing to do.
   */
  async deliverTrackingOrder(id: string): Promise<TrackingOrderRow | null> {
    await this.getSettings()
    return this.trackingDelivery_.deliver(id)
  }

  /** `sending` rows whose lease ran out (their process died mid-call): failed, never resent by themselves. */
  sweepTrackingLeases(): Promise<TrackingOrderRow[]> {
    return this.trackingDelivery_.sweepExpiredLeases()
  }

  /** One rate limiter per limit, so a change of the setting takes effect at once. */
  /** One more new freight query for `client` within the per-minute bound, counted across all instances (quote-takes.ts). */
  takeQuote(client: string, limitPerMinute: number): Promise<QuoteTake> {
    return this.quoteTakes_.tryTake(client, limitPerMinute)
  }

  /** Forgets the quote route's takes older than a minute; the scheduled job calls it. */
  pruneQuoteTakes(): Promise<number> {
    return this.quoteTakes_.prune()
  }

  /**
   * The settings in force. Read again from the database once `settingsRefreshMs` has passed, so
   * that a change saved on another Medusa instance applies here within that time, with no restart.
   */
  async getSettings(): Promise<FreteSettings> {
    const cached = this.settings_
    if (cached && Date.now() - cached.readAt < this.options_.settingsRefreshMs) {
      return cached.value
    }
    this.settingsLoad_ ??= this.readSettings().finally(() => {
      this.settingsLoad_ = undefined
    })
    return this.settingsLoad_
  }

  /**
   * Validates and saves settings: the given top-level fields replace the current ones, the others
   * stay. `secrets` (`freight_token`, `tracking_credential`) are stored encrypted: a string
   * replaces one, null removes it. A bad value is an INVALID_DATA error naming the field; nothing
   * is saved then.
   */
  async saveSettings(input: Record<string, unknown>): Promise<FreteSettings> {
    const { secrets: secretsInput, ...fields } = input
    const { settings: current, sealed } = await this.readRecord()
    const parsed = freteSettingsSchema.safeParse({ ...current, ...fields })
    const issues = parsed.success ? [] : settingsIssues(parsed.error)
    const changes = secretChanges(secretsInput, Boolean(this.options_.encryptionKey), issues)
    if (!parsed.success || issues.length) {
      const error = new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Configuração inválida: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")}`
      )
      Object.assign(error, { issues })
      throw error
    }
    const next = sealSecrets(sealed, changes, current, parsed.data, this.options_)
    // One statement, whole values: an ORM update merges JSON objects (a removed secret would stay),
    // and two first saves at once must not both insert.
    await this.pg_().raw(
      `insert into frete_settings (id, settings, secrets) values (?, ?::jsonb, ?::jsonb)
       on conflict (id) do update set settings = excluded.settings, secrets = excluded.secrets, updated_at = now()`,
      [SETTINGS_ROW_ID, JSON.stringify(parsed.data), JSON.stringify(next)]
    )
    return this.apply(parsed.data, next)
  }

  /**
   * "Testar conexão" of the admin: a sample quote between two CEPs and a check of the tracking
   * credential, with the URLs and secrets given (typed, not saved yet) or else those in force.
   */
  async testConnection(input: {
    originCep: string
    destinationCep: string
    freight: { url?: string; token?: string }
    tracking: { url?: string; credential?: string }
  }): Promise<ConnectionTestResult> {
    const settings = await this.getSettings()
    const inForce = this.credentials_
    const issues = secretsNeededForTest(input, inForce)
    if (issues.length) {
      throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, issues.map((issue) => issue.message).join(" ")), { issues })
    }
    return testConnection({
      originCep: input.originCep,
      destinationCep: input.destinationCep,
      freight: { url: input.freight.url || inForce.freight.url, token: input.freight.token || inForce.freight.secret, timeoutMs: this.options_.freight.timeoutMs },
      tracking: {
        url: input.tracking.url || inForce.tracking.url,
        credential: input.tracking.credential || inForce.tracking.secret,
        timeoutMs: this.options_.tracking.timeoutMs,
      },
      defaultPackage: settings.default_package,
      logger: this.logger_,
    })
  }

  /**
   * Whether each service is configured and answers, never the secrets themselves; with the
   * freight circuit and quote cache of this process (each Medusa instance has its own).
   */
  async checkServices() {
    await this.getSettings()
    const { freight, tracking } = this.credentials_
    const status = await checkServices(
      {
        freight: { ...this.options_.freight, url: freight.url, token: freight.secret },
        tracking: { ...this.options_.tracking, url: tracking.url, credential: tracking.secret },
      },
      this.clients_
    )
    const circuit = this.quoter.circuitStats()
    const cache = this.quoter.cacheStats()
    const shared = this.quoter.sharedStats()
    return {
      ...status,
      freight: {
        ...status.freight,
        circuit: circuit && {
          state: circuit.state,
          consecutive_failures: circuit.consecutiveFailures,
          retry_at: circuit.retryAt,
          opened: circuit.opened,
          refused: circuit.refused,
        },
        origin_problem: this.quoter.originProblem(),
        cache: cache && {
          entries: cache.entries,
          max_entries: cache.maxEntries,
          in_flight: cache.inFlight,
          hits: cache.hits,
          loads: cache.loads,
          stale_served: cache.staleServed,
          failures_served: cache.failuresServed,
          evictions: cache.evictions,
          shared: shared && { hits: shared.hits, waited: shared.waited, errors: shared.errors },
        },
      },
    }
  }

  /** The settings row: its validated settings (defaults where invalid or absent) and its sealed secrets. */
  private async readRecord(): Promise<{ settings: FreteSettings; sealed: Record<string, string> }> {
    const [record] = await this.listFreteSettingsRecords({ id: SETTINGS_ROW_ID })
    const sealed = { ...((record?.secrets as Record<string, string> | null) ?? {}) }
    if (!record) {
      return { settings: DEFAULT_SETTINGS, sealed }
    }
    const parsed = freteSettingsSchema.safeParse(record.settings)
    if (!parsed.success) {
      this.logger_.error(`frete: the stored settings are invalid, defaults apply until they are saved again: ${parsed.error.message}`)
    }
    return { settings: parsed.success ? parsed.data : DEFAULT_SETTINGS, sealed }
  }

  private async readSettings(): Promise<FreteSettings> {
    const { settings, sealed } = await this.readRecord()
    return this.apply(settings, sealed)
  }

  /** Makes these settings and secrets the ones in force in this process. */
  private apply(settings: FreteSettings, sealed: Record<string, string>): FreteSettings {
    const secrets = openSecrets(sealed, this.options_.encryptionKey, (problem) => {
      // The settings are read again every few seconds: each problem is logged once.
      if (!this.secretProblemsLogged_.has(problem)) {
        this.secretProblemsLogged_.add(problem)
        this.logger_.error(problem)
      }
    })
    this.credentials_ = credentialsInForce(this.options_, settings, secrets)
    // Answers are kept per account; a new account starts with none of the old one's prices.
    const { url, secret } = this.credentials_.freight
    this.quoter_.useAccount(accountFingerprint(url, secret))
    this.settings_ = { value: settings, readAt: Date.now() }
    return settings
  }
}
