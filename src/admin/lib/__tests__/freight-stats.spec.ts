import {
  bucketKeys,
  errorTotals,
  estimateShare,
  latencies,
  learnedFigures,
  ordersByService,
  outcomesByBucket,
  outcomeTotals,
  percentile,
} from "../freight-stats"
import { LATENCY_BOUNDS, LEARNED_ERROR_BOUNDS, type FreightStats, type StatsRow } from "../../../lib/admin-contract"

const row = (metric: string, key: string, count: number, total = 0, at = "2026-11-27"): StatsRow => ({
  at,
  metric,
  key,
  count,
  total,
})

const week = (rows: StatsRow[]): FreightStats => ({
  range: "7d",
  bucket: "day",
  // 2026-11-21 00:00 in São Paulo (UTC-3) to 2026-11-27 15:00 there.
  since: "2026-11-21T03:00:00.000Z",
  until: "2026-11-27T18:00:00.000Z",
  rows,
  tracking: { created: 0, failed: 0, waiting: 0 },
})

describe("freight stats", () => {
  it("lists every day of the range in São Paulo's calendar, across a month's end", () => {
    expect(bucketKeys({ ...week([]), since: "2026-11-28T03:00:00.000Z", until: "2026-12-02T02:30:00.000Z" })).toEqual([
      "2026-11-28",
      "2026-11-29",
      "2026-11-30",
      "2026-12-01",
    ])
  })

  it("lists every hour of the range from the first hour's start", () => {
    const keys = bucketKeys({
      bucket: "hour",
      since: "2026-11-26T18:00:00.000Z",
      until: "2026-11-27T17:42:10.000Z",
      rows: [],
    })
    expect(keys).toHaveLength(24)
    expect(keys[0]).toBe("2026-11-26T18:00:00.000Z")
    expect(keys[23]).toBe("2026-11-27T17:00:00.000Z")
  })

  it("fills the days with no data with zero and adds both channels of an outcome", () => {
    const buckets = outcomesByBucket(
      week([
        row("quote", "page:api", 3),
        row("quote", "checkout:api", 2),
        row("quote", "checkout:table", 1, 0, "2026-11-25"),
      ])
    )
    expect(buckets).toHaveLength(7)
    expect(buckets.find((bucket) => bucket.at === "2026-11-27")?.counts).toEqual({
      api: 5,
      kept: 0,
      learned: 0,
      table: 0,
      refused: 0,
      failed: 0,
    })
    expect(buckets.find((bucket) => bucket.at === "2026-11-25")?.counts.table).toBe(1)
    expect(buckets.find((bucket) => bucket.at === "2026-11-22")?.counts).toEqual({
      api: 0,
      kept: 0,
      learned: 0,
      table: 0,
      refused: 0,
      failed: 0,
    })
  })

  it("totals the outcomes, and the share of checkout's prices that were estimates counts checkout alone", () => {
    const rows = [
      row("quote", "page:table", 9),
      row("quote", "checkout:api", 2),
      row("quote", "checkout:kept", 1),
      row("quote", "checkout:learned", 3),
      row("quote", "checkout:table", 2),
      row("quote", "checkout:refused", 4),
    ]
    expect(outcomeTotals(rows)).toEqual({ api: 2, kept: 1, learned: 3, table: 11, refused: 4, failed: 0 })
    expect(estimateShare(rows)).toBe(0.625)
    expect(estimateShare([row("quote", "page:table", 9)])).toBeNull()
  })

  it("takes a percentile as the first bound whose cumulative count reaches it", () => {
    expect(percentile({ "100": 5, "300": 4, "1000": 1 }, 0.5, LATENCY_BOUNDS)).toBe("100")
    expect(percentile({ "100": 4, "300": 5, "1000": 1 }, 0.5, LATENCY_BOUNDS)).toBe("300")
    expect(percentile({ "100": 4, "300": 5, "1000": 1 }, 0.95, LATENCY_BOUNDS)).toBe("1000")
    expect(percentile({ "50": 1, inf: 99 }, 0.95, LATENCY_BOUNDS)).toBe("inf")
    expect(percentile({}, 0.5, LATENCY_BOUNDS)).toBeNull()
    expect(percentile({ "10": 2, "20": 2 }, 0.5, LEARNED_ERROR_BOUNDS)).toBe("10")
  })

  it("gives the answer time per day and over the range", () => {
    const { buckets, range } = latencies(
      week([row("api_ms", "200", 19, 3000), row("api_ms", "inf", 1, 20000), row("api_ms", "50", 20, 500, "2026-11-26")])
    )
    expect(buckets.find((bucket) => bucket.at === "2026-11-27")).toMatchObject({ answers: 20, p50: "200", p95: "200" })
    expect(buckets.find((bucket) => bucket.at === "2026-11-26")).toMatchObject({ answers: 20, p50: "50", p95: "50" })
    expect(buckets.find((bucket) => bucket.at === "2026-11-21")).toMatchObject({ answers: 0, p50: null, p95: null })
    expect(range).toEqual({ answers: 40, p50: "50", p95: "200" })
  })

  it("lists every kind of error, the ones that did not happen at zero", () => {
    const errors = errorTotals([
      row("api_error", "timeout", 2),
      row("api_error", "timeout", 1, 0, "2026-11-26"),
      row("api_error", "server", 1),
    ])
    expect(errors.find((error) => error.kind === "timeout")?.count).toBe(3)
    expect(errors.find((error) => error.kind === "server")?.count).toBe(1)
    expect(errors.find((error) => error.kind === "circuit_open")?.count).toBe(0)
  })

  it("gives the learned prices' coverage, the share within 10%, the mean error and the median's bucket over the range", () => {
    const figures = learnedFigures([
      row("learned", "covered", 6),
      row("learned", "covered", 2, 0, "2026-11-26"),
      row("learned", "uncovered", 2),
      row("learned_error", "5", 3, 6),
      row("learned_error", "10", 1, 8, "2026-11-26"),
      row("learned_error", "20", 2, 30),
      row("learned_error", "inf", 2, 180),
      row("quote", "checkout:learned", 5),
    ])
    expect(figures).toEqual({
      covered: 8,
      uncovered: 2,
      coverage: 0.8,
      within10: 0.5,
      meanError: 28,
      medianError: "10",
    })
  })

  it("has learned figures with no error measured when nothing was covered, and none without a row", () => {
    expect(learnedFigures([row("learned", "uncovered", 3)])).toEqual({
      covered: 0,
      uncovered: 3,
      coverage: 0,
      within10: null,
      meanError: null,
      medianError: null,
    })
    expect(learnedFigures([row("quote", "checkout:learned", 5)])).toBeNull()
  })

  it("averages the freight charged and the days promised per service, and counts free freight", () => {
    const services = ordersByService([
      row("order", "correios-pac", 2, 48.16),
      row("order", "correios-pac", 1, 20, "2026-11-26"),
      row("order_days", "correios-pac", 2, 17),
      row("order_fallback", "correios-pac", 1),
      row("order", "correios-sedex", 4, 0),
      row("free", "correios-sedex", 4, 0),
      row("free", "correios-pac", 1),
    ])
    expect(services[0]).toEqual({
      service: "correios-sedex",
      orders: 4,
      averageCharged: 0,
      averageDays: null,
      fromTable: 0,
      free: 4,
    })
    expect(services[1]).toEqual({
      service: "correios-pac",
      orders: 3,
      averageCharged: 68.16 / 3,
      averageDays: 8.5,
      fromTable: 1,
      free: 1,
    })
  })
})
