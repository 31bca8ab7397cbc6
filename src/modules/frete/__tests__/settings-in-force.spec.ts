import { logger } from "@medusajs/framework/logger"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { parseFreteOptions } from "../../../../medusa-plugin.config"
import { DEFAULT_SETTINGS } from "../../../lib/settings/schema"
import { SettingsInForce } from "../settings-in-force"

/**
 * The settings table as the class reads it: one row, or a read that fails as a database blip
 * does. Only `raw` is used by the reads; the class is tested here, not Postgres.
 */
function settingsTable() {
  const table = { row: { settings: { ...DEFAULT_SETTINGS, extra_days: 2 }, secrets: {} } as Record<string, unknown>, failing: false, reads: 0 }
  const raw = async () => {
    table.reads += 1
    if (table.failing) {
      throw new Error("Connection terminated unexpectedly")
    }
    return { rows: [table.row] }
  }
  const knex = { raw } as unknown as Knex
  return { table, knex: () => knex }
}

// settingsRefreshMs 0: every get() reads the table again, so no test waits for time to pass.
const options = parseFreteOptions({ settingsRefreshMs: 0 }, {})

describe("the settings in force through a failed read", () => {
  let warn: jest.SpyInstance
  let info: jest.SpyInstance

  beforeEach(() => {
    warn = jest.spyOn(logger, "warn")
    info = jest.spyOn(logger, "info")
  })
  afterEach(() => jest.restoreAllMocks())

  const settingsLines = (spy: jest.SpyInstance) => spy.mock.calls.map((call) => String(call[0])).filter((line) => line.startsWith("frete: "))

  it("keeps the settings last read while reads fail, warns once, and says when a read succeeds again", async () => {
    const { table, knex } = settingsTable()
    const settings = new SettingsInForce({ knex, options, logger, onApply: () => undefined })
    expect((await settings.get()).extra_days).toBe(2)

    table.failing = true
    for (let call = 0; call < 3; call += 1) {
      expect((await settings.get()).extra_days).toBe(2)
    }
    expect(table.reads).toBe(4)
    expect(settingsLines(warn)).toHaveLength(1)
    expect(settingsLines(warn)[0]).toMatch(/^frete: reading the settings failed \(Connection terminated unexpectedly\); the settings read at .+ stay in force until a read succeeds$/)
    expect(settingsLines(info)).toEqual([])

    table.failing = false
    table.row = { settings: { ...DEFAULT_SETTINGS, extra_days: 5 }, secrets: {} }
    expect((await settings.get()).extra_days).toBe(5)
    expect(await settings.get()).toMatchObject({ extra_days: 5 })
    expect(settingsLines(info)).toEqual(["frete: the settings are read again; the ones saved now are in force"])
    expect(settingsLines(warn)).toHaveLength(1)

    // A later blip is news again: one more warning.
    table.failing = true
    expect((await settings.get()).extra_days).toBe(5)
    expect(settingsLines(warn)).toHaveLength(2)
  })

  it("fails the first read when no settings were ever read: no price without the merchant's rules", async () => {
    const { table, knex } = settingsTable()
    table.failing = true
    const settings = new SettingsInForce({ knex, options, logger, onApply: () => undefined })
    await expect(settings.get()).rejects.toThrow("Connection terminated unexpectedly")
    expect(settingsLines(warn)).toEqual([])

    table.failing = false
    expect((await settings.get()).extra_days).toBe(2)
  })

  it("keeps the credentials of the settings last read while reads fail", async () => {
    const { table, knex } = settingsTable()
    table.row = { settings: { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }, secrets: {} }
    const applied: string[] = []
    const settings = new SettingsInForce({ knex, options, logger, onApply: (credentials) => applied.push(String(credentials.freight.url)) })
    await settings.get()
    table.failing = true
    await settings.get()
    expect(settings.credentials.freight.url).toBe("https://frete.example")
    expect(applied).toEqual(["https://frete.example"])
  })
})
