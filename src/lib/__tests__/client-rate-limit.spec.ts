import { ClientRateLimiter, type ClientRateLimitOptions } from "../client-rate-limit"

const WINDOW = 60_000

function limiterWithClock(options: ClientRateLimitOptions) {
  let time = 1_000_000
  const limiter = new ClientRateLimiter({ now: () => time, ...options })
  return {
    limiter,
    advance: (ms: number) => {
      time += ms
    },
  }
}

function takeTimes(limiter: ClientRateLimiter, client: string, times: number): boolean[] {
  return Array.from({ length: times }, () => limiter.tryTake(client))
}

describe("ClientRateLimiter", () => {
  it("lets a client take `limit` units in a window and refuses the next", () => {
    const { limiter } = limiterWithClock({ limit: 3 })

    expect(takeTimes(limiter, "ip", 4)).toEqual([true, true, true, false])
  })

  it("gives each unit back windowMs after it was taken (sliding window)", () => {
    const { limiter, advance } = limiterWithClock({ limit: 2 })
    expect(limiter.tryTake("ip")).toBe(true)
    advance(30_000)
    expect(limiter.tryTake("ip")).toBe(true)

    advance(WINDOW - 30_000 - 1)
    expect(limiter.tryTake("ip")).toBe(false)

    advance(1)
    expect(limiter.tryTake("ip")).toBe(true)
    expect(limiter.tryTake("ip")).toBe(false)

    advance(30_000)
    expect(limiter.tryTake("ip")).toBe(true)
  })

  it("counts clients independently", () => {
    const { limiter } = limiterWithClock({ limit: 1 })

    expect(limiter.tryTake("a")).toBe(true)
    expect(limiter.tryTake("b")).toBe(true)
    expect(limiter.tryTake("a")).toBe(false)
    expect(limiter.tryTake("b")).toBe(false)
  })

  it("tells how long until the oldest unit comes back, and 0 when a unit is left", () => {
    const { limiter, advance } = limiterWithClock({ limit: 2 })
    expect(limiter.retryAfterMs("unknown")).toBe(0)

    limiter.tryTake("ip")
    expect(limiter.retryAfterMs("ip")).toBe(0)
    advance(10_000)
    limiter.tryTake("ip")
    advance(10_000)

    expect(limiter.retryAfterMs("ip")).toBe(40_000)
    advance(40_000)
    expect(limiter.retryAfterMs("ip")).toBe(0)
  })

  it("uses the window it is given", () => {
    const { limiter, advance } = limiterWithClock({ limit: 1, windowMs: 1000 })
    limiter.tryTake("ip")

    expect(limiter.retryAfterMs("ip")).toBe(1000)
    advance(1000)
    expect(limiter.tryTake("ip")).toBe(true)
  })

  it("never tracks more than maxClients clients, forgetting the least recently active", () => {
    const { limiter } = limiterWithClock({ limit: 1, maxClients: 3 })
    for (const client of ["a", "b", "c", "d"]) limiter.tryTake(client)

    expect(limiter.stats().clients).toBe(3)
    expect(limiter.tryTake("b")).toBe(false)
    expect(limiter.tryTake("a")).toBe(true)
    expect(limiter.stats().clients).toBe(3)
  })

  it("counts a client that takes again as recently active when choosing whom to forget", () => {
    const { limiter } = limiterWithClock({ limit: 2, maxClients: 3 })
    for (const client of ["a", "b", "c", "a", "d"]) limiter.tryTake(client)

    expect(takeTimes(limiter, "a", 1)).toEqual([false])
    expect(takeTimes(limiter, "b", 3)).toEqual([true, true, false])
  })

  it("forgets a client once all its units are back", () => {
    const { limiter, advance } = limiterWithClock({ limit: 1 })
    limiter.tryTake("ip")

    advance(WINDOW)
    limiter.retryAfterMs("ip")

    expect(limiter.stats().clients).toBe(0)
  })

  it("refuses a limit below 1", () => {
    expect(() => new ClientRateLimiter({ limit: 0 })).toThrow(RangeError)
  })
})
