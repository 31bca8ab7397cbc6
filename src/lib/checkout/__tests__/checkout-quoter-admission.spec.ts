import { CircuitBreaker } from "../../http/circuit-breaker"
import { ServerError } from "../../http/errors"
import type { Asker } from "../quote-admission"
import { QUERY, shopperErrorOf } from "./checkout-quoter.fixtures"
import { SETTINGS, setup, shopper, to } from "./checkout-quoter-admission.fixtures"

// The quota guard inside the quoter: one unit per new freight query a store request causes, from
// the client's bound and the store's ceiling, nothing for cache hits, single-flight joiners, the
// admin or a job; a refused query is answered as an outage is (a kept answer, else the fallback
// table), never a failure of the freight API; only a store with no table refuses the shopper.

describe("CheckoutQuoter's quota guard", () => {
  it("takes one unit from the client's bound, its network's, the quote route's share and the store's ceiling for a new query, with the settings' limits", async () => {
    const { quoter, ledger, client } = setup()
    const request: Asker = { client: "client:203.0.113.9", network: "network:203.0.113.0/24" }
    const priced = await quoter.offers(QUERY, null, SETTINGS, request)
    // The first ask of each bound (a lease is asked again ahead of need, off the request's path).
    const firstAsks = ledger.asked.filter(
      (ask, index) => ledger.asked.findIndex((other) => other.key === ask.key) === index
    )
    expect(firstAsks.map(({ want, limit }) => ({ want, limit }))).toEqual([
      { want: 1, limit: 7 },
      { want: 2, limit: 28 },
      { want: 3, limit: 35 },
      { want: 7, limit: 70 },
    ])
    expect(firstAsks.slice(2).map((ask) => ask.key)).toEqual(["route", "store"])
    expect(client.quote).toHaveBeenCalledTimes(1)
    expect(priced).toMatchObject({ source: "upstream", guard: "admitted", guardMs: expect.any(Number) })
    // The asker is the quoter's input only: nothing is written back.
    expect(request).toEqual({ client: "client:203.0.113.9", network: "network:203.0.113.0/24" })
  })

  it("keeps the client as a hash, never its address", async () => {
    const { quoter, ledger } = setup()
    await quoter.offers(QUERY, null, SETTINGS, shopper("client:203.0.113.9"))
    expect(ledger.asked.map((ask) => ask.key).join()).not.toContain("203.0.113.9")
    expect(ledger.asked[0].key).toMatch(/^[0-9a-f]{32}$/)
  })

  it("counts a cart's bound in this instance, asking the shared count for the store's ceiling only", async () => {
    const { newQueries, ledger, quoter } = setup()
    const cart = { cart: "cart:cart_01", local: true }
    expect(await newQueries(8, () => ({ ...cart }))).toEqual([...Array(7).fill("upstream"), "fallback"])
    expect([...new Set(ledger.asked.map((ask) => ask.key))]).toEqual(["store"])
    expect(quoter.guardStats()).toMatchObject({ admitted: 7, refused_by_client: 1, refused_by_store: 0 })
  })

  it("bounds a shopper at checkout by address and network as well as by cart: new carts from one address stop at its bound", async () => {
    const { newQueries, ledger, quoter } = setup({ settings: { ...SETTINGS, quote_route_limit_per_minute: 3 } })
    let cart = 0
    const each = () => ({
      cart: `cart:cart_${(cart += 1)}`,
      client: "client:203.0.113.9",
      network: "network:203.0.113.0/24",
      local: true,
    })
    expect(await newQueries(5, each)).toEqual([...Array(3).fill("upstream"), "fallback", "fallback"])
    expect(quoter.guardStats()).toMatchObject({ admitted: 3, refused_by_client: 2 })
    // Checkout takes no unit of the quote route's share.
    expect(ledger.asked.map((ask) => ask.key)).not.toContain("route")
  })

  it("bounds each client by itself: two carts are two clients", async () => {
    const { quoter, ledger } = setup()
    await quoter.offers(QUERY, null, SETTINGS, shopper("cart:cart_01"))
    await quoter.offers(to("30130010"), null, SETTINGS, shopper("cart:cart_01"))
    await quoter.offers(to("40010000"), null, SETTINGS, shopper("cart:cart_02"))
    const clients = [
      ...new Set(ledger.asked.filter((ask) => ask.key !== "store" && ask.key !== "route").map((ask) => ask.key)),
    ]
    expect(clients).toHaveLength(2)
  })

  it("takes nothing for a cached answer, nor for callers that join a call in flight", async () => {
    const { quoter, ledger, client } = setup()
    await Promise.all([1, 2, 3].map(() => quoter.offers(QUERY, null, SETTINGS, shopper())))
    const asked = ledger.asked.length
    await quoter.offers(QUERY, null, SETTINGS, shopper())
    expect(client.quote).toHaveBeenCalledTimes(1)
    expect(quoter.guardStats()).toMatchObject({ admitted: 1 })
    expect(ledger.asked).toHaveLength(asked)
  })

  it("takes nothing for work that is no store request: the admin, a job", async () => {
    const { quoter, ledger, client } = setup()
    await quoter.offers(QUERY, null, SETTINGS, {})
    await quoter.offers(to("30130010"), null, SETTINGS)
    expect(client.quote).toHaveBeenCalledTimes(2)
    expect(ledger.asked).toEqual([])
  })

  it("answers a new query past the client's bound from the fallback table: no call, no wait for the shopper", async () => {
    const { newQueries, client, quoter } = setup()
    const requests: Array<ReturnType<typeof shopper>> = []
    const outcomes = await newQueries(9, () => {
      requests.push(shopper())
      return requests[requests.length - 1]
    })
    expect(outcomes).toEqual([...Array(7).fill("upstream"), "fallback", "fallback"])
    expect(client.quote).toHaveBeenCalledTimes(7)
    expect(requests).toEqual(Array(9).fill(shopper()))
    expect(quoter.guardStats()).toMatchObject({
      admitted: 7,
      refused_by_client: 2,
      refused_by_store: 0,
      answered_from_table: 2,
      refused_without_table: 0,
    })
  })

  it("refuses the shopper, with Retry-After until the minute ends, only where the store has no fallback table", async () => {
    const { newQueries, at, quoter } = setup({ settings: { ...SETTINGS, fallback: [] } })
    at(60_000 * 100 + 47_600)
    const request = shopper()
    const outcomes = await newQueries(7, () => request)
    expect(outcomes).toEqual(Array(7).fill("upstream"))
    const refusal = await shopperErrorOf(quoter.offers(to("69900000"), null, { ...SETTINGS, fallback: [] }, request))
    expect({ code: refusal.code, retryAfterSeconds: refusal.retryAfterSeconds }).toEqual({
      code: "too_many_quotes",
      retryAfterSeconds: 13,
    })
    expect(quoter.guardStats()).toMatchObject({
      refused_by_client: 1,
      refused_without_table: 1,
      answered_from_table: 0,
    })
  })

  it("gives a new minute a new bound", async () => {
    const { newQueries, advance } = setup()
    expect(await newQueries(8, () => shopper())).toEqual([...Array(7).fill("upstream"), "fallback"])
    advance(60_000)
    const next = await newQueries(1, () => shopper())
    expect(next).toEqual(["upstream"])
  })

  it("serves the last answer kept for the query when a new one is refused: no query, a real price", async () => {
    const { quoter, client, advance, newQueries } = setup()
    const fresh = await quoter.offers(QUERY, null, SETTINGS, shopper())
    advance(600_001)
    // A new minute: seven new queries spend the client's bound.
    await newQueries(7, () => shopper())
    const later = await quoter.offers(QUERY, null, SETTINGS, shopper())
    expect({
      source: later.source,
      guard: later.guard,
      prices: later.offers.map((offer) => offer.amountCents),
    }).toEqual({
      source: "stale",
      guard: "refused",
      prices: fresh.offers.map((offer) => offer.amountCents),
    })
    expect(client.quote).toHaveBeenCalledTimes(8)
    expect(quoter.guardStats()).toMatchObject({ answered_from_kept: 1 })
  })

  it("never counts a refusal towards the circuit breaker", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 30_000 })
    const { newQueries } = setup({ breaker, settings: { ...SETTINGS, quote_route_limit_per_minute: 1 } })
    expect(await newQueries(4, () => shopper())).toEqual(["upstream", "fallback", "fallback", "fallback"])
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
  })

  it("takes nothing while the open circuit would refuse the call: the fallback table prices, as before", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 30_000 })
    const { quoter, ledger, client } = setup({ breaker })
    client.quote.mockRejectedValueOnce(
      new ServerError("Freight API failed (HTTP 503)", { service: "freight", status: 503 })
    )
    const failed = await quoter.offers(QUERY, null, SETTINGS, shopper())
    expect(failed.source).toBe("fallback")
    const asked = ledger.asked.length
    const whileOpen = await quoter.offers(to("30130010"), null, SETTINGS, shopper())
    expect(whileOpen.source).toBe("fallback")
    expect(ledger.asked).toHaveLength(asked)
    expect(quoter.guardStats()).toMatchObject({ admitted: 1 })
  })

  it("bounds a network besides each of its addresses: one network cannot pose as many shoppers", async () => {
    const { newQueries, quoter } = setup({ settings: { ...SETTINGS, quote_route_limit_per_minute: 1 } })
    let address = 0
    const each = () => ({ client: `client:198.51.100.${(address += 1)}`, network: "network:198.51.100.0/24" })
    expect(await newQueries(6, each)).toEqual([...Array(4).fill("upstream"), "fallback", "fallback"])
    expect(quoter.guardStats()).toMatchObject({ admitted: 4, refused_by_network: 2, refused_by_client: 0 })
  })

  it("keeps checkout's share of the ceiling: product-page quotes from any number of networks spend half of it, new carts the rest", async () => {
    const { newQueries, quoter, logger } = setup({ settings: { ...SETTINGS, quote_store_limit_per_minute: 10 } })
    let address = 0
    const page = () => ({ client: `client:203.0.${(address += 1)}.9`, network: `network:203.0.${address}.0/24` })
    expect(await newQueries(8, page)).toEqual([...Array(5).fill("upstream"), ...Array(3).fill("fallback")])
    let cart = 0
    expect(await newQueries(6, () => ({ cart: `cart:cart_${(cart += 1)}`, local: true }))).toEqual([
      ...Array(5).fill("upstream"),
      "fallback",
    ])
    expect(quoter.guardStats()).toMatchObject({ refused_by_route: 3, refused_by_store: 1 })
    expect(
      logger.lines.filter((line) =>
        line.includes("quote route's share of the store's ceiling (5) of new freight queries")
      )
    ).toHaveLength(1)
  })

  it("holds the store's ceiling over every client, and tells the merchant once a minute what to raise", async () => {
    const { newQueries, logger, advance, quoter } = setup({
      settings: { ...SETTINGS, quote_store_limit_per_minute: 5 },
    })
    let address = 0
    const each = () => ({ cart: `cart:cart_${(address += 1)}`, local: true })
    expect(await newQueries(7, each)).toEqual([...Array(5).fill("upstream"), "fallback", "fallback"])
    advance(60_000)
    expect(await newQueries(7, each)).toEqual([...Array(5).fill("upstream"), "fallback", "fallback"])
    const warnings = logger.lines.filter((line) =>
      line.includes("store's ceiling (5) of new freight queries per minute")
    )
    expect(warnings).toHaveLength(2)
    expect(warnings[0]).toContain("raise quote_store_limit_per_minute")
    expect(quoter.guardStats()).toMatchObject({ refused_by_store: 4, answered_from_table: 4 })
    expect(quoter.guardStats()?.ceiling_reached_at).toEqual(expect.any(String))
  })

  it("bounds each instance by itself, logged once, when the shared count fails: never unbounded", async () => {
    const { newQueries, client, logger, quoter } = setup({
      grant: async () => {
        throw new Error("timeout exceeded when trying to connect")
      },
    })
    expect(await newQueries(9, () => shopper())).toEqual([...Array(7).fill("upstream"), "fallback", "fallback"])
    expect(client.quote).toHaveBeenCalledTimes(7)
    expect(
      logger.lines.filter((line) => line.startsWith("warn frete: the quota guard's shared count did not answer"))
    ).toHaveLength(1)
    expect(quoter.guardStats()?.local_decisions).toBeGreaterThan(0)
  })

  it("decides alone when the shared count hangs, within the same bound", async () => {
    const { newQueries, client } = setup({ grant: () => new Promise<number>(() => undefined) })
    expect(await newQueries(8, () => shopper())).toEqual([...Array(7).fill("upstream"), "fallback"])
    expect(client.quote).toHaveBeenCalledTimes(7)
  })
})
