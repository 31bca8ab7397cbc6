// Fixtures shared by the SettingsInForce spec files: the settings table, Medusa's Caching Module, the
// options, and what the tests read of the logs and of a pending read.
import type { ICachingModuleService } from "@medusajs/framework/types"
import { parseFreteOptions } from "../../../../medusa-plugin.config"
import { DEFAULT_SETTINGS } from "../../../lib/settings/schema"
import type { SettingsRow } from "../repository"
import type { SettingsStore } from "../settings-in-force"

/**
 * The settings table as the class reads and saves it: one row, a read that fails as a database
 * blip does, or reads that hang (a lock on the table) until `release()` answers them with the row
 * then, or with the row they saw when given one. Saves write the row at once. The class is tested
 * here, not Postgres.
 */
export function settingsTable() {
  const waiting: Array<(row?: SettingsRow) => void> = []
  const table = {
    row: { settings: { ...DEFAULT_SETTINGS, max_options: 2 }, secrets: {} } as SettingsRow,
    failing: false,
    hanging: false,
    reads: 0,
    release: (seen?: SettingsRow) => {
      table.hanging = false
      waiting.splice(0).forEach((answer) => answer(seen))
    },
  }
  const store: SettingsStore = {
    read: async () => {
      table.reads += 1
      const seen = table.hanging
        ? await new Promise<SettingsRow | undefined>((resolve) => waiting.push(resolve))
        : undefined
      if (table.failing) {
        throw new Error("Connection terminated unexpectedly")
      }
      return seen ?? table.row
    },
    save: async (change) => {
      const { next, result } = await change(table.row)
      table.row = next
      return result
    },
    reseal: async () => false,
  }
  return { table, store }
}

/** Medusa's Caching Module as its Redis provider keeps an entry: JSON, shared by every instance given it. */
export function cachingModule() {
  const entries = new Map<string, string>()
  const counts = { sets: 0 }
  const caching = {
    get: async ({ key }: { key: string }) => (entries.has(key) ? JSON.parse(entries.get(key) as string) : null),
    set: async ({ key, data }: { key: string; data: unknown }) => {
      counts.sets += 1
      entries.set(key, JSON.stringify(data))
    },
  }
  return { entries, counts, caching: () => caching as unknown as ICachingModuleService }
}

// settingsRefreshMs 0: every get() reads the table again, so no test waits for time to pass.
export const options = parseFreteOptions({ settingsRefreshMs: 0 }, {})

/** The plugin's lines a logger spy was called with. */
export const settingsLines = (spy: jest.SpyInstance) =>
  spy.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith("frete: "))

/** What the promise has settled to by now, with no fake time passing: "pending" if nothing. */
export const settledNow = async <T>(promise: Promise<T>): Promise<T | "pending"> =>
  Promise.race([promise, new Promise<"pending">((resolve) => setImmediate(() => resolve("pending")))])

export const extraDays = (settings: { max_options: number | null } | "pending") =>
  settings === "pending" ? "pending" : settings.max_options
