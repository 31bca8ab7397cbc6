import { KeptProbe, ProbeLimitError } from "../kept-probe"

describe("an admin's probe of a service, kept", () => {
  let now = 0
  const clock = () => now
  let asks: string[] = []
  const answer = (key: string) => async () => {
    asks.push(key)
    return { key, ask: asks.length }
  }

  beforeEach(() => {
    now = 1_000_000
    asks = []
  })

  it("answers a key again from what it kept, until its time is over", async () => {
    const probe = new KeptProbe({ ttlMs: 10_000, max: 10, clock })
    expect(await probe.get("order_1", answer("order_1"))).toEqual({ key: "order_1", ask: 1 })
    now += 9_999
    expect(await probe.get("order_1", answer("order_1"))).toEqual({ key: "order_1", ask: 1 })
    now += 2
    expect(await probe.get("order_1", answer("order_1"))).toEqual({ key: "order_1", ask: 2 })
    expect(asks).toEqual(["order_1", "order_1"])
  })

  it("keeps nothing a loader answers undefined", async () => {
    const probe = new KeptProbe({ ttlMs: 10_000, max: 10, clock })
    const missing = async () => {
      asks.push("missing")
      return undefined
    }
    expect(await probe.get("order_none", missing)).toBeUndefined()
    expect(await probe.get("order_none", missing)).toBeUndefined()
    expect(asks).toEqual(["missing", "missing"])
  })

  it("refuses a new ask past the cap with the wait, still answering the keys it kept", async () => {
    const probe = new KeptProbe({ ttlMs: 120_000, max: 10, perMinute: 3, clock })
    for (const key of ["a", "b", "c"]) {
      await probe.get(key, answer(key))
      now += 10_000
    }
    const refused = await probe.get("d", answer("d")).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(ProbeLimitError)
    // The first ask was 30 s ago: it leaves the minute in 30 s.
    expect((refused as ProbeLimitError).retryAfterMs).toBe(30_000)
    expect(await probe.get("a", answer("a"))).toEqual({ key: "a", ask: 1 })
    expect(asks).toEqual(["a", "b", "c"])

    now += 30_000
    expect(await probe.get("d", answer("d"))).toEqual({ key: "d", ask: 4 })
  })

  it("counts a failed ask, and keeps no failure", async () => {
    const probe = new KeptProbe({ ttlMs: 10_000, max: 10, perMinute: 2, clock })
    const failing = async () => {
      asks.push("failing")
      throw new Error("the service is down")
    }
    await expect(probe.get("a", failing)).rejects.toThrow("the service is down")
    expect(await probe.get("a", answer("a"))).toEqual({ key: "a", ask: 2 })
    await expect(probe.get("b", answer("b"))).rejects.toBeInstanceOf(ProbeLimitError)
  })
})
