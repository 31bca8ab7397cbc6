import type { ICachingModuleService, Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { ShopperError } from "../../lib/checkout/shopper-error"
import {
  DEFAULT_SETTINGS,
  freteSettingsSchema,
  mergeSettings,
  repairSettings,
  type FreteSettings,
} from "../../lib/settings/schema"
import {
  credentialsInForce,
  encryptionKeys,
  openSecrets,
  resealings,
  sealSecrets,
  secretChanges,
  type Credentials,
  type Sealed,
} from "./credentials"
import type { FreteRepository, SettingsRow } from "./repository"
import { settingsCopy, type SettingsCopy, type StoredRow } from "./settings-copy"

/** How long checkout waits for a read of the settings (a migration's lock can hang it) before it uses the last read. */
export const SETTINGS_READ_WAIT_MS = 500

/** Read by the module's generated method (no row: nothing saved); saved and resealed by the repository. */
export type SettingsStore = {
  read(): Promise<SettingsRow | undefined>
  save: FreteRepository["saveSettings"]
  reseal: FreteRepository["resealSecret"]
}

type Deps = {
  store: SettingsStore
  options: FreteOptions
  logger: Logger
  onApply: (credentials: Credentials) => void
  /** Medusa's Caching Module, where the instances keep the row they last read. */
  caching?: () => ICachingModuleService | undefined
  now?: () => number
}

const rowOf = (record: SettingsRow | undefined): StoredRow => ({
  settings: record?.settings ?? {},
  sealed: { ...record?.secrets },
})

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** What `promise` settles to within `ms` (a rejection is thrown), else undefined. */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const timeUp = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, ms)).unref()
  })
  try {
    return await Promise.race([promise, timeUp])
  } finally {
    clearTimeout(timer)
  }
}

// Read again once `settingsRefreshMs` has passed: a save on another instance applies here within that time.
export class SettingsInForce {
  credentials: Credentials
  repairedFields: string[] = []
  private cached_?: { value: FreteSettings; readAt: number }
  /** One read and the callers waiting for it; `copied`: another instance's read, looked up once. */
  private refresh_?: { settings: Promise<FreteSettings>; until: number; copied?: Promise<FreteSettings | null> }
  private copy_?: SettingsCopy | null
  private readonly logged_ = new Set<string>()
  private failing_ = false
  private overran_ = false
  private saves_ = 0
  private appliedSave_ = 0
  private readonly now: () => number

  constructor(private readonly deps: Deps) {
    this.credentials = credentialsInForce(deps.options, DEFAULT_SETTINGS, {})
    this.now = deps.now ?? Date.now
  }

  // A caller waits SETTINGS_READ_WAIT_MS for the read, then gets the last read. Before any read, never the defaults
  // (carts would miss the merchant's rules): another instance's read, else this one in the deadline, else "try again".
  async get(): Promise<FreteSettings> {
    const { settingsRefreshMs, freight } = this.deps.options
    if (this.cached_ && this.now() - this.cached_.readAt < settingsRefreshMs) return this.cached_.value
    const arrivedAt = this.now()
    const refresh = (this.refresh_ ??= {
      settings: this.refresh().finally(() => (this.refresh_ = undefined)),
      until: arrivedAt + SETTINGS_READ_WAIT_MS,
    })
    const read = arrivedAt < refresh.until ? await within(refresh.settings, refresh.until - arrivedAt) : undefined
    if (read) return read
    if (this.cached_) {
      const readAt = new Date(this.cached_.readAt).toISOString()
      this.warnOverran(`the settings read at ${readAt} stay in force until it answers`)
      return this.cached_.value
    }
    const deadline = arrivedAt + freight.timeoutMs
    const copied = await within((refresh.copied ??= this.fromCopy()), deadline - this.now())
    if (copied) return copied
    const late = await within(refresh.settings, deadline - this.now())
    if (late) return late
    throw new ShopperError("settings_unavailable", `no settings were read within ${freight.timeoutMs} ms`)
  }

  private async fromCopy(): Promise<FreteSettings | null> {
    const kept = await this.copy()
      ?.read()
      .catch((error: unknown) => {
        this.warnOnce(`frete: reading the settings' copy in Medusa's Caching Module failed (${reasonOf(error)})`)
        return null
      })
    if (this.cached_) return this.cached_.value
    if (!kept) {
      this.warnOverran(
        "none was read yet and no instance's copy is kept in Medusa's Caching Module: checkout waits for it " +
          "within freight.timeoutMs, then asks the shopper to try again"
      )
      return null
    }
    const from = `another instance's read at ${new Date(kept.readAt).toISOString()} (Medusa's Caching Module)`
    this.warnOverran(`the settings of ${from} are in force until it answers`)
    const { settings, repaired } = repairSettings(kept.row.settings)
    this.noteRepairs(repaired)
    return this.apply(settings, kept.row.sealed, kept.readAt)
  }

  private warnOverran(inForce: string): void {
    if (this.overran_) return
    this.overran_ = true
    this.deps.logger.warn(`frete: reading the settings has not answered within ${SETTINGS_READ_WAIT_MS} ms; ${inForce}`)
  }

  /** Built at first use: the Caching Module may load after this module. Null without it or an encryptionKey. */
  private copy(): SettingsCopy | null {
    if (this.copy_ === undefined) this.copy_ = settingsCopy(this.deps.caching?.(), encryptionKeys(this.deps.options))
    return this.copy_
  }

  /** The row as stored (secrets sealed), for a new instance whose first read hangs; checkout does not wait for it. */
  private keep(row: StoredRow): void {
    this.copy()
      ?.write(row)
      .catch((error: unknown) =>
        this.warnOnce(`frete: keeping a copy of the settings in Medusa's Caching Module failed (${reasonOf(error)})`)
      )
  }

  /** A failed read keeps the settings last read; with none read yet the error stands. */
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
        const readAt = new Date(last.readAt).toISOString()
        const inForce = `the settings read at ${readAt} stay in force until a read succeeds`
        this.deps.logger.warn(`frete: reading the settings failed (${reasonOf(error)}); ${inForce}`)
      }
      this.cached_ = { value: last.value, readAt: this.now() }
      return last.value
    }
  }

  private async read(): Promise<FreteSettings> {
    const savesApplied = this.appliedSave_
    const record = await this.deps.store.read()
    // A save of this process applied meanwhile stands: this read may have seen the row before it committed.
    if (this.appliedSave_ !== savesApplied && this.cached_) return this.cached_.value
    const row = rowOf(record)
    const { settings, repaired } = repairSettings(row.settings)
    this.noteRepairs(repaired)
    this.keep(row)
    return this.apply(settings, row.sealed)
  }

  /** The read, merge and write hold the row's lock: a save at the same moment, on any instance, merges over it. */
  async save(input: Record<string, unknown>): Promise<FreteSettings> {
    const { secrets, ...fields } = input
    const { store, options, logger } = this.deps
    const saved = await store.save((record) => {
      const row = rowOf(record)
      const { settings: current, repaired } = repairSettings(row.settings)
      const parsed = freteSettingsSchema.safeParse(mergeSettings(current, fields))
      const issues = (parsed.error?.issues ?? []).map((issue) => ({
        field: issue.path.join("."),
        message: issue.message,
      }))
      const changes = secretChanges(secrets, Boolean(options.encryptionKey), issues)
      if (!parsed.success || issues.length) {
        const listed = issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")
        const message = `Configuração inválida: ${listed}`
        throw Object.assign(new MedusaError(MedusaError.Types.INVALID_DATA, message), { issues })
      }
      const sealed = sealSecrets(row.sealed, changes, current, parsed.data, options)
      const result = { settings: parsed.data, sealed, repaired, generation: (this.saves_ += 1) }
      return { next: { settings: parsed.data, secrets: sealed }, result }
    })
    if (saved.repaired.length) {
      logger.warn(
        `frete: this save stored the default of ${saved.repaired.join(", ")}, which no longer passed the settings' ` +
          "schema; the other settings were kept"
      )
    }
    // Two saves of this process may answer in either order: the one that committed last stays in force.
    if (saved.generation < this.appliedSave_) return saved.settings
    this.appliedSave_ = saved.generation
    this.noteRepairs([])
    this.keep({ settings: saved.settings, sealed: saved.sealed })
    return this.apply(saved.settings, saved.sealed)
  }

  private noteRepairs(repaired: string[]): void {
    for (const field of repaired.filter((field) => !this.repairedFields.includes(field))) {
      this.deps.logger.warn(
        `frete: the stored setting ${field} no longer passes the settings' schema: its default applies, the other ` +
          "settings are kept, until the settings are saved again"
      )
    }
    this.repairedFields = repaired
  }

  /** `copiedAt`: another instance's read; no resealing from it (the table may be locked). */
  private apply(settings: FreteSettings, sealed: Sealed, copiedAt?: number): FreteSettings {
    const { options, logger } = this.deps
    const secrets = openSecrets(sealed, encryptionKeys(options), (problem) =>
      this.logOnce(problem, (line) => logger.error(line))
    )
    this.credentials = credentialsInForce(options, settings, secrets)
    this.deps.onApply(this.credentials)
    this.cached_ = { value: settings, readAt: copiedAt ?? this.now() }
    if (copiedAt === undefined) this.reseal(sealed, resealings(secrets, this.credentials, options.encryptionKey))
    return settings
  }

  /** In the background, each only if the row still holds what was read: a save wins. */
  private reseal(sealed: Sealed, pending: Array<{ name: string; next: Sealed }>): void {
    if (!pending.length) return
    const names = pending.map((entry) => entry.name).join(", ")
    const how = "under the encryptionKey in force, bound to its URL"
    Promise.all(pending.map(({ name, next }) => this.deps.store.reseal(name, next, sealed))).then(
      (answers) =>
        answers.some(Boolean) && this.deps.logger.info(`frete: ${names} saved in the admin sealed again ${how}`),
      (error: unknown) =>
        this.warnOnce(`frete: sealing ${names} again ${how} failed (${reasonOf(error)}); tried again at the next read`)
    )
  }

  private warnOnce(line: string): void {
    this.logOnce(line, (text) => this.deps.logger.warn(text))
  }

  private logOnce(line: string, log: (line: string) => void): void {
    if (!this.logged_.has(line)) {
      this.logged_.add(line)
      log(line)
    }
  }
}
