import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { repairSettings } from "../../lib/settings/repair"
import { DEFAULT_SETTINGS, type FreteSettings } from "../../lib/settings/schema"
import { credentialsInForce, type Credentials } from "./credentials"
import { openSecrets, type Sealed } from "./sealed-secrets"
import { resealInBackground, resealings } from "./secret-resealing"
import { readSettingsRow } from "./settings-row"
import { saveMergedSettings } from "./settings-save"

export { SETTINGS_ROW_ID } from "./settings-row"

/**
 * How long checkout waits for the settings to be read again before it prices with the ones last
 * read. A read can hang rather than fail (a migration holding a lock on the table during a rolling
 * deploy): without a bound, every checkout would wait as long as the lock. Short, since checkout
 * pays it on top of the freight query (once per hanging read, not per request); long enough that a
 * healthy read on a busy database answers within it.
 */
export const SETTINGS_READ_WAIT_MS = 500

/** The one read of the settings under way, and whether it has outlasted SETTINGS_READ_WAIT_MS. */
type Refresh = {
  settings: Promise<FreteSettings>
  /** Resolves when the read has outlasted the bound; never when it answers first. */
  overdue: Promise<void>
  late: boolean
}

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
  private refresh_?: Refresh
  private credentials_: Credentials
  /** Secret problems already logged: the settings are read again every few seconds. */
  private readonly problemsLogged_ = new Set<string>()
  /** A refresh failed and the settings last read stand in: logged once, until a read succeeds. */
  private refreshFailing_ = false
  /** A refresh outlasted SETTINGS_READ_WAIT_MS and the settings last read stand in: logged once, until a read answers. */
  private refreshOverran_ = false
  /** Stored fields that no longer pass the schema and stand at their default (see repairSettings). */
  private repaired_: string[] = []
  /** Repaired fields already warned about: the settings are read again every few seconds. */
  private repairsLogged_ = new Set<string>()
  /** Saves of this process in the order they took the row's lock, and the last one applied. */
  private saveGeneration_ = 0
  private appliedSaveGeneration_ = 0

  constructor(private readonly deps: Deps) {
    this.credentials_ = credentialsInForce(deps.options, DEFAULT_SETTINGS, {})
  }

  /** The URLs and secrets in force as of the last read of the settings. */
  get credentials(): Credentials {
    return this.credentials_
  }

  /** The stored fields that no longer passed the schema at the last read, back at their default until saved. */
  get repairedFields(): string[] {
    return this.repaired_
  }

  /**
   * The settings in force. Once `settingsRefreshMs` has passed they are read again, one read at a
   * time; a caller waits for that read at most until it is SETTINGS_READ_WAIT_MS old, then gets
   * the settings last read while the read goes on, and whatever it reads is in force once it
   * answers. Only the first read of the process, with nothing to stand in, is waited for in full.
   */
  async get(): Promise<FreteSettings> {
    const cached = this.cached_
    if (cached && Date.now() - cached.readAt < this.deps.options.settingsRefreshMs) {
      return cached.value
    }
    const refresh = (this.refresh_ ??= this.startRefresh())
    if (!cached) {
      return refresh.settings
    }
    // A save may have applied newer settings while the read hangs: those stand in then.
    const standIn = () => (this.cached_ ?? cached).value
    if (refresh.late) {
      return standIn()
    }
    return Promise.race([refresh.settings, refresh.overdue.then(standIn)])
  }

  private startRefresh(): Refresh {
    let timer: NodeJS.Timeout | undefined
    const overdue = new Promise<void>((resolve) => {
      // With nothing read yet nothing can stand in: the first read is waited for in full.
      if (this.cached_) {
        timer = setTimeout(resolve, SETTINGS_READ_WAIT_MS)
        // A read hanging at shutdown must not keep the process up.
        timer.unref()
      }
    })
    const refresh: Refresh = {
      settings: this.refresh().finally(() => {
        clearTimeout(timer)
        this.refresh_ = undefined
      }),
      overdue,
      late: false,
    }
    // Registered before any caller's race, so the callers the bound releases already see it late.
    void overdue.then(() => {
      refresh.late = true
      this.readOverran()
    })
    return refresh
  }

  /** Logged when the bound passes, not per caller: every request meanwhile gets the settings last read. */
  private readOverran(): void {
    const last = this.cached_
    if (this.refreshOverran_ || !last) {
      return
    }
    this.refreshOverran_ = true
    this.deps.logger.warn(
      `frete: reading the settings has not answered within ${SETTINGS_READ_WAIT_MS} ms; the settings read at ${new Date(last.readAt).toISOString()} stay in force until it answers`
    )
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
      if (this.refreshFailing_ || this.refreshOverran_) {
        this.refreshFailing_ = false
        this.refreshOverran_ = false
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

  /** Saves settings and secrets (see saveMergedSettings), and puts them in force in this process. */
  async save(input: Record<string, unknown>): Promise<FreteSettings> {
    // Counted under the row's lock: the saves of this process commit in this order.
    const saved = await saveMergedSettings(this.deps.knex(), this.deps.options, input, () => (this.saveGeneration_ += 1))
    if (saved.repaired.length) {
      this.deps.logger.warn(`frete: this save stored the default of ${saved.repaired.join(", ")}, which no longer passed the settings' schema; the other settings were kept`)
    }
    // Two saves of this process may answer in either order: the one that committed last stays in force.
    if (saved.generation < this.appliedSaveGeneration_) {
      return saved.settings
    }
    this.appliedSaveGeneration_ = saved.generation
    this.noteRepairs([])
    return this.apply(saved.settings, saved.sealed)
  }

  private async read(): Promise<FreteSettings> {
    const savesApplied = this.appliedSaveGeneration_
    const row = await readSettingsRow(this.deps.knex())
    // A save of this process put in force while this read was under way stands: the read may have
    // seen the row before that save committed, and applying it would undo the save here (a token
    // just saved, gone until the next read). The next refresh reads the row again.
    const saved = this.cached_
    if (this.appliedSaveGeneration_ !== savesApplied && saved) {
      return saved.value
    }
    const { settings, repaired } = repairSettings(row.settings ?? {})
    this.noteRepairs(repaired)
    return this.apply(settings, row.sealed)
  }

  /**
   * Keeps the fields repaired at this read for the admin, and warns once per field (never with its
   * value: the row may hold anything). A field repaired again after a save warns again.
   */
  private noteRepairs(repaired: string[]): void {
    this.repaired_ = repaired
    for (const field of repaired) {
      if (!this.repairsLogged_.has(field)) {
        this.deps.logger.warn(
          `frete: the stored setting ${field} no longer passes the settings' schema: its default applies, the other settings are kept, until the settings are saved again`
        )
      }
    }
    this.repairsLogged_ = new Set(repaired)
  }

  /** Makes these settings and secrets the ones in force in this process. */
  private apply(settings: FreteSettings, sealed: Sealed): FreteSettings {
    const secrets = openSecrets(sealed, this.deps.options.encryptionKey, (problem) => this.reportOnce(problem, (line) => this.deps.logger.error(line)))
    this.credentials_ = credentialsInForce(this.deps.options, settings, secrets)
    this.deps.onApply(this.credentials_)
    this.cached_ = { value: settings, readAt: Date.now() }
    const pending = resealings(sealed, secrets, this.credentials_, this.deps.options.encryptionKey)
    resealInBackground(this.deps.knex(), pending, this.deps.logger, (problem, log) => this.reportOnce(problem, log))
    return settings
  }

  private reportOnce(problem: string, log: (line: string) => void): void {
    if (!this.problemsLogged_.has(problem)) {
      this.problemsLogged_.add(problem)
      log(problem)
    }
  }
}
