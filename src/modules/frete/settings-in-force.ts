import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { DEFAULT_SETTINGS, freteSettingsSchema, mergeSettings, repairSettings, type FreteSettings } from "../../lib/settings/schema"
import { credentialsInForce, openSecrets, resealings, sealSecrets, secretChanges, type Credentials, type Sealed } from "./credentials"

const ROW_ID = "frete_settings"

/** How long checkout waits for a read of the settings (a migration's lock can hang it) before it prices with the ones last read, or the defaults. */
export const SETTINGS_READ_WAIT_MS = 500

function rowOf(record: { settings: unknown; secrets: Sealed | null; deleted_at?: Date | null } | undefined): { settings: unknown; sealed: Sealed } {
  return record && !record.deleted_at ? { settings: record.settings ?? {}, sealed: { ...record.secrets } } : { settings: {}, sealed: {} }
}

type Deps = { knex: () => Knex; options: FreteOptions; logger: Logger; onApply: (credentials: Credentials) => void }

// Read again once `settingsRefreshMs` has passed: a save on another instance applies here within that time.
export class SettingsInForce {
  private cached_?: { value: FreteSettings; readAt: number }
  private refresh_?: { settings: Promise<FreteSettings>; until: number }
  credentials: Credentials
  repairedFields: string[] = []
  private readonly logged_ = new Set<string>()
  private failing_ = false
  private overran_ = false
  private saves_ = 0
  private appliedSave_ = 0

  constructor(private readonly deps: Deps) {
    this.credentials = credentialsInForce(deps.options, DEFAULT_SETTINGS, {})
  }

  /** One read at a time; a caller waits for it SETTINGS_READ_WAIT_MS, then gets the settings last read (before any, the defaults) while it goes on. */
  async get(): Promise<FreteSettings> {
    if (this.cached_ && Date.now() - this.cached_.readAt < this.deps.options.settingsRefreshMs) return this.cached_.value
    const refresh = (this.refresh_ ??= { settings: this.refresh().finally(() => (this.refresh_ = undefined)), until: Date.now() + SETTINGS_READ_WAIT_MS })
    if (Date.now() >= refresh.until) return this.standIn()
    let timer: NodeJS.Timeout | undefined
    const timeUp = new Promise<FreteSettings>((resolve) => (timer = setTimeout(() => resolve(this.standIn()), refresh.until - Date.now()).unref()))
    return Promise.race([refresh.settings, timeUp]).finally(() => clearTimeout(timer))
  }

  /** The settings last read (a save may have applied newer ones while the read hangs); before any, the options' credentials and the defaults. */
  private standIn(): FreteSettings {
    const last = this.cached_
    if (!this.overran_) {
      this.overran_ = true
      const inForce = last ? `the settings read at ${new Date(last.readAt).toISOString()} stay` : "the plugin's options and the settings' defaults (nothing saved in the admin) are"
      this.deps.logger.warn(`frete: reading the settings has not answered within ${SETTINGS_READ_WAIT_MS} ms; ${inForce} in force until it answers`)
      if (!last) this.deps.onApply(this.credentials)
    }
    return last?.value ?? DEFAULT_SETTINGS
  }

  /** A failed read keeps the settings last read; with none read yet the error stands (a failure, unlike a hang, is not priced from the defaults). */
  private async refresh(): Promise<FreteSettings> {
    try {
      const settings = await this.read()
      if (this.failing_ || this.overran_) {
        this.failing_ = this.overran_ = false
        this.deps.logger.info("frete: the settings are read again; the ones saved now are in force")
      }
      return settings
    } catch (error) {
      const last = this.cached_
      if (!last) throw error
      if (!this.failing_) {
        this.failing_ = true
        const reason = error instanceof Error ? error.message : String(error)
        this.deps.logger.warn(`frete: reading the settings failed (${reason}); the settings read at ${new Date(last.readAt).toISOString()} stay in force until a read succeeds`)
      }
      this.cached_ = { value: last.value, readAt: Date.now() }
      return last.value
    }
  }

  private async read(): Promise<FreteSettings> {
    const savesApplied = this.appliedSave_
    const { rows } = await this.deps.knex().raw(`select settings, secrets from frete_settings where id = ? and deleted_at is null`, [ROW_ID])
    // A save of this process applied meanwhile stands: this read may have seen the row before it committed.
    if (this.appliedSave_ !== savesApplied && this.cached_) return this.cached_.value
    const row = rowOf(rows[0])
    const { settings, repaired } = repairSettings(row.settings)
    this.noteRepairs(repaired)
    return this.apply(settings, row.sealed)
  }

  /** The read, merge and write hold the row's lock: a save at the same moment, on any instance, waits and merges over this one. */
  async save(input: Record<string, unknown>): Promise<FreteSettings> {
    const { secrets, ...fields } = input
    const { knex, options, logger } = this.deps
    const saved = await knex().transaction(async (trx) => {
      // The first save of all inserts the row in this transaction: two first saves queue on its key.
      await trx.raw(`insert into frete_settings (id, settings, secrets) values (?, '{}'::jsonb, '{}'::jsonb) on conflict (id) do nothing`, [ROW_ID])
      const { rows } = await trx.raw(`select settings, secrets, deleted_at from frete_settings where id = ? for update`, [ROW_ID])
      const row = rowOf(rows[0])
      const { settings: current, repaired } = repairSettings(row.settings)
      const parsed = freteSettingsSchema.safeParse(mergeSettings(current, fields))
      const issues = parsed.success ? [] : parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message }))
      const changes = secretChanges(secrets, Boolean(options.encryptionKey), issues)
      if (!parsed.success || issues.length) {
        const message = `Configuração inválida: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")}`
        throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), { issues })
      }
      const sealed = sealSecrets(row.sealed, changes, current, parsed.data, options)
      const update = `update frete_settings set settings = ?::jsonb, secrets = ?::jsonb, deleted_at = null, updated_at = now() where id = ?`
      await trx.raw(update, [JSON.stringify(parsed.data), JSON.stringify(sealed), ROW_ID])
      return { settings: parsed.data, sealed, repaired, generation: (this.saves_ += 1) }
    })
    if (saved.repaired.length) {
      logger.warn(`frete: this save stored the default of ${saved.repaired.join(", ")}, which no longer passed the settings' schema; the other settings were kept`)
    }
    // Two saves of this process may answer in either order: the one that committed last stays in force.
    if (saved.generation < this.appliedSave_) return saved.settings
    this.appliedSave_ = saved.generation
    this.noteRepairs([])
    return this.apply(saved.settings, saved.sealed)
  }

  private noteRepairs(repaired: string[]): void {
    for (const field of repaired.filter((field) => !this.repairedFields.includes(field))) {
      this.deps.logger.warn(`frete: the stored setting ${field} no longer passes the settings' schema: its default applies, the other settings are kept, until the settings are saved again`)
    }
    this.repairedFields = repaired
  }

  private apply(settings: FreteSettings, sealed: Sealed): FreteSettings {
    const { options, logger } = this.deps
    const secrets = openSecrets(sealed, options.encryptionKey, (problem) => this.logOnce(problem, (line) => logger.error(line)))
    this.credentials = credentialsInForce(options, settings, secrets)
    this.deps.onApply(this.credentials)
    this.cached_ = { value: settings, readAt: Date.now() }
    this.reseal(sealed, resealings(secrets, this.credentials, options.encryptionKey))
    return settings
  }

  /** In the background (checkout does not wait), each only if the row still holds what was read: a save meanwhile wins. */
  private reseal(sealed: Sealed, pending: Array<{ name: string; next: Sealed }>): void {
    if (!pending.length) return
    const { knex, logger } = this.deps
    const names = pending.map((entry) => entry.name).join(", ")
    const writes = pending.map(({ name, next }) =>
      knex().raw(
        `update frete_settings set secrets = secrets || ?::jsonb, updated_at = now()
         where id = ? and deleted_at is null and secrets->>? = ? and (secrets->>?) is not distinct from ?::text`,
        [JSON.stringify(next), ROW_ID, name, sealed[name], `${name}_url`, sealed[`${name}_url`] ?? null]
      )
    )
    Promise.all(writes).then(
      (answers) => answers.some((answer) => (answer as { rowCount?: number }).rowCount) && logger.info(`frete: ${names} saved in the admin sealed again, bound to its URL`),
      (error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error)
        this.logOnce(`frete: sealing ${names} again, bound to its URL, failed (${reason}); tried again at the next read`, (line) => logger.warn(line))
      }
    )
  }

  private logOnce(line: string, log: (line: string) => void): void {
    if (!this.logged_.has(line)) {
      this.logged_.add(line)
      log(line)
    }
  }
}
