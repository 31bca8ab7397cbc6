// CheckoutQuoter behind the circuit breaker: no call after failures in a row, stale answers and the fallback table
// meanwhile, a trial call after openMs, and which failures count (a CEP the service does not know does not).
import type { FreightQuery } from "../../freight/schemas"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  NetworkError,
  QuotaExceededError,
  TimeoutError,
} from "../../http/errors"
import {
  cepNotFound,
  codeOf,
  QUERY,
  QUOTE,
  QUOTE_OFFERS,
  serverError,
  SETTINGS,
  setup,
  SUCCESS_TTL,
} from "./checkout-quoter.fixtures"

describe("CheckoutQuoter", () => {
  describe("circuit breaker", () => {
    afterEach(() => jest.restoreAllMocks())
    const BREAKER = { failureThreshold: 3, openMs: 20_000 }
    /** The same cart to other destinations: each is a query of its own, with no cached answer. */
    const to = (destinationCep: string): FreightQuery => ({ ...QUERY, destinationCep })

    it("after failures in a row stops calling the service: earlier answers are served stale, other queries from the fallback table", async () => {
      const { quoter, client, breaker, advance } = setup({ breaker: BREAKER })
      client.quote.mockResolvedValueOnce(QUOTE)
      await quoter.offers(QUERY, null, SETTINGS)
      advance(SUCCESS_TTL + 1)

      client.quote.mockRejectedValue(serverError())
      for (const cep of ["30130010", "40010000", "50010000"]) {
        expect((await quoter.offers(to(cep), null, SETTINGS)).source).toBe("fallback")
      }
      expect(breaker?.stats().state).toBe("open")
      const callsWhenOpened = client.quote.mock.calls.length

      const stale = await quoter.offers(QUERY, null, SETTINGS)
      expect(stale).toEqual({
        applied: [],
        offers: QUOTE_OFFERS,
        source: "stale",
        upstreamMs: 0,
        guardMs: 0,
        call: { ms: 0, attempts: 0, failure: "circuit_open" },
      })
      expect((await quoter.offers(to("60010000"), null, SETTINGS)).source).toBe("fallback")
      expect(client.quote).toHaveBeenCalledTimes(callsWhenOpened)
      expect(breaker?.stats().refused).toBe(2)
    })

    it("tries again by itself after openMs, and a query refused while open is asked at once, not remembered as failed", async () => {
      const { quoter, client, breaker, advance } = setup({ breaker: BREAKER })
      client.quote.mockRejectedValue(serverError())
      for (const cep of ["30130010", "40010000", "50010000"]) await quoter.offers(to(cep), null, SETTINGS)
      expect((await quoter.offers(QUERY, null, SETTINGS)).source).toBe("fallback")
      expect(client.quote).toHaveBeenCalledTimes(3)

      client.quote.mockResolvedValue(QUOTE)
      advance(BREAKER.openMs)
      // Well within failureTtlMs of the refusal above: the refusal was the circuit's, not the query's.
      expect(await quoter.offers(QUERY, null, SETTINGS)).toEqual({
        applied: [],
        offers: QUOTE_OFFERS,
        source: "upstream",
        upstreamMs: expect.any(Number),
        guardMs: 0,
        call: { ms: expect.any(Number), attempts: 0, status: 200 },
      })
      expect(client.quote).toHaveBeenCalledTimes(4)
      expect(breaker?.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
    })

    it("a CEP the service does not know is an answer: it never opens the circuit", async () => {
      const { quoter, client, breaker } = setup({ breaker: BREAKER })
      client.quote.mockRejectedValue(cepNotFound(102))
      for (const cep of ["30130010", "40010000", "50010000", "60010000", "70040010"]) {
        expect(await codeOf(quoter.offers(to(cep), null, SETTINGS))).toBe("cep_not_served")
      }
      expect(client.quote).toHaveBeenCalledTimes(5)
      expect(breaker?.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
    })

    it("counts timeouts, resets, 429s, unreadable answers and a refused token as the service failing", async () => {
      const { quoter, client, breaker } = setup({ breaker: { failureThreshold: 5, openMs: 20_000 } })
      const failures = [
        new TimeoutError("Freight API timed out", { service: "freight", outcomeUnknown: false }),
        new NetworkError("Freight API reset the connection", { service: "freight", outcomeUnknown: false }),
        new QuotaExceededError("Freight API query limit reached (HTTP 429)", { service: "freight", status: 429 }),
        new InvalidAnswerError("Freight API answered something unreadable", { service: "freight", status: 200 }),
        new InvalidCredentialsError("Freight API refused the token (HTTP 401)", { service: "freight", status: 401 }),
      ]
      for (const [index, failure] of failures.entries()) {
        client.quote.mockRejectedValueOnce(failure)
        await quoter.offers(to(`3013001${index}`), null, SETTINGS)
      }
      expect(breaker?.stats()).toMatchObject({ state: "open", consecutiveFailures: 5, opened: 1 })
    })
  })
})
