// SettingsInForce through a failed read, a save, and a read that hangs once settings were read. A new
// process's first read that hangs, and another instance's copy kept in Medusa's Caching Module:
// settings-in-force.first-read.spec.ts.
import { logger } from "@medusajs/framework/logger"
import { DEFAULT_SETTINGS } from "../../../lib/settings/schema"
import { SETTINGS_READ_WAIT_MS, SettingsInForce } from "../settings-in-force"
import { extraDays, options, settingsLines, settledNow, settingsTable } from "./settings-in-force.fixtures"

describe("the settings in force through a failed read", () => {
  let warn: jest.SpyInstance
  let info: jest.SpyInstance

  beforeEach(() => {
    warn = jest.spyOn(logger, "warn")
    info = jest.spyOn(logger, "info")
  })
  afterEach(() => jest.restoreAllMocks())

  it("keeps the settings last read while reads fail, warns once, and says when a read succeeds again", async () => {
    const { table, store } = settingsTable()
    const settings = new SettingsInForce({ store, options, logger, onApply: () => undefined })
    expect((await settings.get()).max_options).toBe(2)

    table.failing = true
    for (let call = 0; call < 3; call += 1) {
      expect((await settings.get()).max_options).toBe(2)
    }
    expect(table.reads).toBe(4)
    expect(settingsLines(warn)).toHaveLength(1)
    expect(settingsLines(warn)[0]).toMatch(
      /^frete: reading the settings failed \(Connection terminated unexpectedly\); the settings read at .+ stay in force until a read succeeds$/
    )
    expect(settingsLines(info)).toEqual([])

    table.failing = false
    table.row = { settings: { ...DEFAULT_SETTINGS, max_options: 5 }, secrets: {} }
    expect((await settings.get()).max_options).toBe(5)
    expect(await settings.get()).toMatchObject({ max_options: 5 })
    expect(settingsLines(info)).toEqual(["frete: the settings are read again; the ones saved now are in force"])
    expect(settingsLines(warn)).toHaveLength(1)

    // A later blip is news again: one more warning.
    table.failing = true
    expect((await settings.get()).max_options).toBe(5)
    expect(settingsLines(warn)).toHaveLength(2)
  })

  it("fails a first read that fails (never priced from the defaults), and reads again at the next call", async () => {
    const { table, store } = settingsTable()
    table.failing = true
    const settings = new SettingsInForce({ store, options, logger, onApply: () => undefined })
    await expect(settings.get()).rejects.toThrow("Connection terminated unexpectedly")
    expect(settingsLines(warn)).toEqual([])

    table.failing = false
    expect((await settings.get()).max_options).toBe(2)
  })

  it("keeps the credentials of the settings last read while reads fail", async () => {
    const { table, store } = settingsTable()
    table.row = { settings: { ...DEFAULT_SETTINGS, freight_url: "https://frete.example" }, secrets: {} }
    const applied: string[] = []
    const settings = new SettingsInForce({
      store,
      options,
      logger,
      onApply: (credentials) => applied.push(String(credentials.freight.url)),
    })
    await settings.get()
    table.failing = true
    await settings.get()
    expect(settings.credentials.freight.url).toBe("https://frete.example")
    expect(applied).toEqual(["https://frete.example"])
  })
})

describe("the settings in force through a save", () => {
  it("keeps a save of this process in force when a read that began before it answers after it", async () => {
    const { table, store } = settingsTable()
    const applied: Array<string | undefined> = []
    const settings = new SettingsInForce({
      store,
      options,
      logger,
      onApply: (credentials) => applied.push(credentials.freight.url),
    })
    await settings.get()
    const before = table.row

    // A checkout's read sent before the merchant's save, answered after it with the row it saw.
    table.hanging = true
    const during = settings.get()
    await settings.save({ freight_url: "https://frete-novo.example" })
    table.release(before)
    await during

    expect({ inForce: settings.credentials.freight.url, applied }).toEqual({
      inForce: "https://frete-novo.example",
      applied: [options.freight.url, "https://frete-novo.example"],
    })
    // The next read finds the saved row.
    expect((await settings.get()).freight_url).toBe("https://frete-novo.example")
  })
})

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

  it("prices with the settings last read once a read outlasts the bound, one read at a time, and applies the late answer", async () => {
    const { table, store } = settingsTable()
    const settings = new SettingsInForce({ store, options, logger, onApply: () => undefined })
    expect({ firstRead: (await settings.get()).max_options }).toEqual({ firstRead: 2 })

    table.hanging = true
    const first = settings.get()
    await jest.advanceTimersByTimeAsync(SETTINGS_READ_WAIT_MS - 100)
    expect({ firstCallerBeforeTheBound: extraDays(await settledNow(first)) }).toEqual({
      firstCallerBeforeTheBound: "pending",
    })
    // A caller arriving later waits only for what is left of the same read's bound.
    const joined = settings.get()
    await jest.advanceTimersByTimeAsync(100)
    expect({
      firstCaller: extraDays(await settledNow(first)),
      joinedCaller: extraDays(await settledNow(joined)),
    }).toEqual({ firstCaller: 2, joinedCaller: 2 })

    // Past the bound, with the read still pending: the settings last read at once, no new read.
    for (let call = 0; call < 3; call += 1) {
      expect({ callPastTheBound: call, extraDays: extraDays(await settledNow(settings.get())) }).toEqual({
        callPastTheBound: call,
        extraDays: 2,
      })
    }
    expect({ readsStarted: table.reads }).toEqual({ readsStarted: 2 })
    expect({ warnings: settingsLines(warn) }).toEqual({
      warnings: [
        expect.stringMatching(
          new RegExp(
            `^frete: reading the settings has not answered within ${SETTINGS_READ_WAIT_MS} ms; the settings read at .+ stay in force until it answers$`
          )
        ),
      ],
    })
    expect({ infoLines: settingsLines(info) }).toEqual({ infoLines: [] })

    // The late read answers with what is saved by then: in force from then on.
    table.row = { settings: { ...DEFAULT_SETTINGS, max_options: 5 }, secrets: {} }
    table.release()
    await jest.advanceTimersByTimeAsync(0)
    expect({ afterTheLateAnswer: extraDays(await settledNow(settings.get())) }).toEqual({ afterTheLateAnswer: 5 })
    expect({ infoLines: settingsLines(info) }).toEqual({
      infoLines: ["frete: the settings are read again; the ones saved now are in force"],
    })
    expect({ warnings: settingsLines(warn).length }).toEqual({ warnings: 1 })

    // A later hang is news again: one more warning.
    table.hanging = true
    const again = settings.get()
    await jest.advanceTimersByTimeAsync(SETTINGS_READ_WAIT_MS)
    expect({ duringTheSecondHang: extraDays(await settledNow(again)) }).toEqual({ duringTheSecondHang: 5 })
    expect({ warnings: settingsLines(warn).length }).toEqual({ warnings: 2 })
    table.release()
  })

  it("keeps the settings last read when the late read fails, and says so once", async () => {
    const { table, store } = settingsTable()
    const settings = new SettingsInForce({ store, options, logger, onApply: () => undefined })
    await settings.get()

    table.hanging = true
    const during = settings.get()
    await jest.advanceTimersByTimeAsync(SETTINGS_READ_WAIT_MS)
    expect({ duringTheHang: extraDays(await settledNow(during)) }).toEqual({ duringTheHang: 2 })
    table.failing = true
    table.release()
    await jest.advanceTimersByTimeAsync(0)
    expect({ afterTheFailure: (await settings.get()).max_options }).toEqual({ afterTheFailure: 2 })
    expect({ warnings: settingsLines(warn) }).toEqual({
      warnings: [
        expect.stringMatching(/^frete: reading the settings has not answered within/),
        expect.stringMatching(/^frete: reading the settings failed \(Connection terminated unexpectedly\)/),
      ],
    })

    table.failing = false
    expect({ onceReadsAnswer: (await settings.get()).max_options }).toEqual({ onceReadsAnswer: 2 })
    expect({ infoLines: settingsLines(info).length, warnings: settingsLines(warn).length }).toEqual({
      infoLines: 1,
      warnings: 2,
    })
  })
})
