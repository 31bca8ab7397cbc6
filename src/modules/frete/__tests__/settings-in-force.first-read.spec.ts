// SettingsInForce when a new process's first read hangs: it never prices from the defaults, waits
// within the quote's deadline, and prices with another instance's last read when Medusa's Caching
// Module keeps one sealed with the encryptionKey. The other cases: settings-in-force.spec.ts.
import { logger } from "@medusajs/framework/logger"
import type { ICachingModuleService } from "@medusajs/framework/types"
import { parseFreteOptions } from "../../../../medusa-plugin.config"
import { ShopperError } from "../../../lib/checkout/shopper-error"
import { encryptSecret } from "../../../lib/security/secret-box"
import { DEFAULT_SETTINGS } from "../../../lib/settings/schema"
import { SETTINGS_READ_WAIT_MS, SettingsInForce, type SettingsStore } from "../settings-in-force"
import {
  cachingModule,
  extraDays,
  options,
  settingsLines,
  settledNow,
  settingsTable,
} from "./settings-in-force.fixtures"

describe("the settings in force through a read that hangs", () => {
  let warn: jest.SpyInstance
  let info: jest.SpyInstance

  beforeEach(() => {
    // Only the clock of the bound is faked: setImmediate tells whether a promise is settled yet.
    jest.useFakeTimers({ doNotFake: ["setImmediate", "nextTick", "queueMicrotask"] })
    warn = jest.spyOn(logger, "warn")
    info = jest.spyOn(logger, "info")
  })
  afterEach(() => {
    jest.useRealTimers()
    jest.restoreAllMocks()
  })

  it("never prices a new process from the defaults: past the quote's deadline, it asks to try again", async () => {
    const { table, store } = settingsTable()
    table.hanging = true
    const applied: unknown[] = []
    const settings = new SettingsInForce({
      store,
      options,
      logger,
      onApply: (credentials) => applied.push(credentials),
    })
    const first = settings.get().catch((error: unknown) => error)
    await jest.advanceTimersByTimeAsync(SETTINGS_READ_WAIT_MS)
    // Past the read's bound, the caller still waits, within the quote's deadline.
    expect({ pastTheBound: await settledNow(first) }).toEqual({ pastTheBound: "pending" })
    await jest.advanceTimersByTimeAsync(options.freight.timeoutMs - SETTINGS_READ_WAIT_MS)
    const refused = (await settledNow(first)) as ShopperError
    expect({ refused: refused instanceof ShopperError, code: refused.code, message: refused.message }).toEqual({
      refused: true,
      code: "settings_unavailable",
      message: expect.stringMatching(/Tente novamente/),
    })
    expect({ applied, reads: table.reads }).toEqual({ applied: [], reads: 1 })
    expect({ warnings: settingsLines(warn) }).toEqual({
      warnings: [
        `frete: reading the settings has not answered within ${SETTINGS_READ_WAIT_MS} ms; none was read yet and no ` +
          "instance's copy is kept in Medusa's Caching Module: checkout waits for it within freight.timeoutMs, " +
          "then asks the shopper to try again",
      ],
    })

    table.release()
    await jest.advanceTimersByTimeAsync(0)
    expect({ afterTheLateAnswer: extraDays(await settledNow(settings.get())) }).toEqual({ afterTheLateAnswer: 2 })
    expect({ warnings: settingsLines(warn).length, infoLines: settingsLines(info) }).toEqual({
      warnings: 1,
      infoLines: ["frete: the settings are read again; the ones saved now are in force"],
    })
  })

  it("prices a new process with its first read when it answers within the quote's deadline", async () => {
    const { table, store } = settingsTable()
    table.hanging = true
    const settings = new SettingsInForce({ store, options, logger, onApply: () => undefined })
    const first = settings.get()
    const joined = settings.get()
    await jest.advanceTimersByTimeAsync(SETTINGS_READ_WAIT_MS + 100)
    const pastTheBound = { first: await settledNow(first), joined: await settledNow(joined) }
    expect(pastTheBound).toEqual({ first: "pending", joined: "pending" })
    table.release()
    await jest.advanceTimersByTimeAsync(0)
    const answered = { first: extraDays(await settledNow(first)), joined: extraDays(await settledNow(joined)) }
    expect({ ...answered, reads: table.reads }).toEqual({ first: 2, joined: 2, reads: 1 })
  })

  it("refuses a new process when its first read fails past the bound, and reads again at the next call", async () => {
    const { table, store } = settingsTable()
    table.hanging = true
    const settings = new SettingsInForce({ store, options, logger, onApply: () => undefined })
    const first = settings.get().catch((error: unknown) => error)
    await jest.advanceTimersByTimeAsync(SETTINGS_READ_WAIT_MS)
    table.failing = true
    table.release()
    await jest.advanceTimersByTimeAsync(0)
    expect({ first: String(await settledNow(first)) }).toEqual({ first: "Error: Connection terminated unexpectedly" })

    table.failing = false
    expect({ next: (await settings.get()).max_options, reads: table.reads }).toEqual({ next: 2, reads: 2 })
    expect({ warnings: settingsLines(warn).length, infoLines: settingsLines(info) }).toEqual({
      warnings: 1,
      infoLines: ["frete: the settings are read again; the ones saved now are in force"],
    })
  })

  describe("with another instance's last read kept in Medusa's Caching Module", () => {
    const KEY = "a-key-for-the-settings-copy-unit-tests-0001"
    const URL = "https://frete.example"
    const TOKEN = "saved-token-copy-3f9a"
    const keyed = parseFreteOptions({ settingsRefreshMs: 0, encryptionKey: KEY }, {})
    const savedRow = () => ({
      settings: { ...DEFAULT_SETTINGS, max_options: 2, freight_url: URL },
      secrets: { freight_token: encryptSecret(TOKEN, KEY, URL), freight_token_url: URL },
    })
    const instance = (store: SettingsStore, caching: () => ICachingModuleService) =>
      new SettingsInForce({ store, options: keyed, logger, onApply: () => undefined, caching })

    it("prices a new process with it while its first read hangs, secrets opened from the row as stored", async () => {
      const { table, store } = settingsTable()
      table.row = savedRow()
      const { entries, counts, caching } = cachingModule()
      const running = instance(store, caching)
      await running.get()
      // Sealed whole with the key: neither the token nor any setting in clear.
      const kept = entries.get("frete:settings") ?? ""
      expect({
        keys: [...entries.keys()],
        sets: counts.sets,
        token: kept.includes(TOKEN),
        url: kept.includes(URL),
      }).toEqual({ keys: ["frete:settings"], sets: 1, token: false, url: false })
      // Written again only when the row changed.
      await running.get()
      expect({ setsForTheSameRow: counts.sets }).toEqual({ setsForTheSameRow: 1 })

      table.hanging = true
      const fresh = instance(store, caching)
      const first = fresh.get()
      await jest.advanceTimersByTimeAsync(SETTINGS_READ_WAIT_MS)
      expect({ first: extraDays(await settledNow(first)), freight: fresh.credentials.freight }).toEqual({
        first: 2,
        freight: { url: URL, urlSource: "settings", secret: TOKEN, secretSource: "settings", secretWithheld: false },
      })
      const copied = /^frete: reading the settings has not answered within 500 ms; the settings of another instance's/
      const inForce = / read at .+ \(Medusa's Caching Module\) are in force until it answers$/
      expect({ warnings: settingsLines(warn) }).toEqual({
        warnings: [expect.stringMatching(new RegExp(copied.source + inForce.source))],
      })
      table.release()
    })

    it("ignores one the encryptionKey did not seal (a writer of the cache without it): asks to try again", async () => {
      const { table, store } = settingsTable()
      table.hanging = true
      const { entries, caching } = cachingModule()
      const forged = { readAt: Date.now(), row: { settings: { ...DEFAULT_SETTINGS, max_options: 9 }, sealed: {} } }
      const otherKey = "not-the-store-key-but-long-enough-0123456789"
      const binding = "frete_settings row, as last read"
      const sealedWithOtherKey = { sealed: encryptSecret(JSON.stringify(forged), otherKey, binding) }
      for (const copy of [forged, sealedWithOtherKey]) {
        entries.set("frete:settings", JSON.stringify(copy))
        const first = instance(store, caching)
          .get()
          .catch((error: unknown) => error)
        await jest.advanceTimersByTimeAsync(keyed.freight.timeoutMs)
        const refused = (await settledNow(first)) as ShopperError
        expect({ refused: refused.code }).toEqual({ refused: "settings_unavailable" })
      }
      table.release()
    })
  })
})
