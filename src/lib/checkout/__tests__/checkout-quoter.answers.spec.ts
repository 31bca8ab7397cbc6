// CheckoutQuoter's answers from the freight API: the first price, the deadline counted from the request's arrival,
// the cache while an answer is fresh, and one call for identical queries, concurrent ones included.
import type { FreightQuote } from "../../freight/schemas"
import { buildFreightQuery, type ShippableItem } from "../build-freight-query"
import {
  amounts,
  QUERY,
  quotation,
  QUOTE,
  QUOTE_OFFERS,
  SETTINGS,
  setup,
  SUCCESS_TTL,
  TIMEOUT,
} from "./checkout-quoter.fixtures"

/** A later answer to the same query, at other prices. */
const NEWER_QUOTE: FreightQuote = {
  consultaToken: "consulta-2",
  quotations: [quotation({ service: "correios-pac", serviceName: "PAC", priceCents: 2700, days: 7, code: "c-pac-2" })],
}

describe("CheckoutQuoter", () => {
  describe("answers from the freight API", () => {
    it("prices the first query with the service's answer, after the settings", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue(QUOTE)

      const outcome = await quoter.offers(QUERY, null, SETTINGS)

      expect(outcome).toEqual({
        applied: [],
        offers: QUOTE_OFFERS,
        source: "upstream",
        upstreamMs: expect.any(Number),
        guardMs: 0,
        call: { ms: expect.any(Number), attempts: 0, status: 200 },
      })
      expect(amounts(outcome.offers)).toEqual(["correios-pac:2519", "correios-sedex:4590"])
      expect(outcome.offers.map((o) => o.deliveryEstimate)).toEqual(["2026-01-06", "2025-12-29"])
      expect(client.quote).toHaveBeenCalledTimes(1)
      expect(client.quote).toHaveBeenCalledWith(QUERY, {
        deadline: expect.objectContaining({ remaining: expect.any(Function) }),
        onAttempt: expect.any(Function),
      })
    })

    it("counts the freight deadline from when the asker says it started (the quote route: its arrival)", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue(QUOTE)
      const arrivedAt = Date.now() - 180

      await quoter.offers(QUERY, null, SETTINGS, { startedAt: arrivedAt })

      // What is left of freight.timeoutMs since the arrival, less the few milliseconds this test took since.
      const left = client.quote.mock.calls[0][1]?.deadline?.remaining() ?? 0
      expect(left).toBeLessThanOrEqual(TIMEOUT - 180)
      expect(left).toBeGreaterThan(TIMEOUT - 180 - 100)
    })

    it("answers a repeat of the query from the cache while it is fresh, with no second call", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValue(QUOTE)
      const first = await quoter.offers(QUERY, null, SETTINGS)

      advance(SUCCESS_TTL)
      const second = await quoter.offers({ ...QUERY }, null, SETTINGS)

      expect(second).toEqual({ applied: [], offers: first.offers, source: "cache", upstreamMs: 0, guardMs: 0 })
      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("asks the service again once the answer is no longer fresh", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockResolvedValueOnce(NEWER_QUOTE)
      await quoter.offers(QUERY, null, SETTINGS)

      advance(SUCCESS_TTL + 1)
      const later = await quoter.offers(QUERY, null, SETTINGS)

      expect(later.source).toBe("upstream")
      expect(amounts(later.offers)).toEqual(["correios-pac:2700"])
      expect(client.quote).toHaveBeenCalledTimes(2)
    })

    it("makes one call for concurrent identical queries, and gives each the same offers", async () => {
      const { quoter, client } = setup()
      let answer: (quote: FreightQuote) => void = () => undefined
      client.quote.mockReturnValue(new Promise<FreightQuote>((resolve) => (answer = resolve)))

      const pending = Array.from({ length: 5 }, () => quoter.offers(structuredClone(QUERY), null, SETTINGS))
      answer(QUOTE)
      const outcomes = await Promise.all(pending)

      expect(client.quote).toHaveBeenCalledTimes(1)
      // The one that made the call says so; the others joined it.
      expect(outcomes.filter((outcome) => outcome.call)).toHaveLength(1)
      for (const { call: _call, ...outcome } of outcomes) {
        expect(outcome).toEqual({
          applied: [],
          offers: QUOTE_OFFERS,
          source: "upstream",
          upstreamMs: expect.any(Number),
          guardMs: 0,
        })
      }
    })

    it("makes one call for the same cart whatever the order of its items", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue(QUOTE)
      const items: ShippableItem[] = [
        { sku: "CAMISETA-P", quantity: 2, unitPrice: 59.9, variant: { weight: 0.3, length: 30, height: 4, width: 20 } },
        { sku: "CANECA", quantity: 1, unitPrice: 35, productWeight: 0.4 },
      ]
      const build = (cartItems: ShippableItem[]) =>
        buildFreightQuery({ destinationCep: "20040-002", items: cartItems }, SETTINGS, {
          weight: "kg",
          dimension: "cm",
        }).query

      await Promise.all([
        quoter.offers(build(items), null, SETTINGS),
        quoter.offers(build([...items].reverse()), null, SETTINGS),
      ])

      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("makes a call of its own for a different query", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue(QUOTE)

      await quoter.offers(QUERY, null, SETTINGS)
      await quoter.offers({ ...QUERY, destinationCep: "30130010" }, null, SETTINGS)

      expect(client.quote).toHaveBeenCalledTimes(2)
    })
  })
})
