import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ConfigModule, ICachingModuleService, Logger } from "@medusajs/framework/types"
import {
  ContainerRegistrationKeys,
  defineJoinerConfig,
  MedusaError,
  MedusaService,
  Modules,
} from "@medusajs/framework/utils"
import { parseFreteOptions, type FreteOptions } from "../../../medusa-plugin.config"
import { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import { createHandlingMetadataCache, type HandlingMetadataCache } from "../../lib/checkout/handling-days"
import type { CheckoutRequest } from "../../lib/checkout/checkout-request"
import { QuoteAdmission } from "../../lib/checkout/quote-admission"
import { shopperKeys, trustOf } from "../../lib/http/client-key"
import { CircuitBreaker } from "../../lib/http/circuit-breaker"
import { sharedQuoteTier, type SharedQuoteTier } from "../../lib/quote-cache/shared-tier"
import {
  testFreight,
  testTracking,
  type ConnectionTestRequest,
  type ConnectionTestResult,
} from "../../lib/services/connection-test"
import { AdminProbes } from "../../lib/services/admin-probes"
import type { FreteSettings } from "../../lib/settings/schema"
import { FRETE_MODULE } from "../../lib/frete-provider"
import { ServiceClients } from "./connections"
import { accountFingerprint, credentialsView } from "./credentials"
import { FreightStats } from "./freight-stats"
import { FreteSettingsRecord } from "./models/frete-settings-record"
import { OrderFreightRecord } from "./models/order-freight-record"
import { QuoteBudgetRecord } from "./models/quote-budget-record"
import { StatRecord } from "./models/stat-record"
import { TrackingOrderRecord } from "./models/tracking-order-record"
import { FreteRepository, type SettingsRow } from "./repository"
import { SettingsInForce } from "./settings-in-force"
import { statusReport } from "./status-report"
import { TrackingOrderStore, type TrackingOrderRow } from "./tracking-order-store"

type InjectedDependencies = {
  logger: Logger
  /** Medusa passes every module the Caching Module; undefined when the store does not register it. */
  [Modules.CACHING]?: ICachingModuleService
  [ContainerRegistrationKeys.PG_CONNECTION]: Knex
  [ContainerRegistrationKeys.CONFIG_MODULE]?: ConfigModule
}

/** What Query and the links (src/links) know of the module: its settings and tracking orders. */
/** A test's clocks: the quota guard's minutes, the settings' age, the circuit's open period. */
export type InProcessClocks = { guard?: () => number; settings?: () => number; circuit?: () => number }

const JOINER_CONFIG = defineJoinerConfig(FRETE_MODULE, { models: [FreteSettingsRecord, TrackingOrderRecord] })
const SETTINGS_ROW = "frete_settings"

const sameUrl = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.replace(/\/+$/, "") === b.replace(/\/+$/, "")

/** The generated methods read and update the models; what they cannot say is in `FreteRepository`. */
export default class FreteModuleService extends MedusaService({
  FreteSettings: FreteSettingsRecord,
  TrackingOrder: TrackingOrderRecord,
  OrderFreight: OrderFreightRecord,
  QuoteBudget: QuoteBudgetRecord,
  FreteStat: StatRecord,
}) {
  pluginOptions!: FreteOptions
  quoter!: CheckoutQuoter
  handlingMetadata!: HandlingMetadataCache
  /** The admin's own asks of the services (an order's API price, the status), kept briefly and capped. */
  adminProbes!: AdminProbes
  protected readonly logger_: Logger
  protected settings_!: SettingsInForce
  private readonly startInProcessState_: (options: FreteOptions, clocks?: InProcessClocks) => void
  protected readonly connections_: ServiceClients
  /** The statements the generated methods cannot say; the quota guard's grants (frete_quote_budget). */
  readonly repository: FreteRepository
  /** The tracking outbox (tracking_order). */
  readonly trackingOrders: TrackingOrderStore
  /** The admin's Frete page's figures (frete_stat). */
  readonly stats: FreightStats

  __hooks = {
    onApplicationStart: async () => this.stats.start(),
    onApplicationPrepareShutdown: () => this.stats.stop(),
    onApplicationShutdown: () => Promise.all([this.connections_.close(), this.repository.close()]),
  }

  __joinerConfig() {
    return JOINER_CONFIG
  }

  /**
   * The store's own secret the shoppers' addresses are keyed with: the plugin's encryption key, else Medusa's JWT
   * secret.
   */
  readonly addressSecret: () => string

  constructor(container: InjectedDependencies, moduleOptions?: unknown) {
    // eslint-disable-next-line prefer-rest-params -- MedusaService's constructor reads the module's arguments.
    super(...(arguments as unknown as [InjectedDependencies]))
    const logger = (this.logger_ = container.logger)
    const jwtSecret = container[ContainerRegistrationKeys.CONFIG_MODULE]?.projectConfig.http.jwtSecret
    this.addressSecret = () => this.pluginOptions.encryptionKey ?? String(jwtSecret ?? "frete")
    const repository = (this.repository = new FreteRepository(() => container[ContainerRegistrationKeys.PG_CONNECTION]))
    this.trackingOrders = new TrackingOrderStore(this, repository, () => this.pluginOptions.tracking.timeoutMs)
    this.stats = new FreightStats(repository, logger, (since) => this.trackingOrders.counts(since))
    this.connections_ = new ServiceClients(logger, () => ({
      options: this.pluginOptions,
      credentials: this.settings_.credentials,
    }))
    this.startInProcessState_ = (options, { guard: guardClock, settings: settingsClock, circuit } = {}) => {
      this.pluginOptions = options
      this.handlingMetadata = createHandlingMetadataCache()
      // The guard's clock, stopped by tests in a minute of their own, stops the probes' periods too.
      this.adminProbes = new AdminProbes(guardClock)
      this.settings_ = new SettingsInForce({
        store: {
          read: async () => (await this.listFreteSettings({ id: SETTINGS_ROW }))[0] as SettingsRow | undefined,
          save: (change) => repository.saveSettings(change),
          reseal: (name, next, read) => repository.resealSecret(name, next, read),
        },
        now: settingsClock,
        options,
        logger,
        onApply: ({ freight }) => this.quoter?.useAccount(accountFingerprint(freight.url, freight.secret)),
        caching: () => container[Modules.CACHING],
      })
      const { cache, circuitBreaker, timeoutMs } = options.freight
      let tier: SharedQuoteTier | null | undefined
      const sharedTier = () => {
        if (tier === undefined) {
          tier = sharedQuoteTier(container[Modules.CACHING])
          if (tier)
            logger.info(
              "frete: quote answers are shared with the store's other instances through Medusa's Caching Module"
            )
        }
        return tier
      }
      // The checkout quoter the provider and the store quote route of this process share; the quota guard's count is in
      // Postgres.
      this.quoter = new CheckoutQuoter({
        cache: cache.enabled ? cache : null,
        timeoutMs,
        freightClient: () => this.connections_.freight(),
        breaker: circuitBreaker.enabled
          ? new CircuitBreaker({ ...circuitBreaker, quietMs: Math.max(5_000, 2 * timeoutMs), now: circuit }, logger)
          : null,
        admission: new QuoteAdmission(
          (key, windowStart, want, limit) => repository.grant(key, windowStart, want, limit),
          logger,
          guardClock
        ),
        sharedTier,
        figures: this.stats,
        logger,
      })
    }
    this.startInProcessState_(parseFreteOptions(moduleOptions))
  }

  /** Starts this process's memory over, as a restart (with these options) does; what is stored stays. For tests. */
  forgetInProcessState(moduleOptions?: unknown, clocks?: InProcessClocks): void {
    const options = moduleOptions === undefined ? this.pluginOptions : parseFreteOptions(moduleOptions)
    this.startInProcessState_(options, clocks)
  }

  /** A checkout request's shopper (their address and network, as keys), or none: a trusted proxy forwarded no one. */
  shopperOf(request: CheckoutRequest, settings: FreteSettings): { client?: string; network?: string } {
    const keys = shopperKeys(request, trustOf(settings.trusted_proxies), this.addressSecret())
    return keys ? { client: `client:${keys.client}`, network: `network:${keys.network}` } : {}
  }

  /** As a request of Medusa's that may price a cart arrives: the quota guard's leases for its shopper asked ahead. */
  warmCheckoutGuard(request: CheckoutRequest): void {
    // A hint, not a decision: whatever fails here, the take decides as it would have.
    this.getSettings()
      .then((settings) => this.quoter.warmGuard(settings, { local: true, ...this.shopperOf(request, settings) }))
      .catch(() => undefined)
  }

  getSettings(): Promise<FreteSettings> {
    return this.settings_.get()
  }

  /** The stored fields that no longer pass the settings' schema and stand at their default until saved. */
  async repairedSettingFields(): Promise<string[]> {
    await this.getSettings()
    return this.settings_.repairedFields
  }

  saveSettings(input: Record<string, unknown>): Promise<FreteSettings> {
    return this.settings_.save(input)
  }

  async credentialsView() {
    await this.getSettings()
    return credentialsView(this.settings_.credentials, Boolean(this.pluginOptions.encryptionKey))
  }

  /**
   * The URLs and secrets typed, or else those in force; a secret never goes to an address it was not configured for.
   */
  async testConnection(input: ConnectionTestRequest): Promise<ConnectionTestResult> {
    const settings = await this.getSettings()
    const { freight: inForce, tracking: trackingInForce } = this.settings_.credentials
    const issues: Array<{ field: string; message: string }> = []
    if (input.freight.url && !input.freight.token && !sameUrl(input.freight.url, inForce.url)) {
      issues.push({
        field: "freight_token",
        message:
          "Para testar outra URL de frete, digite também o token: o token salvo só é enviado à URL configurada com ele.",
      })
    }
    if (input.tracking.url && !input.tracking.credential && !sameUrl(input.tracking.url, trackingInForce.url)) {
      issues.push({
        field: "tracking_credential",
        message:
          "Para testar outra URL de rastreamento, digite também a credencial: a credencial salva só é enviada à URL configurada com ela.",
      })
    }
    if (issues.length)
      throw Object.assign(
        new MedusaError(MedusaError.Types.INVALID_DATA, issues.map((issue) => issue.message).join(" ")),
        { issues }
      )
    const { freight: freightTiming, tracking: trackingTiming } = this.pluginOptions
    const [freight, tracking] = await Promise.all([
      testFreight(
        {
          url: input.freight.url || inForce.url,
          secret: input.freight.token || inForce.secret,
          timeoutMs: freightTiming.timeoutMs,
        },
        { ...input, settings, logger: this.logger_ }
      ),
      testTracking(
        {
          url: input.tracking.url || trackingInForce.url,
          secret: input.tracking.credential || trackingInForce.secret,
          timeoutMs: trackingTiming.timeoutMs,
        },
        this.logger_
      ),
    ])
    return { freight, tracking }
  }

  async checkServices() {
    await this.getSettings()
    const { credentials } = this.settings_
    return statusReport(this.pluginOptions, credentials, this.connections_, this.quoter, this.adminProbes.status)
  }

  trackingClient() {
    return this.connections_.tracking()
  }

  /** Why shipments get no tracking order now, or null when they do. */
  async trackingOff(settings?: FreteSettings): Promise<"disabled" | "not_configured" | null> {
    const { tracking } = settings ?? (await this.getSettings())
    return !tracking.enabled ? "disabled" : this.connections_.tracking() ? null : "not_configured"
  }

  /** `sending` rows past their lease (their process died mid-call), now failed: never resent by themselves. */
  async sweepTrackingLeases(): Promise<TrackingOrderRow[]> {
    const swept = await this.trackingOrders.sweepExpired()
    for (const row of swept) {
      this.logger_.warn(
        `frete tracking: fulfillment ${row.fulfillment_id} failed: its attempt was interrupted during the call (lease expired); check the tracking service before resending`
      )
    }
    return swept
  }
}
