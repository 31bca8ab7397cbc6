// QuoteCache entries: at most maxEntries keys, least recently used evicted first, and every key forgotten on clear.
import { cacheWithClock, deferredLoad, succeeding } from "./quote-cache.fixtures"

/** Whether a get of `key` now calls its load, the cache's answer aside. */
async function loads(cache: ReturnType<typeof cacheWithClock>["cache"], key: string): Promise<boolean> {
  const probe = succeeding("probe")
  await cache.get(key, probe)
  return probe.mock.calls.length === 1
}

describe("QuoteCache", () => {
  it("never holds more than maxEntries keys, evicting the least recently used", async () => {
    const { cache } = cacheWithClock({ maxEntries: 10 })

    for (let index = 0; index < 20; index++) {
      await cache.get(`key-${index}`, succeeding("quote"))
      expect(cache.stats().entries).toBeLessThanOrEqual(10)
    }

    expect(cache.stats()).toMatchObject({ entries: 10, evictions: 10 })
    expect(await loads(cache, "key-19")).toBe(false)
    expect(await loads(cache, "key-0")).toBe(true)
  })

  it("keeps a recently used key when evicting", async () => {
    const { cache } = cacheWithClock({ maxEntries: 3 })
    for (const key of ["a", "b", "c"]) await cache.get(key, succeeding(key))

    await cache.get("a", succeeding("unused"))
    await cache.get("d", succeeding("d"))

    expect(await loads(cache, "a")).toBe(false)
    expect(await loads(cache, "c")).toBe(false)
    expect(await loads(cache, "b")).toBe(true)
  })

  it("answers the callers of a load whose key was evicted while it was in flight, without storing it", async () => {
    const { cache } = cacheWithClock({ maxEntries: 2 })
    const { load, resolve } = deferredLoad()
    const slow = cache.get("slow", load)
    await cache.get("x", succeeding("x"))
    await cache.get("y", succeeding("y"))

    resolve("answer")

    await expect(slow).resolves.toEqual({ value: "answer", source: "upstream", storedAt: 1_000_000 })
    expect(cache.stats()).toMatchObject({ entries: 2, inFlight: 0 })
    expect(await loads(cache, "x")).toBe(false)
    expect(await loads(cache, "slow")).toBe(true)
  })

  it("forgets every key on clear", async () => {
    const { cache } = cacheWithClock()
    await cache.get("a", succeeding("a"))
    await cache.get("b", succeeding("b"))

    cache.clear()

    expect(cache.stats().entries).toBe(0)
    expect(await loads(cache, "a")).toBe(true)
    expect(await loads(cache, "b")).toBe(true)
  })

  it("answers the callers of a load dropped by clear, but neither stores its answer nor remembers its failure", async () => {
    const { cache } = cacheWithClock()
    const succeeds = deferredLoad()
    const fails = deferredLoad()
    const dropped = cache.get("ok", succeeds.load)
    const droppedFailure = cache.get("ko", fails.load)

    cache.clear()
    succeeds.resolve("from before the clear")
    fails.reject(new Error("down before the clear"))

    await expect(dropped).resolves.toEqual({ value: "from before the clear", source: "upstream", storedAt: 1_000_000 })
    await expect(droppedFailure).rejects.toThrow("down before the clear")
    expect(cache.stats().entries).toBe(0)
    expect(await loads(cache, "ok")).toBe(true)
    expect(await loads(cache, "ko")).toBe(true)
  })
})
