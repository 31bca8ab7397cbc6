import { canonicalKey, hashKey, QuoteCache, type QuoteCacheOptions } from "../quote-cache"

const SUCCESS_TTL = 600_000
const FAILURE_TTL = 30_000
const STALE_TTL = 21_600_000
/** The options' values: the cache has no defaults of its own (they are declared in medusa-plugin.config.ts). */
const OPTIONS = { maxEntries: 10_000, successTtlMs: SUCCESS_TTL, failureTtlMs: FAILURE_TTL, staleTtlMs: STALE_TTL }

function fakeClock() {
  let time = 1_000_000
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms
    },
  }
}

function cacheWithClock(options: Partial<QuoteCacheOptions> = {}) {
  const clock = fakeClock()
  const cache = new QuoteCache<string>({ ...OPTIONS, now: clock.now, ...options })
  return { cache, clock }
}

/** A load whose answer the test gives when it chooses, before or after the cache calls it. */
function deferredLoad() {
  let resolve: (value: string) => void = () => undefined
  let reject: (error: unknown) => void = () => undefined
  const answer = new Promise<string>((onResolve, onReject) => {
    resolve = onResolve
    reject = onReject
  })
  const load = jest.fn(() => answer)
  return { load, resolve: (value: string) => resolve(value), reject: (error: unknown) => reject(error) }
}

const succeeding = (value: string) => jest.fn(async () => value)
const failing = (error: unknown) => jest.fn(async (): Promise<string> => Promise.reject(error))

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

  it("throws the same error to every concurrent caller when a load fails with no success to fall back on", async () => {
    const { cache } = cacheWithClock()
    const { load, reject } = deferredLoad()
    const error = new Error("upstream down")

    const gets = Array.from({ length: 20 }, () => cache.get("k", load))
    reject(error)
    const outcomes = await Promise.allSettled(gets)

    expect(load).toHaveBeenCalledTimes(1)
    expect(outcomes.filter((outcome) => !(outcome.status === "rejected" && outcome.reason === error))).toEqual([])
    expect(cache.stats()).toMatchObject({ inFlight: 0, failuresServed: 20 })
  })

  it("counts a load that throws synchronously as a failure and remembers it", async () => {
    const { cache } = cacheWithClock()
    const error = new Error("bad query")
    const load = jest.fn((): Promise<string> => {
      throw error
    })

    await expect(cache.get("k", load)).rejects.toBe(error)

    expect(cache.stats().inFlight).toBe(0)
    expect(cache.wouldLoad("k")).toBe(false)
    await expect(cache.get("k", load)).rejects.toBe(error)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it("removes the flight once its load settles, whether it succeeds or fails", async () => {
    const { cache } = cacheWithClock()
    await cache.get("ok", succeeding("quote"))
    await expect(cache.get("ko", failing(new Error("down")))).rejects.toThrow("down")

    expect(cache.stats().inFlight).toBe(0)
  })

  it("never holds more than maxEntries keys, evicting the least recently used", async () => {
    const { cache } = cacheWithClock({ maxEntries: 10 })

    for (let index = 0; index < 20; index++) {
      await cache.get(`key-${index}`, succeeding("quote"))
      expect(cache.stats().entries).toBeLessThanOrEqual(10)
    }

    expect(cache.stats()).toMatchObject({ entries: 10, evictions: 10 })
    expect(cache.wouldLoad("key-0")).toBe(true)
    expect(cache.wouldLoad("key-19")).toBe(false)
  })

  it("keeps a recently used key when evicting", async () => {
    const { cache } = cacheWithClock({ maxEntries: 3 })
    for (const key of ["a", "b", "c"]) await cache.get(key, succeeding(key))

    await cache.get("a", succeeding("unused"))
    await cache.get("d", succeeding("d"))

    expect(cache.wouldLoad("a")).toBe(false)
    expect(cache.wouldLoad("b")).toBe(true)
    expect(cache.wouldLoad("c")).toBe(false)
  })

  it("stores the answer of a load whose key was evicted while it was in flight, evicting another", async () => {
    const { cache, clock } = cacheWithClock({ maxEntries: 2 })
    await cache.get("slow", succeeding("old"))
    clock.advance(SUCCESS_TTL)
    const { load, resolve } = deferredLoad()
    const slow = cache.get("slow", load)
    await cache.get("x", succeeding("x"))
    await cache.get("y", succeeding("y"))
    expect(cache.stats().entries).toBe(2)

    resolve("new")

    await expect(slow).resolves.toMatchObject({ value: "new", source: "upstream" })
    expect(cache.stats().entries).toBe(2)
    expect(cache.wouldLoad("slow")).toBe(false)
    expect(cache.wouldLoad("x")).toBe(true)
    expect(cache.stats().evictions).toBe(2)
  })

  it("forgets a key on delete, so the next get loads again", async () => {
    const { cache } = cacheWithClock()
    await cache.get("k", succeeding("old"))

    cache.delete("k")

    expect(cache.wouldLoad("k")).toBe(true)
    await expect(cache.get("k", succeeding("new"))).resolves.toMatchObject({ value: "new", source: "upstream" })
  })

  it("forgets every key on clear", async () => {
    const { cache } = cacheWithClock()
    await cache.get("a", succeeding("a"))
    await cache.get("b", succeeding("b"))

    cache.clear()

    expect(cache.stats().entries).toBe(0)
    expect(cache.wouldLoad("a")).toBe(true)
    expect(cache.wouldLoad("b")).toBe(true)
  })

  it("answers the callers of a load dropped by clear, but does not store its answer", async () => {
    const { cache } = cacheWithClock()
    const { load, resolve } = deferredLoad()
    const dropped = cache.get("k", load)

    cache.clear()
    expect(cache.wouldLoad("k")).toBe(true)
    resolve("from before the clear")

    await expect(dropped).resolves.toMatchObject({ value: "from before the clear", source: "upstream" })
    expect(cache.stats().entries).toBe(0)
    expect(cache.wouldLoad("k")).toBe(true)
  })

  it("refuses a maxEntries below 1", () => {
    expect(() => new QuoteCache({ ...OPTIONS, maxEntries: 0 })).toThrow(RangeError)
  })

  it("refuses a success or failure TTL below 1 ms, which the cache underneath would read as forever", () => {
    expect(() => new QuoteCache({ ...OPTIONS, successTtlMs: 0 })).toThrow(RangeError)
    expect(() => new QuoteCache({ ...OPTIONS, failureTtlMs: 0 })).toThrow(RangeError)
    expect(() => new QuoteCache({ ...OPTIONS, staleTtlMs: -1 })).toThrow(RangeError)
    expect(() => new QuoteCache({ ...OPTIONS, staleTtlMs: 0 })).not.toThrow()
  })
})

describe("canonicalKey", () => {
  it("gives the same key for equal nested objects whose keys were written in different orders", () => {
    const one = { to: { cep: "01001000", city: "SP" }, items: [{ weight: 1, height: 2 }], from: "20040002" }
    const other = { from: "20040002", items: [{ height: 2, weight: 1 }], to: { city: "SP", cep: "01001000" } }

    expect(canonicalKey(one)).toBe(canonicalKey(other))
  })

  it("keeps the order of arrays", () => {
    expect(canonicalKey({ items: [1, 2] })).not.toBe(canonicalKey({ items: [2, 1] }))
  })

  it("gives different keys for different values", () => {
    expect(canonicalKey({ to: { cep: "01001000" } })).not.toBe(canonicalKey({ to: { cep: "01001001" } }))
  })

  it("refuses a value that has no JSON text", () => {
    expect(() => canonicalKey(undefined)).toThrow(TypeError)
  })
})

describe("hashKey", () => {
  it("is the sha256 hex of the text", () => {
    expect(hashKey("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })
})
