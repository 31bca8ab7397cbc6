import type { Logger } from "@medusajs/framework/types"
import { MedusaError, MedusaService } from "@medusajs/framework/utils"
import { parseFreteOptions, type FreteOptions } from "../../../medusa-plugin.config"
import { CheckoutQuoter } from "../../lib/checkout/checkout-quoter"
import { ClientRateLimiter } from "../../lib/client-rate-limit"
import type { FreightQuote } from "../../lib/freight/schemas"
import { QuoteCache } from "../../lib/quote-cache"
import { ServiceClients } from "../../lib/service-clients"
import { checkServices } from "../../lib/service-status"
import { DEFAULT_SETTINGS, freteSettingsSchema, settingsIssues, type FreteSettings } from "../../lib/settings/schema"
import { setActiveFreteModule } from "./active-module"
import { FreteSettingsRecord } from "./models/frete-settings-record"

type InjectedDependencies = {
  logger: Logger
}

export const SETTINGS_ROW_ID = "frete_settings"

/**
 * The plugin's own module: the merchant's settings (one row), the parsed options, one connection
 * pool per service and the quote cache that every part of the plugin in this process shares.
 * As a plugin module, Medusa hands it the plugin entry's options; run as a project, it has none
 * and reads the FRETE_* variables.
 */
export default class FreteModuleService extends MedusaService({ FreteSettingsRecord }) {
  protected readonly options_: FreteOptions
  protected readonly logger_: Logger
  protected readonly clients_: ServiceClients
  protected readonly quoter_: CheckoutQuoter
  protected readonly quoteLimiters_ = new Map<number, ClientRateLimiter>()
  protected settings_?: { value: FreteSettings; readAt: number }
  protected settingsLoad_?: Promise<FreteSettings>

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
    this.quoter_ = new CheckoutQuoter({
      cache: new QuoteCache<FreightQuote>(this.options_.freight.cache),
      freightClient: () => this.freightClient(),
      logger: container.logger,
    })
    setActiveFreteModule(this)
  }

  get pluginOptions(): FreteOptions {
    return this.options_
  }

  get quoter(): CheckoutQuoter {
    return this.quoter_
  }

  /** The freight client for the options in force, or null when the API is not configured. */
  freightClient() {
    const { url, token, timeoutMs, connections } = this.options_.freight
    return url && token ? this.clients_.freight({ url, token, timeoutMs, connections }) : null
  }

  /** One rate limiter per limit, so a change of the setting takes effect at once. */
  quoteRouteLimiter(limitPerMinute: number): ClientRateLimiter {
    let limiter = this.quoteLimiters_.get(limitPerMinute)
    if (!limiter) {
      this.quoteLimiters_.clear()
      limiter = new ClientRateLimiter({ limit: limitPerMinute, windowMs: 60_000 })
      this.quoteLimiters_.set(limitPerMinute, limiter)
    }
    return limiter
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
   * stay. A bad value is an INVALID_DATA error naming the field; nothing is saved then.
   */
  async saveSettings(input: Record<string, unknown>): Promise<FreteSettings> {
    const current = await this.readSettings()
    const parsed = freteSettingsSchema.safeParse({ ...current, ...input })
    if (!parsed.success) {
      const issues = settingsIssues(parsed.error)
      const error = new MedusaError(
        MedusaError.Types.INVALID_DATA,
        `Configuração inválida: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")}`
      )
      Object.assign(error, { issues })
      throw error
    }
    const [existing] = await this.listFreteSettingsRecords({ id: SETTINGS_ROW_ID })
    if (existing) {
      await this.updateFreteSettingsRecords({ id: SETTINGS_ROW_ID, settings: parsed.data })
    } else {
      await this.createFreteSettingsRecords({ id: SETTINGS_ROW_ID, settings: parsed.data })
    }
    this.settings_ = { value: parsed.data, readAt: Date.now() }
    return parsed.data
  }

  /** Whether each service is configured and answers; never the secrets themselves. */
  async checkServices() {
    return checkServices({ freight: this.options_.freight, tracking: this.options_.tracking }, this.clients_)
  }

  private async readSettings(): Promise<FreteSettings> {
    const [record] = await this.listFreteSettingsRecords({ id: SETTINGS_ROW_ID })
    let value = DEFAULT_SETTINGS
    if (record) {
      const parsed = freteSettingsSchema.safeParse(record.settings)
      if (parsed.success) {
        value = parsed.data
      } else {
        this.logger_.error(`frete: the stored settings are invalid, defaults apply until they are saved again: ${parsed.error.message}`)
      }
    }
    this.settings_ = { value, readAt: Date.now() }
    return value
  }
}
