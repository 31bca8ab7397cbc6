// QuoteCache loads: one upstream call per key for concurrent gets, fresh answers from the cache,
// reloads once successTtl has passed, and failures remembered for failureTtl.
import { cacheWithClock, deferredLoad, failing, FAILURE_TTL, succeeding, SUCCESS_TTL } from "./quote-cache.fixtures"

describe("QuoteCache", () => {
  it("makes one upstream call for 50 concurrent gets of the same key, and shares its answer", async () => {
    const { cache } = cacheWithClock()
    const { load, resolve } = deferredLoad()

    const gets = Array.from({ length: 50 }, () => cache.get("k", load))
    expect(cache.wouldLoad("k")).toBe(false)
    expect(cache.stats().inFlight).toBe(1)
    resolve("quote")
    const results = await Promise.all(gets)

    expect(load).toHaveBeenCalledTimes(1)
    expect(results.filter((result) => !(result.value === "quote" && result.source === "upstream"))).toEqual([])
    expect(cache.stats()).toMatchObject({ loads: 1, inFlight: 0, entries: 1 })
  })

  it("loads different keys separately", async () => {
    const { cache } = cacheWithClock()
    const loadA = succeeding("a")
    const loadB = succeeding("b")

    const [a, b] = await Promise.all([cache.get("a", loadA), cache.get("b", loadB)])

    expect([a.value, b.value]).toEqual(["a", "b"])
    expect(loadA).toHaveBeenCalledTimes(1)
    expect(loadB).toHaveBeenCalledTimes(1)
    expect(cache.stats().loads).toBe(2)
  })

  it("answers from the cache while the success is fresh", async () => {
    const { cache, clock } = cacheWithClock()
    const load = succeeding("quote")
    const first = await cache.get("k", load)

    clock.advance(SUCCESS_TTL - 1)
    const second = await cache.get("k", load)

    expect(second).toEqual({ value: "quote", source: "cache", storedAt: first.storedAt })
    expect(load).toHaveBeenCalledTimes(1)
    expect(cache.stats().hits).toBe(1)
  })

  it("loads again, once for all concurrent callers, when successTtl has passed", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("old"))

    clock.advance(SUCCESS_TTL)
    expect(cache.wouldLoad("k")).toBe(true)
    const reload = succeeding("new")
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.get("k", reload)))

    expect(reload).toHaveBeenCalledTimes(1)
    expect(results.map((result) => result.value)).toEqual(Array(10).fill("new"))
    expect(results[0].source).toBe("upstream")
  })

  it("remembers a failure for failureTtl without calling upstream, then retries", async () => {
    const { cache, clock } = cacheWithClock()
    const error = new Error("upstream down")
    const load = failing(error)
    await expect(cache.get("k", load)).rejects.toBe(error)

    clock.advance(FAILURE_TTL - 1)
    expect(cache.wouldLoad("k")).toBe(false)
    await expect(cache.get("k", load)).rejects.toBe(error)
    expect(load).toHaveBeenCalledTimes(1)

    clock.advance(1)
    expect(cache.wouldLoad("k")).toBe(true)
    const retry = succeeding("quote")
    await expect(cache.get("k", retry)).resolves.toMatchObject({ value: "quote", source: "upstream" })
    expect(retry).toHaveBeenCalledTimes(1)
    expect(cache.stats()).toMatchObject({ loads: 2, failuresServed: 2 })
  })

  it("replaces a remembered failure with the next success", async () => {
    const { cache, clock } = cacheWithClock()
    await expect(cache.get("k", failing(new Error("down")))).rejects.toThrow("down")
    clock.advance(FAILURE_TTL)
    await cache.get("k", succeeding("quote"))

    clock.advance(SUCCESS_TTL - 1)
    await expect(cache.get("k", succeeding("unused"))).resolves.toMatchObject({ value: "quote", source: "cache" })
  })
})
