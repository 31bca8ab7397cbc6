import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { DEFAULT_SETTINGS, freteSettingsSchema, settingsIssues, type FreteSettings } from "../../lib/settings/schema"
import { credentialsInForce, type Credentials } from "./credentials"
import { openSecrets, sealSecrets, secretChanges, type Sealed } from "./sealed-secrets"

export const SETTINGS_ROW_ID = "frete_settings"

type Deps = {
  knex: () => Knex
  options: FreteOptions
  logger: Logger
  /** Told the credentials each time settings are applied (the quoter keys its answers by account). */
  onApply: (credentials: Credentials) => void
}

/**
 * The merchant's settings (one row of `frete_settings`) and the credentials they put in force in
 * this process: read again once `settingsRefreshMs` has passed, so a change saved on another
 * Medusa instance applies here within that time, with no restart.
 */
export class SettingsInForce {
  private cached_?: { value: FreteSettings; readAt: number }
  private load_?: Promise<FreteSettings>
  private credentials_: Credentials
  /** Secret problems already logged: the settings are read again every few seconds. */
  private readonly problemsLogged_ = new Set<string>()
  /** A refresh failed and the settings last read stand in: logged once, until a read succeeds. */
  private refreshFailing_ = false

  constructor(private readonly deps: Deps) {
    this.credentials_ = credentialsInForce(deps.options, DEFAULT_SETTINGS, {})
  }

  /** The URLs and secrets in force as of the last read of the settings. */
  get credentials(): Credentials {
    return this.credentials_
  }

  async get(): Promise<FreteSettings> {
    const cached = this.cached_
    if (cached && Date.now() - cached.readAt < this.deps.options.settingsRefreshMs) {
      return cached.value
    }
    this.load_ ??= this.refresh().finally(() => {
      this.load_ = undefined
    })
    return this.load_
  }

  /**
   * Reads the settings again. When that read fails (a database blip), the settings last read stay
   * in force, so checkout keeps its prices, and the read is tried again after
   * `settingsRefreshMs`, not on every request. With none read yet in this process the error
   * stands: defaults would price without the merchant's rules (free freight, handling days,
   * extra price, fallback table, URLs saved in the admin).
   */
  private async refresh(): Promise<FreteSettings> {
    try {
      const settings = await this.read()
      if (this.refreshFailing_) {
        this.refreshFailing_ = false
        this.deps.logger.info("frete: the settings are read again; the ones saved now are in force")
      }
      return settings
    } catch (error) {
      const last = this.cached_
      if (!last) {
        throw error
      }
      if (!this.refreshFailing_) {
        this.refreshFailing_ = true
        const reason = error instanceof Error ? error.message : String(error)
        this.deps.logger.warn(
          `frete: reading the settings failed (${reason}); the settings read at ${new Date(last.readAt).toISOString()} stay in force until a read succeeds`
        )
      }
      this.cached_ = { value: last.value, readAt: Date.now() }
      return last.value
    }
  }

  /**
   * Validates and saves settings: the given top-level fields replace the current ones, the others
   * stay. `secrets` (`freight_token`, `tracking_credential`) are stored encrypted: a string
   * replaces one, null removes it. A bad value is an INVALID_DATA error naming the field; nothing
   * is saved then.
   */
  async save(input: Record<string, unknown>): Promise<FreteSettings> {
    const { secrets: secretsInput, ...fields } = input
    const { settings: current, sealed } = await this.readRecord()
    const parsed = freteSettingsSchema.safeParse({ ...current, ...fields })
    const issues = parsed.success ? [] : settingsIssues(parsed.error)
    const changes = secretChanges(secretsInput, Boolean(this.deps.options.encryptionKey), issues)
    if (!parsed.success || issues.length) {
      const message = `Configuração inválida: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")}`
      throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), { issues })
    }
    const next = sealSecrets(sealed, changes, current, parsed.data, this.deps.options)
    // One statement, whole values: an ORM update merges JSON objects (a removed secret would stay),
    // and two first saves at once must not both insert.
    await this.deps.knex().raw(
      `insert into frete_settings (id, settings, secrets) values (?, ?::jsonb, ?::jsonb)
       on conflict (id) do update set settings = excluded.settings, secrets = excluded.secrets, updated_at = now()`,
      [SETTINGS_ROW_ID, JSON.stringify(parsed.data), JSON.stringify(next)]
    )
    return this.apply(parsed.data, next)
  }

  /** The settings row: its validated settings (defaults where invalid or absent) and its sealed secrets. */
  private async readRecord(): Promise<{ settings: FreteSettings; sealed: Sealed }> {
    const { rows } = await this.deps.knex().raw(`select settings, secrets from frete_settings where id = ? and deleted_at is null`, [SETTINGS_ROW_ID])
    const record = rows[0] as { settings: unknown; secrets: Sealed | null } | undefined
    const sealed = { ...(record?.secrets ?? {}) }
    if (!record) {
      return { settings: DEFAULT_SETTINGS, sealed }
    }
    const parsed = freteSettingsSchema.safeParse(record.settings)
    if (!parsed.success) {
      this.deps.logger.error(`frete: the stored settings are invalid, defaults apply until they are saved again: ${parsed.error.message}`)
    }
    return { settings: parsed.success ? parsed.data : DEFAULT_SETTINGS, sealed }
  }

  private async read(): Promise<FreteSettings> {
    const { settings, sealed } = await this.readRecord()
    return this.apply(settings, sealed)
  }

  /** Makes these settings and secrets the ones in force in this process. */
  private apply(settings: FreteSettings, sealed: Sealed): FreteSettings {
    const secrets = openSecrets(sealed, this.deps.options.encryptionKey, (problem) => {
      if (!this.problemsLogged_.has(problem)) {
        this.problemsLogged_.add(problem)
        this.deps.logger.error(problem)
      }
    })
    this.credentials_ = credentialsInForce(this.deps.options, settings, secrets)
    this.deps.onApply(this.credentials_)
    this.cached_ = { value: settings, readAt: Date.now() }
    return settings
  }
}
