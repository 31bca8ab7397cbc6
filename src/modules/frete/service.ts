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
import { secretPairingIssues, testConnection, type ConnectionTestRequest } from "../../lib/services/connection-test"
import { adminProbes, type AdminProbes } from "../../lib/services/kept-probe"
import type { FreteSettings } from "../../lib/settings/schema"
import type { StatsRange } from "../../lib/admin-contract"
import { FRETE_MODULE } from "../../lib/frete-provider"
import { accountFingerprint, credentialsView } from "./credentials"
import { FreightStats } from "./freight-stats"
import { LearnedPrices, MAX_LEARNED_ROWS, PER_REGION } from "./learned-prices"
import { LearnedPriceRecord } from "./models/learned-price-record"
import { FreteSettingsRecord } from "./models/frete-settings-record"
import { OrderFreightRecord } from "./models/order-freight-record"
import { QuoteBudgetRecord } from "./models/quote-budget-record"
import { StatRecord } from "./models/stat-record"
import { TrackingOrderRecord } from "./models/tracking-order-record"
import { FreteRepository, type SettingsRow } from "./repository"
import { SettingsInForce } from "./settings-in-force"
import { ServiceClients, statusReport } from "./status-report"
import { TrackingOrderStore, type TrackingOrderRow } from "./tracking-order-store"

type InjectedDependencies = {
  logger: Logger
  [Modules.CACHING]?: ICachingModuleService
  [ContainerRegistrationKeys.PG_CONNECTION]: Knex
  [ContainerRegistrationKeys.CONFIG_MODULE]?: ConfigModule
}

export type InProcessClocks = { guard?: () => number; settings?: () => number; circuit?: () => number }

const JOINER_CONFIG = defineJoinerConfig(FRETE_MODULE, { models: [FreteSettingsRecord, TrackingOrderRecord] })

export default class FreteModuleService extends MedusaService({
  FreteSettings: FreteSettingsRecord,
  TrackingOrder: TrackingOrderRecord,
  OrderFreight: OrderFreightRecord,
  QuoteBudget: QuoteBudgetRecord,
  FreteStat: StatRecord,
  LearnedPrice: LearnedPriceRecord,
}) {
  pluginOptions!: FreteOptions
  quoter!: CheckoutQuoter
  protected learned_!: LearnedPrices
  handlingMetadata!: HandlingMetadataCache
  adminProbes!: AdminProbes
  protected settings_!: SettingsInForce
  protected readonly logger_: Logger
  protected readonly container_: InjectedDependencies
  protected readonly connections_: ServiceClients
  private sharedTier_?: SharedQuoteTier | null
  readonly repository: FreteRepository
  readonly trackingOrders: TrackingOrderStore
  readonly stats: FreightStats

  __hooks = {
    onApplicationStart: async () => this.stats.start(),
    onApplicationPrepareShutdown: () => Promise.all([this.learned_.flush(), this.stats.stop()]),
    onApplicationShutdown: () => Promise.all([this.connections_.close(), this.repository.close()]),
  }

  __joinerConfig() {
    return JOINER_CONFIG
  }

  constructor(container: InjectedDependencies, moduleOptions?: unknown) {
    // eslint-disable-next-line prefer-rest-params -- MedusaService's constructor reads the module's arguments.
    super(...(arguments as unknown as [InjectedDependencies]))
    this.container_ = container
    const logger = (this.logger_ = container.logger)
    const repository = (this.repository = new FreteRepository(() => container[ContainerRegistrationKeys.PG_CONNECTION]))
    this.trackingOrders = new TrackingOrderStore(this, repository, () => this.pluginOptions.tracking.timeoutMs)
    this.stats = new FreightStats(repository, logger, (since) => this.trackingOrders.counts(since))
    this.connections_ = new ServiceClients(logger, () => ({
      options: this.pluginOptions,
      credentials: this.settings_.credentials,
    }))
    this.start_(parseFreteOptions(moduleOptions))
  }

  /** The store's own secret the shoppers' addresses are keyed with: the encryption key, else Medusa's JWT secret. */
  addressSecret(): string {
    const jwtSecret = this.container_[ContainerRegistrationKeys.CONFIG_MODULE]?.projectConfig.http.jwtSecret
    return this.pluginOptions.encryptionKey ?? String(jwtSecret ?? "frete")
  }

  /** Starts this process's memory over, as a restart (with these options) does; what is stored stays. For tests. */
  forgetInProcessState(moduleOptions?: unknown, clocks?: InProcessClocks): void {
    this.start_(moduleOptions === undefined ? this.pluginOptions : parseFreteOptions(moduleOptions), clocks)
  }

  private start_(options: FreteOptions, { guard, settings, circuit }: InProcessClocks = {}): void {
    const { logger_: logger, repository } = this
    this.pluginOptions = options
    this.handlingMetadata = createHandlingMetadataCache()
    this.sharedTier_ = undefined
    // The guard's clock, stopped by tests in a minute of their own, stops the probes' periods too.
    this.adminProbes = adminProbes(guard)
    this.settings_ = new SettingsInForce({
      store: {
        read: async () => (await this.listFreteSettings({ id: "frete_settings" }))[0] as SettingsRow | undefined,
        save: (change) => repository.saveSettings(change),
        reseal: (name, next, read) => repository.resealSecret(name, next, read),
      },
      now: settings,
      options,
      logger,
      onApply: ({ freight }) => this.quoter?.useAccount(accountFingerprint(freight.url, freight.secret)),
      caching: () => this.container_[Modules.CACHING],
    })
    const { cache, circuitBreaker, timeoutMs } = options.freight
    this.quoter = new CheckoutQuoter({
      cache: cache.enabled ? cache : null,
      timeoutMs,
      freightClient: () => this.connections_.client("freight"),
      breaker: circuitBreaker.enabled
        ? new CircuitBreaker({ ...circuitBreaker, quietMs: Math.max(5_000, 2 * timeoutMs), now: circuit }, logger)
        : null,
      admission: new QuoteAdmission(repository.grant.bind(repository), logger, guard),
      sharedTier: () => this.sharedTier(),
      learned: (this.learned_ = new LearnedPrices(
        {
          list: ({ since, ...place }, take) =>
            this.listLearnedPrices({ ...place, created_at: { $gte: since } }, { take, order: { created_at: "DESC" } }),
          create: (rows) => this.createLearnedPrices(rows),
        },
        this.stats,
        logger
      )),
      figures: this.stats,
      logger,
    })
  }

  /** Looked up at first use: the Caching Module may load after this module. */
  private sharedTier(): SharedQuoteTier | null {
    if (this.sharedTier_ !== undefined) return this.sharedTier_
    this.sharedTier_ = sharedQuoteTier(this.container_[Modules.CACHING])
    const shared = "frete: quote answers are shared with the store's other instances through Medusa's Caching Module"
    if (this.sharedTier_) this.logger_.info(shared)
    return this.sharedTier_
  }

  /** A checkout request's shopper (address and network keys), or none: a trusted proxy forwarded no one. */
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

  async testConnection(input: ConnectionTestRequest) {
    const settings = await this.getSettings()
    const { credentials } = this.settings_
    const issues = secretPairingIssues(input, credentials)
    if (issues.length) {
      const message = issues.map((issue) => issue.message).join(" ")
      throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), { issues })
    }
    return testConnection(input, credentials, { settings, timeouts: this.pluginOptions, logger: this.logger_ })
  }

  async checkServices() {
    await this.getSettings()
    const { credentials } = this.settings_
    return statusReport(this.pluginOptions, credentials, this.connections_, this.quoter, this.adminProbes.status)
  }

  trackingClient() {
    return this.connections_.client("tracking")
  }

  async trackingOff(settings?: FreteSettings): Promise<"disabled" | "not_configured" | null> {
    const { tracking } = settings ?? (await this.getSettings())
    return !tracking.enabled ? "disabled" : this.connections_.client("tracking") ? null : "not_configured"
  }

  /** The Frete page's figures, this instance's answers waiting to be learned measured first. */
  async readStats(range: StatsRange) {
    await this.learned_.flush()
    return this.stats.read(range)
  }

  /** Past the retention the merchant set, all but a region's newest, and the oldest past MAX_LEARNED_ROWS. */
  async pruneLearnedPrices(): Promise<void> {
    await this.repository.pruneLearnedPrices((await this.getSettings()).learned_prices.retention_days, PER_REGION)
    const order = { created_at: "DESC" as const }
    const [oldestKept] = await this.listLearnedPrices({}, { skip: MAX_LEARNED_ROWS - 1, take: 1, order })
    if (oldestKept) await this.deleteLearnedPrices({ selector: { created_at: { $lt: oldestKept.created_at } } })
  }

  /** `sending` rows past their lease (their process died mid-call), now failed: never resent by themselves. */
  async sweepTrackingLeases(): Promise<TrackingOrderRow[]> {
    const swept = await this.trackingOrders.sweepExpired()
    const why =
      "its attempt was interrupted during the call (lease expired); check the tracking service before resending"
    for (const row of swept) this.logger_.warn(`frete tracking: fulfillment ${row.fulfillment_id} failed: ${why}`)
    return swept
  }
}
