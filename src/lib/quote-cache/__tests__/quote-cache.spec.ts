// What the plugin adds to lru-cache's fetch: another instance's answer fresh from when it was received there, failures
// remembered for failureTtl (or not, as `remembers` says), and loads dropped by a clear neither stored nor remembered.
import { cacheWithClock, deferredLoad, failing, succeeding } from "./quote-cache.fixtures"

/** Whether a get of `key` now calls its load, the cache's answer aside. */
async function loads(cache: ReturnType<typeof cacheWithClock>["cache"], key: string): Promise<boolean> {
  const probe = succeeding("probe")
  await cache.get(key, probe)
  return probe.mock.calls.length === 1
}

describe("QuoteCache", () => {
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
