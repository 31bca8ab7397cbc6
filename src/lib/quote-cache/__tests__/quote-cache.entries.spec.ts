// QuoteCache entries: at most maxEntries keys, least recently used evicted first, and keys forgotten on delete and clear.
import { cacheWithClock, deferredLoad, succeeding, SUCCESS_TTL } from "./quote-cache.fixtures"

describe("QuoteCache", () => {
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
})
