// QuoteCache loads: one upstream call per key for concurrent gets, fresh answers from the cache,
// reloads once successTtl has passed, and failures remembered for failureTtl.
import { cacheWithClock, deferredLoad, failing, succeeding } from "./quote-cache.fixtures"

describe("QuoteCache", () => {
  it("makes one upstream call for 50 concurrent gets of the same key, and shares its answer", async () => {
    const { cache } = cacheWithClock()
    const { load, resolve } = deferredLoad()

    const gets = Array.from({ length: 50 }, () => cache.get("k", load))
    expect(cache.stats()).toMatchObject({ inFlight: 1, loads: 1 })
    resolve("quote")
    const results = await Promise.all(gets)

    expect(load).toHaveBeenCalledTimes(1)
    expect(
      results.filter(
        (result) => !(result.value === "quote" && result.source === "upstream" && result.storedAt === 1_000_000)
      )
    ).toEqual([])
    expect(cache.stats()).toMatchObject({ loads: 1, inFlight: 0, entries: 1, hits: 0 })
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

  it("answers from the cache while the success is fresh (10 minutes), and loads again after", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("quote"))

    clock.advance(600_000)
    const unused = succeeding("unused")
    await expect(cache.get("k", unused)).resolves.toEqual({ value: "quote", source: "cache", storedAt: 1_000_000 })
    expect(unused).not.toHaveBeenCalled()
    expect(cache.stats().hits).toBe(1)

    clock.advance(1)
    const reload = succeeding("new")
    const results = await Promise.all(Array.from({ length: 10 }, () => cache.get("k", reload)))
    expect(reload).toHaveBeenCalledTimes(1)
    expect(results.map(({ value, source, storedAt }) => `${value} ${source} ${storedAt}`)).toEqual(
      Array(10).fill("new upstream 1600001")
    )
  })

  it("keeps another instance's answer fresh from when it was received there, not from now", async () => {
    const { cache, clock } = cacheWithClock()
    await expect(
      cache.get("k", async () => ({ value: "theirs", source: "shared", storedAt: 500_000 }))
    ).resolves.toEqual({
      value: "theirs",
      source: "shared",
      storedAt: 500_000,
    })

    // Received at 500,000: fresh until 1,100,000, 100 s from now.
    clock.advance(100_000)
    await expect(cache.get("k", succeeding("unused"))).resolves.toMatchObject({ value: "theirs", source: "cache" })
    clock.advance(1)
    await expect(cache.get("k", succeeding("mine"))).resolves.toEqual({
      value: "mine",
      source: "upstream",
      storedAt: 1_100_001,
    })
  })

  it("remembers a failure for failureTtl (30 s) without calling upstream, then retries", async () => {
    const { cache, clock } = cacheWithClock()
    const error = new Error("upstream down")
    const load = failing(error)
    await expect(cache.get("k", load)).rejects.toBe(error)

    clock.advance(30_000)
    await expect(cache.get("k", load)).rejects.toBe(error)
    expect(load).toHaveBeenCalledTimes(1)

    clock.advance(1)
    const retry = succeeding("quote")
    await expect(cache.get("k", retry)).resolves.toEqual({ value: "quote", source: "upstream", storedAt: 1_030_001 })
    expect(retry).toHaveBeenCalledTimes(1)
    expect(cache.stats()).toMatchObject({ loads: 2, failuresServed: 2 })
  })

  it("does not remember a failure that `remembers` says nothing of the query: the next get loads again", async () => {
    const { cache } = cacheWithClock({ remembers: (error) => !(error instanceof RangeError) })
    await expect(cache.get("k", failing(new RangeError("circuit open")))).rejects.toThrow("circuit open")

    const retry = succeeding("quote")
    await expect(cache.get("k", retry)).resolves.toMatchObject({ value: "quote", source: "upstream" })
    expect(retry).toHaveBeenCalledTimes(1)
  })
})
