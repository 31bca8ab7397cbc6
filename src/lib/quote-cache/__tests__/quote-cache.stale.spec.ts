// QuoteCache stale answers: the last success served with the error while reloads fail, up to staleTtl after it was stored.
import { cacheWithClock, deferredLoad, failing, FAILURE_TTL, STALE_TTL, succeeding, SUCCESS_TTL } from "./quote-cache.fixtures"

describe("QuoteCache", () => {
  it("serves the last success as stale, with the error, when the reload fails after successTtl", async () => {
    const { cache, clock } = cacheWithClock()
    const first = await cache.get("k", succeeding("old"))
    clock.advance(SUCCESS_TTL)
    const error = new Error("upstream down")

    const stale = await cache.get("k", failing(error))

    expect(stale).toEqual({ value: "old", source: "stale", error, storedAt: first.storedAt })
    expect(cache.stats().staleServed).toBe(1)
  })

  it("keeps serving stale, without calling upstream, while the failure is remembered", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("old"))
    clock.advance(SUCCESS_TTL)
    const error = new Error("upstream down")
    await cache.get("k", failing(error))

    clock.advance(FAILURE_TTL - 1)
    const load = succeeding("unused")
    const stale = await cache.get("k", load)

    expect(stale).toMatchObject({ value: "old", source: "stale", error })
    expect(load).not.toHaveBeenCalled()
    expect(cache.stats().staleServed).toBe(2)
  })

  it("gives every concurrent caller of a failing reload the same stale answer", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("old"))
    clock.advance(SUCCESS_TTL)
    const { load, reject } = deferredLoad()
    const error = new Error("upstream down")

    const gets = Array.from({ length: 5 }, () => cache.get("k", load))
    reject(error)
    const results = await Promise.all(gets)

    expect(load).toHaveBeenCalledTimes(1)
    expect(results.filter((result) => !(result.source === "stale" && result.value === "old" && result.error === error))).toEqual([])
  })

  it("stops serving stale once staleTtl has passed since the success was stored", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("old"))
    clock.advance(STALE_TTL)
    const error = new Error("upstream down")

    await expect(cache.get("k", failing(error))).rejects.toBe(error)
    expect(cache.stats().staleServed).toBe(0)
  })

  it("measures staleTtl from when the success was stored, not from when it expired", async () => {
    const { cache, clock } = cacheWithClock({ successTtlMs: 1000, failureTtlMs: 1, staleTtlMs: 5000 })
    await cache.get("k", succeeding("old"))

    clock.advance(4999)
    await expect(cache.get("k", failing(new Error("down")))).resolves.toMatchObject({ source: "stale" })
    clock.advance(1)
    await expect(cache.get("k", failing(new Error("still down")))).rejects.toThrow("still down")
  })
})
