import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type {
  ConfigModule,
  DAL,
  FindConfig,
  ICachingModuleService,
  Logger,
  ModulesSdkTypes,
} from "@medusajs/framework/types"
import { ContainerRegistrationKeys, defineJoinerConfig, MedusaError, Modules } from "@medusajs/framework/utils"
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
import { TrackingOrderRecord } from "./models/tracking-order-record"
import { QuoteTakes } from "./quote-takes"
import { SettingsInForce } from "./settings-in-force"
import { statusReport } from "./status-report"
import { TrackingOrderStore, type TrackingOrderRow } from "./tracking-order-store"

type InjectedDependencies = {
  logger: Logger
  /** Medusa passes every module the Caching Module; undefined when the store does not register it. */
  [Modules.CACHING]?: ICachingModuleService
  [ContainerRegistrationKeys.PG_CONNECTION]: Knex
  [ContainerRegistrationKeys.CONFIG_MODULE]?: ConfigModule
  /** Registered by Medusa's module loader for the model, as for a `MedusaService`; Query follows the links through it. */
  trackingOrderService: ModulesSdkTypes.IMedusaInternalService<typeof TrackingOrderRecord>
  baseRepository: DAL.RepositoryService
}

const JOINER_CONFIG = defineJoinerConfig(FRETE_MODULE, { models: [FreteSettingsRecord, TrackingOrderRecord] })

const sameUrl = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.replace(/\/+$/, "") === b.replace(/\/+$/, "")

/** Not `MedusaService({ … })`: its tables are written with SQL the generated CRUD cannot express (`SKIP LOCKED`, upserts). */
export default class FreteModuleService {
  pluginOptions!: FreteOptions
  quoter!: CheckoutQuoter
  handlingMetadata!: HandlingMetadataCache
  /** The admin's own asks of the services (an order's API price, the status), kept briefly and capped. */
  adminProbes!: AdminProbes
  protected readonly logger_: Logger
  private readonly container_: InjectedDependencies
  protected settings_!: SettingsInForce
  private readonly startInProcessState_: (options: FreteOptions, guardClock?: () => number) => void
  protected readonly connections_: ServiceClients
  /** The quota guard's shared counts (frete_quote_budget). */
  readonly quoteTakes: QuoteTakes
  /** The tracking outbox's rows (tracking_order): every SQL on them. */
  readonly trackingOrders: TrackingOrderStore
  /** The admin's Frete page's figures (frete_stat). */
  readonly stats: FreightStats

  __hooks = {
    onApplicationPrepareShutdown: () => this.stats.flush(),
    onApplicationShutdown: () => Promise.all([this.connections_.close(), this.quoteTakes.close()]),
  }

  __joinerConfig() {
    return JOINER_CONFIG
  }

  /** What Query calls to follow the links of `src/links` (`order.tracking_orders`), as `MedusaService` would generate. */
  async listTrackingOrders(filters: Record<string, unknown> = {}, config: FindConfig<TrackingOrderRow> = {}) {
    const { trackingOrderService, baseRepository } = this.container_
    return baseRepository.serialize<TrackingOrderRow[]>(await trackingOrderService.list(filters, config))
  }

  /** The store's own secret the shoppers' addresses are keyed with: the plugin's encryption key, else Medusa's JWT secret. */
  readonly addressSecret: () => string

  constructor(container: InjectedDependencies, moduleOptions?: unknown) {
    this.container_ = container
    const logger = (this.logger_ = container.logger)
    const jwtSecret = container[ContainerRegistrationKeys.CONFIG_MODULE]?.projectConfig.http.jwtSecret
    this.addressSecret = () => this.pluginOptions.encryptionKey ?? String(jwtSecret ?? "frete")
    const knex = () => container[ContainerRegistrationKeys.PG_CONNECTION]
    this.quoteTakes = new QuoteTakes(knex)
    this.trackingOrders = new TrackingOrderStore(knex, () => this.pluginOptions.tracking.timeoutMs)
    this.stats = new FreightStats(knex, logger)
    this.connections_ = new ServiceClients(logger, () => ({
      options: this.pluginOptions,
      credentials: this.settings_.credentials,
    }))
    this.startInProcessState_ = (options, guardClock) => {
      this.pluginOptions = options
      this.handlingMetadata = createHandlingMetadataCache()
      // The guard's clock, stopped by tests in a minute of their own, stops the probes' periods too.
      this.adminProbes = new AdminProbes(guardClock)
      this.settings_ = new SettingsInForce({
        knex,
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
      // The checkout quoter the provider and the store quote route of this process share; the quota guard's count is in Postgres.
      this.quoter = new CheckoutQuoter({
        cache: cache.enabled ? cache : null,
        timeoutMs,
        freightClient: () => this.connections_.freight(),
        breaker: circuitBreaker.enabled
          ? new CircuitBreaker({ ...circuitBreaker, quietMs: Math.max(5_000, 2 * timeoutMs) }, logger)
          : null,
        admission: new QuoteAdmission(
          (key, windowStart, want, limit) => this.quoteTakes.grant(key, windowStart, want, limit),
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

  /** Starts this process's memory over, as a restart (with these options) does; what is stored stays. `guardClock`: the quota guard's minutes, for tests. */
  forgetInProcessState(moduleOptions?: unknown, guardClock?: () => number): void {
    this.startInProcessState_(
      moduleOptions === undefined ? this.pluginOptions : parseFreteOptions(moduleOptions),
      guardClock
    )
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

  /** The URLs and secrets typed, or else those in force; a secret never goes to an address it was not configured for. */
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
