import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { ICachingModuleService, Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, defineJoinerConfig, Modules } from "@medusajs/framework/utils"
import { parseFreteOptions, type FreteOptions } from "../../../medusa-plugin.config"
import type { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import { createHandlingMetadataCache, type HandlingMetadataCache } from "../../lib/checkout/handling-days"
import type { ConnectionTestResult } from "../../lib/services/connection-test"
import type { FreteSettings } from "../../lib/settings/schema"
import { FRETE_MODULE } from "../../lib/frete-provider"
import { ServiceClients } from "./connections"
import { testConnectionInForce, type ConnectionTestRequest } from "./connection-test"
import { accountFingerprint, credentialsView } from "./credentials"
import { createCheckoutQuoter } from "./freight-quoting"
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
}

const JOINER_CONFIG = defineJoinerConfig(FRETE_MODULE, { models: [FreteSettingsRecord, TrackingOrderRecord] })

/** Not `MedusaService({ … })`: its tables are written with SQL the generated CRUD cannot express (`SKIP LOCKED`, upserts). */
export default class FreteModuleService {
  pluginOptions!: FreteOptions
  quoter!: CheckoutQuoter
  handlingMetadata!: HandlingMetadataCache
  protected readonly logger_: Logger
  protected settings_!: SettingsInForce
  private readonly startInProcessState_: (options: FreteOptions, guardClock?: () => number) => void
  protected readonly connections_: ServiceClients
  /** The quota guard's shared counts (frete_quote_budget). */
  readonly quoteTakes: QuoteTakes
  /** The tracking outbox's rows (tracking_order): every SQL on them. */
  readonly trackingOrders: TrackingOrderStore

  __hooks = { onApplicationShutdown: () => this.connections_.close() }

  __joinerConfig() {
    return JOINER_CONFIG
  }

  constructor(container: InjectedDependencies, moduleOptions?: unknown) {
    const logger = (this.logger_ = container.logger)
    const knex = () => container[ContainerRegistrationKeys.PG_CONNECTION]
    this.quoteTakes = new QuoteTakes(knex)
    this.trackingOrders = new TrackingOrderStore(knex, () => this.pluginOptions.tracking.timeoutMs)
    this.connections_ = new ServiceClients(logger, () => ({ options: this.pluginOptions, credentials: this.settings_.credentials }))
    this.startInProcessState_ = (options, guardClock) => {
      this.pluginOptions = options
      this.handlingMetadata = createHandlingMetadataCache()
      this.settings_ = new SettingsInForce({ knex, options, logger, onApply: ({ freight }) => this.quoter?.useAccount(accountFingerprint(freight.url, freight.secret)) })
      this.quoter = createCheckoutQuoter({
        options,
        logger,
        caching: () => container[Modules.CACHING],
        freightClient: () => this.connections_.freight(),
        grantBudget: (key, windowStart, want, limit) => this.quoteTakes.grant(key, windowStart, want, limit),
        guardClock,
      })
    }
    this.startInProcessState_(parseFreteOptions(moduleOptions))
  }

  /** Starts this process's memory over, as a restart (with these options) does; what is stored stays. `guardClock`: the quota guard's minutes, for tests. */
  forgetInProcessState(moduleOptions?: unknown, guardClock?: () => number): void {
    this.startInProcessState_(moduleOptions === undefined ? this.pluginOptions : parseFreteOptions(moduleOptions), guardClock)
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

  /** The URLs and secrets typed, or else those in force. */
  async testConnection(input: ConnectionTestRequest): Promise<ConnectionTestResult> {
    const settings = await this.getSettings()
    return testConnectionInForce(input, { settings, credentials: this.settings_.credentials, options: this.pluginOptions, logger: this.logger_ })
  }

  async checkServices() {
    await this.getSettings()
    return statusReport(this.pluginOptions, this.settings_.credentials, this.connections_, this.quoter)
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
      this.logger_.warn(`frete tracking: fulfillment ${row.fulfillment_id} failed: its attempt was interrupted during the call (lease expired); check the tracking service before resending`)
    }
    return swept
  }
}
