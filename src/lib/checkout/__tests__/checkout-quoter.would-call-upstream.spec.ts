// CheckoutQuoter.wouldCallUpstream: whether a query would call the freight API, before, during and after its call,
// while a failure is remembered, and without calling the service itself.
import type { FreightQuote } from "../../freight/schemas"
import { FAILURE_TTL, QUERY, QUOTE, serverError, SETTINGS, setup, SUCCESS_TTL } from "./checkout-quoter.fixtures"

describe("CheckoutQuoter", () => {
  describe("wouldCallUpstream", () => {
    it("is true before a query, false while its call is in flight and after its answer, true again once the answer is not fresh", async () => {
      const { quoter, client, advance } = setup()
      let answer: (quote: FreightQuote) => void = () => undefined
      client.quote.mockReturnValue(new Promise<FreightQuote>((resolve) => (answer = resolve)))

      expect(quoter.wouldCallUpstream(QUERY)).toBe(true)
      const pending = quoter.offers(QUERY, SETTINGS)
      expect(quoter.wouldCallUpstream(QUERY)).toBe(false)
      answer(QUOTE)
      await pending

      expect(quoter.wouldCallUpstream(QUERY)).toBe(false)
      expect(quoter.wouldCallUpstream({ ...QUERY, destinationCep: "30130010" })).toBe(true)
      advance(SUCCESS_TTL)
      expect(quoter.wouldCallUpstream(QUERY)).toBe(true)
    })

    it("is false while a failure is remembered, true after", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockRejectedValue(serverError())
      await quoter.offers(QUERY, SETTINGS)

      expect(quoter.wouldCallUpstream(QUERY)).toBe(false)
      advance(FAILURE_TTL)
      expect(quoter.wouldCallUpstream(QUERY)).toBe(true)
    })

    it("does not call the service itself", () => {
      const { quoter, client, freightClient } = setup()

      quoter.wouldCallUpstream(QUERY)

      expect(client.quote).not.toHaveBeenCalled()
      expect(freightClient).not.toHaveBeenCalled()
    })
  })
})
