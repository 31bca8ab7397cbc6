import type { ICachingModuleService, Logger } from "@medusajs/framework/types"
import { MedusaError } from "@medusajs/framework/utils"
import { z } from "zod"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { decryptWithKeys, encryptSecret } from "../../lib/security/secret-box"
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

const KEY = "frete:settings"
/** Not a URL: neither a sealed secret nor this copy opens in the other's place. */
const BINDING = "frete_settings row, as last read"
const TTL_SECONDS = 7 * 86_400
/** A copy unchanged is written again this often, so that an evicted one comes back. */
const REWRITE_MS = 3_600_000

/** The row as stored: its settings unchecked (repaired as a row read from the table is), secrets sealed. */
const copySchema = z.object({
  readAt: z.number(),
  row: z.object({ settings: z.unknown(), sealed: z.record(z.string(), z.string()) }),
})
type StoredRow = z.infer<typeof copySchema>["row"]

// The row this store's instances last read, in Medusa's Caching Module, for an instance whose first read hangs. Sealed
// whole with the encryptionKey: a writer of the cache without the key can drop or replay a copy, never make one.
function settingsCopy(caching: ICachingModuleService | undefined, keys: readonly string[]) {
  if (!caching || !keys.length) return null
  let written: { text: string; at: number } | undefined
  return {
    /** Null when none is kept, or it does not open with these keys (forged, altered, or another store's). */
    async read() {
      const kept = (await caching.get({ key: KEY })) as { sealed?: unknown } | null
      if (typeof kept?.sealed !== "string") return null
      try {
        return copySchema.parse(JSON.parse(decryptWithKeys(kept.sealed, keys, BINDING).plain))
      } catch {
        return null
      }
    },
    async write(row: StoredRow) {
      const [text, at] = [JSON.stringify(row), Date.now()]
      if (written?.text === text && at - written.at < REWRITE_MS) return
      const sealed = encryptSecret(JSON.stringify({ readAt: at, row }), keys[0], BINDING)
      const options = { autoInvalidate: false }
      await caching.set({ key: KEY, data: { sealed }, ttl: TTL_SECONDS, tags: ["frete:settings"], options })
      written = { text, at }
    },
  }
}

/** How long checkout waits for a read of the settings (a migration's lock can hang it) before it uses the last read. */
export const SETTINGS_READ_WAIT_MS = 500

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
  caching?: () => ICachingModuleService | undefined
  now?: () => number
}

const rowOf = (record?: SettingsRow): StoredRow => ({
  settings: record?.settings ?? {},
  sealed: { ...record?.secrets },
})

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

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
  private refresh_?: { settings: Promise<FreteSettings>; until: number; copied?: Promise<FreteSettings | null> }
  private copy_?: ReturnType<typeof settingsCopy>
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
  private copy() {
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
        const inForce = `the settings read at ${new Date(last.readAt).toISOString()} stay in force until a read succeeds`
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
      const issues = (parsed.error?.issues ?? []).map(({ path, message }) => ({ field: path.join("."), message }))
      const changes = secretChanges(secrets, Boolean(options.encryptionKey), issues)
      if (!parsed.success || issues.length) {
        const message = `Configuração inválida: ${issues.map(({ field, message }) => `${field}: ${message}`).join("; ")}`
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
    const { options } = this.deps
    const secrets = openSecrets(sealed, encryptionKeys(options), (problem) => this.warnOnce(problem, "error"))
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

  private warnOnce(line: string, level: "warn" | "error" = "warn"): void {
    if (!this.logged_.has(line)) this.deps.logger[level](line)
    this.logged_.add(line)
  }
}
