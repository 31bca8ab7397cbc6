// QuoteCache failing loads with no success to fall back on, and loads that throw synchronously.
import type { Loaded } from "../quote-cache"
import { cacheWithClock, deferredLoad, failing, succeeding } from "./quote-cache.fixtures"

describe("QuoteCache", () => {
  it("throws the same error to every concurrent caller when a load fails with no success to fall back on", async () => {
    const { cache } = cacheWithClock()
    const { load, reject } = deferredLoad()
    const error = new Error("upstream down")

    const gets = Array.from({ length: 20 }, () => cache.get("k", load))
    reject(error)
    const outcomes = await Promise.allSettled(gets)

    expect(load).toHaveBeenCalledTimes(1)
    expect(outcomes.filter((outcome) => !(outcome.status === "rejected" && outcome.reason === error))).toEqual([])
    expect(cache.stats()).toMatchObject({ inFlight: 0, failuresServed: 20, entries: 0 })
  })

  it("counts a load that throws synchronously as a failure and remembers it", async () => {
    const { cache } = cacheWithClock()
    const error = new Error("bad query")
    const load = jest.fn((): Promise<Loaded<string>> => {
      throw error
    })

    await expect(cache.get("k", load)).rejects.toBe(error)
    await expect(cache.get("k", load)).rejects.toBe(error)

    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.stats()).toMatchObject({ inFlight: 0, loads: 1, failuresServed: 2 })
  })

  it("counts no load in flight once each has settled, whether it succeeded or failed", async () => {
    const { cache } = cacheWithClock()
    await cache.get("ok", succeeding("quote"))
    await expect(cache.get("ko", failing(new Error("down")))).rejects.toThrow("down")

    expect(cache.stats()).toMatchObject({ inFlight: 0, loads: 2, entries: 1 })
  })
})
