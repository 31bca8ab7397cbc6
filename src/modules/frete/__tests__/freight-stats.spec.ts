import { FreightStats } from "../freight-stats"

const HOUR_MS = 3_600_000
const AT = Date.UTC(2026, 10, 27, 15)
/** AT's hour, counted from the epoch. */
const AT_HOUR = 498_831

type Written = { hour: number; metric: string; key: string; count: number; total: number }

/**
 * frete_stat as the class writes it (the repository's upsert): each upsert's rows kept, or the next queued failure thrown instead (a
 * Postgres error carries its SQLSTATE in `code`, a lost connection a Node code). Postgres is not what is tested.
 */
function statTable() {
  const written: Written[] = []
  const failures: Error[] = []
  const warnings: string[] = []
  const upsert = async (rows: Written[]) => {
    const failure = failures.shift()
    if (failure) throw failure
    written.push(...rows)
  }
  const repository = { addStats: upsert, sums: async () => [] }
  const quiet = () => undefined
  const logger = { debug: quiet, info: quiet, error: quiet, warn: (line: string) => warnings.push(line) }
  const tracking = async () => ({ created: 0, failed: 0, waiting: 0 })
  const stats = new FreightStats(repository, logger, tracking)
  const fail = (times: number, code: string, message: string) => {
    for (let time = 0; time < times; time += 1) failures.push(Object.assign(new Error(message), { code }))
  }
  return { stats, written, warnings, fail }
}

describe("the freight figures counted in memory", () => {
  it("counts only the metrics it knows: an order's figures are rows of their own", async () => {
    const { stats, written } = statTable()
    stats.add("order", "correios-sedex", 25, AT)
    stats.add("order_days", "correios-sedex", 1e308, AT)
    stats.add("quote", "checkout:api", 0, AT)
    await stats.flush()
    expect(written.map(({ metric, key }) => `${metric}|${key}`)).toEqual(["quote|checkout:api"])
  })

  it("counts a key too long, or of any other shape than a short code, as other", async () => {
    const { stats, written } = statTable()
    const longest = `a${"b".repeat(63)}`
    for (const key of ["x".repeat(4000), `${longest}c`, "Timeout", "<b>frete</b>", "", "ca\u0000ixa", "ação"]) {
      stats.add("api_error", key, 0, AT)
    }
    stats.add("api_error", longest, 0, AT)
    stats.add("api_ms", "1500", 1200, AT)
    await stats.flush()
    expect(written.map(({ metric, key, count }) => [metric, key, count])).toEqual([
      ["api_error", "other", 7],
      ["api_error", longest, 1],
      ["api_ms", "1500", 1],
    ])
  })

  it("keeps NaN, Infinity and negative totals out of a sum, and clamps a huge one", async () => {
    const { stats, written } = statTable()
    for (const total of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -5, 1e308, 40]) {
      stats.add("api_ms", "inf", total, AT)
    }
    await stats.flush()
    expect(written).toEqual([{ hour: AT_HOUR, metric: "api_ms", key: "inf", count: 6, total: 1e9 + 40 }])
    expect(written.every((row) => Number.isFinite(row.total))).toBe(true)
  })

  it("drops a batch no retry can fix with one warning, and writes the next one", async () => {
    const { stats, written, warnings, fail } = statTable()
    fail(1, "54000", "index row size 4016 exceeds btree version 4 maximum 2704")
    stats.add("quote", "page:api", 0, AT)
    await stats.flush()
    await stats.flush()
    expect(written).toEqual([])
    expect(warnings).toEqual([
      expect.stringMatching(/^frete: 1 freight figures dropped after 1 failed write\(s\): \w+ \(SQLSTATE 54000\)$/),
    ])

    stats.add("quote", "page:table", 0, AT)
    await stats.flush()
    expect(written.map((row) => row.key)).toEqual(["page:table"])
    expect(warnings).toHaveLength(1)
  })

  it("keeps what it counted through a lost connection, and writes it once when the database is back", async () => {
    const { stats, written, warnings, fail } = statTable()
    fail(3, "ECONNREFUSED", "connect ECONNREFUSED 127.0.0.1:5432")
    stats.add("quote", "checkout:api", 0, AT)
    for (let write = 0; write < 3; write += 1) await stats.flush()
    stats.add("quote", "checkout:api", 0, AT)
    await stats.flush()
    expect(written).toEqual([{ hour: AT_HOUR, metric: "quote", key: "checkout:api", count: 2, total: 0 }])
    expect(warnings).toEqual([])
  })

  it("gives up after a bounded number of failed writes, with one warning, and holds nothing more", async () => {
    const { stats, written, warnings, fail } = statTable()
    fail(60, "57P01", "terminating connection due to administrator command")
    stats.add("quote", "page:api", 0, AT)
    for (let write = 0; write < 100; write += 1) await stats.flush()
    expect(warnings).toEqual([expect.stringMatching(/^frete: 1 freight figures dropped after 60 failed write\(s\)/)])
    stats.add("quote", "page:kept", 0, AT)
    await stats.flush()
    expect(written.map((row) => row.key)).toEqual(["page:kept"])
  })

  it("holds a bounded number of figures between two writes, saying once that it drops the rest", async () => {
    const { stats, written, warnings } = statTable()
    for (let hour = 0; hour < 1_500; hour += 1) stats.add("quote", "page:api", 0, AT + hour * HOUR_MS)
    await stats.flush()
    expect(written).toHaveLength(1_000)
    expect(warnings).toEqual(["frete: over 1000 freight figures wait to be written; new ones are dropped"])
  })

  it("counts an answer time in the histogram's first bucket that holds it", async () => {
    const { stats, written } = statTable()
    for (const ms of [12, 50, 51, 10_000, 60_000]) stats.answerTime(ms)
    await stats.flush()
    expect(written.map(({ key, count }) => [key, count]).sort()).toEqual([
      ["100", 1],
      ["10000", 1],
      ["50", 2],
      ["inf", 1],
    ])
  })

  it("writes nothing by itself until started, then every interval until stopped", async () => {
    jest.useFakeTimers()
    try {
      const { stats, written } = statTable()
      stats.add("quote", "page:api", 0, AT)
      await jest.advanceTimersByTimeAsync(60_000)
      expect({ beforeStart: written.length }).toEqual({ beforeStart: 0 })
      stats.start(1_000)
      await jest.advanceTimersByTimeAsync(1_000)
      expect({ afterOneInterval: written.length }).toEqual({ afterOneInterval: 1 })
      stats.add("quote", "page:kept", 0, AT)
      await stats.stop()
      expect({ writtenAtStop: written.map((row) => row.key) }).toEqual({ writtenAtStop: ["page:api", "page:kept"] })
      expect({ timersLeft: jest.getTimerCount() }).toEqual({ timersLeft: 0 })
    } finally {
      jest.useRealTimers()
    }
  })
})
