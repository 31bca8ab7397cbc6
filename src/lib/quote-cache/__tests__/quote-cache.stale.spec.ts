// QuoteCache stale answers: the last success served with the error while reloads fail, up to staleTtl after it was stored.
import { cacheWithClock, failing, succeeding } from "./quote-cache.fixtures"

describe("QuoteCache", () => {
  it("serves the last success as stale, with the error, when the reload fails after successTtl", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("old"))
    clock.advance(600_001)
    const error = new Error("upstream down")

    const stale = await cache.get("k", failing(error))

    expect(stale).toEqual({ value: "old", source: "stale", error, storedAt: 1_000_000 })
    expect(cache.stats()).toMatchObject({ staleServed: 1, failuresServed: 0, loads: 2 })
  })

  it("keeps serving stale, without calling upstream, while the failure is remembered", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("old"))
    clock.advance(600_001)
    const error = new Error("upstream down")
    await cache.get("k", failing(error))

    clock.advance(30_000)
    const load = succeeding("unused")
    const stale = await cache.get("k", load)

    expect(stale).toEqual({ value: "old", source: "stale", error, storedAt: 1_000_000 })
    expect(load).not.toHaveBeenCalled()
    expect(cache.stats().staleServed).toBe(2)
  })

  it("serves stale with the error of a failure it does not remember, and asks again at the next get", async () => {
    const { cache, clock } = cacheWithClock({ remembers: () => false })
    await cache.get("k", succeeding("old"))
    clock.advance(600_001)
    const refusal = new Error("circuit open")

    await expect(cache.get("k", failing(refusal))).resolves.toEqual({
      value: "old",
      source: "stale",
      error: refusal,
      storedAt: 1_000_000,
    })
    await expect(cache.get("k", succeeding("new"))).resolves.toEqual({
      value: "new",
      source: "upstream",
      storedAt: 1_600_001,
    })
  })

  it("stops serving stale once staleTtl (6 h) has passed since the success was stored", async () => {
    const { cache, clock } = cacheWithClock()
    await cache.get("k", succeeding("old"))
    clock.advance(21_600_000)
    const error = new Error("upstream down")

    await expect(cache.get("k", failing(error))).rejects.toBe(error)
    expect(cache.stats()).toMatchObject({ staleServed: 0, failuresServed: 1 })
  })

  it("measures staleTtl from when the success was stored, not from when it expired", async () => {
    const { cache, clock } = cacheWithClock({ successTtlMs: 1000, failureTtlMs: 1, staleTtlMs: 5000 })
    await cache.get("k", succeeding("old"))

    clock.advance(4999)
    await expect(cache.get("k", failing(new Error("down")))).resolves.toMatchObject({
      source: "stale",
      storedAt: 1_000_000,
    })
    clock.advance(2)
    await expect(cache.get("k", failing(new Error("still down")))).rejects.toThrow("still down")
  })
})
