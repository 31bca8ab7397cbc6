import fc from "fast-check"
import { leaseSize, QuotaLeases, type GrantBudget } from "../quote-admission"

// Bounds per minute for all instances together, taken from the shared count a lease at a time.

/** `latencyMs`: how long each grant takes to answer, as a database's round trip does. */
function sharedCount(latencyMs = 0) {
  const granted = new Map<string, number>()
  let asks = 0
  const grant: GrantBudget = async (key, windowStart, want, limit) => {
    asks += 1
    if (latencyMs) await new Promise((resolve) => setTimeout(resolve, latencyMs))
    const had = granted.get(`${key}@${windowStart}`) ?? 0
    const given = Math.max(0, Math.min(want, limit - had))
    granted.set(`${key}@${windowStart}`, had + given)
    return given
  }
  return { grant, asks: () => asks }
}

const noFailure = (error: unknown) => {
  throw error
}

describe("QuotaLeases", () => {
  it("takes a lease of a tenth of the bound, so most takes cost no round trip", async () => {
    const count = sharedCount()
    const leases = new QuotaLeases(count.grant, () => 0, noFailure)
    const results = []
    for (let take = 0; take < 100; take += 1) results.push(await leases.take([{ key: "c", limit: 100 }]))
    expect(results.filter((result) => result !== null)).toEqual([])
    // Ten leases, each asked when half of the one before was left; the eleventh finds the bound spent.
    expect(count.asks()).toBe(11)
    expect(leaseSize(100)).toBe(10)
    expect(leaseSize(5)).toBe(1)
  })

  it("never lets the instances together pass a bound, however their takes interleave", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 120 }),
        async (limit, order) => {
          const count = sharedCount()
          const instances = [0, 1, 2].map(() => new QuotaLeases(count.grant, () => 5_000, noFailure))
          const outcomes = await Promise.all(order.map((which) => instances[which].take([{ key: "client", limit }])))
          const taken = outcomes.filter((outcome) => outcome === null).length
          expect(taken).toBeLessThanOrEqual(limit)
          // A unit an instance holds unused is lost to the others, at most a lease per instance.
          expect(taken).toBeGreaterThanOrEqual(Math.min(order.length, limit - 3 * leaseSize(limit)))
        }
      )
    )
  })

  it("passes no bound with any number of instances, the shared count 5 ms away: a unit is used only once it was granted", async () => {
    const count = sharedCount(5)
    for (const instances of [1, 2, 8]) {
      const leases = Array.from(
        { length: instances },
        () => new QuotaLeases(count.grant, () => 5_000 + instances * 60_000, noFailure)
      )
      const outcomes = await Promise.all(
        Array.from({ length: 600 }, (_, index) => leases[index % instances].take([{ key: "store", limit: 200 }]))
      )
      const taken = outcomes.filter((outcome) => outcome === null).length
      expect({ instances, over: taken > 200 }).toEqual({ instances, over: false })
      expect(taken).toBeGreaterThanOrEqual(200 - instances * leaseSize(200))
    }
  })

  it("takes from every bound or none: a unit of the client's is given back when the store's ceiling refuses", async () => {
    const count = sharedCount()
    const leases = new QuotaLeases(count.grant, () => 0, noFailure)
    const bounds = (client: string) => [
      { key: client, limit: 3 },
      { key: "store", limit: 2 },
    ]
    expect(await leases.take(bounds("a"))).toBeNull()
    expect(await leases.take(bounds("a"))).toBeNull()
    expect(await leases.take(bounds("a"))).toEqual({ index: 1, retryAfterMs: 60_000 })
    expect(await leases.take(bounds("b"))).toEqual({ index: 1, retryAfterMs: 60_000 })
    // The refused take did not cost the client: with the store's ceiling gone, it has one left.
    expect(await leases.take([{ key: "a", limit: 3 }])).toBeNull()
    expect(await leases.take([{ key: "a", limit: 3 }])).toEqual({ index: 0, retryAfterMs: 60_000 })
  })

  it("does not spend under a lowered limit what it leased under the old one", async () => {
    const leases = new QuotaLeases(sharedCount().grant, () => 0, noFailure)
    expect(await leases.take([{ key: "store", limit: 100 }])).toBeNull()
    // Nine units of the old lease are still held; the shared count has granted ten of the new two.
    expect(await leases.take([{ key: "store", limit: 2 }])).toEqual({ index: 0, retryAfterMs: 60_000 })
  })

  it("says the wait until the minute ends, and starts again in the next", async () => {
    let now = 120_000 + 45_500
    const leases = new QuotaLeases(sharedCount().grant, () => now, noFailure)
    expect(await leases.take([{ key: "c", limit: 1 }])).toBeNull()
    expect(await leases.take([{ key: "c", limit: 1 }])).toEqual({ index: 0, retryAfterMs: 14_500 })
    now = 180_000
    expect(await leases.take([{ key: "c", limit: 1 }])).toBeNull()
  })

  it("asks a bound's next minute in the minute's second half, so the next minute's first takes wait for no grant", async () => {
    let now = 120_000 + 10_000
    const windows: number[] = []
    const count = sharedCount()
    const leases = new QuotaLeases(
      (key, windowStart, want, limit) => (windows.push(windowStart), count.grant(key, windowStart, want, limit)),
      () => now,
      noFailure
    )
    expect(await leases.take([{ key: "store", limit: 100 }])).toBeNull()
    expect(windows).toEqual([120_000])
    now = 120_000 + 40_000
    expect(await leases.take([{ key: "store", limit: 100 }])).toBeNull()
    expect(windows).toEqual([120_000, 180_000])
    now = 180_000 + 1
    const takes = await Promise.all(Array.from({ length: 5 }, () => leases.take([{ key: "store", limit: 100 }])))
    expect(takes).toEqual([null, null, null, null, null])
    // The lease asked ahead served them: no grant was asked in the new minute.
    expect(windows).toEqual([120_000, 180_000])
    // A bound not taken from in the second half is not asked ahead.
    now = 240_000 + 1
    expect(await leases.take([{ key: "quiet", limit: 100 }])).toBeNull()
    expect(windows.filter((window) => window > 240_000)).toEqual([])
  })

  it("asks for a request's leases when it arrives: its take after Medusa's work waits for no grant", async () => {
    const count = sharedCount()
    const leases = new QuotaLeases(count.grant, () => 60_000, noFailure)
    const bounds = [
      { key: "client", limit: 30 },
      { key: "store", limit: 1000 },
    ]
    leases.warm(bounds)
    leases.warm(bounds)
    expect(count.asks()).toBe(2)
    // The grants answer while the request does Medusa's work.
    await new Promise((resolve) => setImmediate(resolve))
    const asked = count.asks()
    expect(await leases.take(bounds)).toBeNull()
    expect(count.asks()).toBe(asked)
  })

  it("bounds this instance by itself while the shared count fails, and asks it again once it answers", async () => {
    let now = 0
    let failing = true
    const count = sharedCount()
    const failures: unknown[] = []
    const leases = new QuotaLeases(
      (...args) => (failing ? Promise.reject(new Error("pool timeout")) : count.grant(...args)),
      () => now,
      (error) => failures.push(error)
    )
    const first = []
    for (let take = 0; take < 4; take += 1) first.push(await leases.take([{ key: "c", limit: 3 }]))
    expect(first.map((outcome) => outcome === null)).toEqual([true, true, true, false])
    expect(failures).toHaveLength(1)
    failing = false
    now = 1_500
    // The three it decided alone still count on this instance, shared count or not.
    expect(await leases.take([{ key: "c", limit: 3 }])).toEqual({ index: 0, retryAfterMs: 58_500 })
    expect(leases.localDecisions).toBe(3)
    // The next minute is counted by the shared count again.
    now = 60_000
    expect(await leases.take([{ key: "c", limit: 3 }])).toBeNull()
    expect(count.asks()).toBeGreaterThan(0)
  })
})
