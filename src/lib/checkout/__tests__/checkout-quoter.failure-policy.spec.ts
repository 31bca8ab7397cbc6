// CheckoutQuoter's failure policy: the last answer served stale, then the fallback table, then a refusal,
// a CEP the service does not know, failures remembered, an unconfigured freight API and empty answers.
import { CepNotFoundError, FreightQueryRejectedError } from "../../freight/errors"
import type { FreightQuery } from "../../freight/schemas"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  NetworkError,
  QuotaExceededError,
  TimeoutError,
} from "../../http/errors"
import { FreightNotConfiguredError } from "../../freight/errors"
import {
  amounts,
  CART,
  cepNotFound,
  codeOf,
  FAILURE_TTL,
  FREE_FREIGHT,
  NO_FALLBACK,
  QUERY,
  quotation,
  QUOTE,
  serverError,
  SETTINGS,
  setup,
  shopperErrorOf,
  STALE_TTL,
  SUCCESS_TTL,
} from "./checkout-quoter.fixtures"

describe("CheckoutQuoter", () => {
  describe("failure policy", () => {
    it("on a failure, serves the last answer to the same query, even with a fallback table", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockRejectedValueOnce(serverError())
      const fresh = await quoter.offers(QUERY, null, SETTINGS)

      advance(SUCCESS_TTL + 1)
      const stale = await quoter.offers(QUERY, null, SETTINGS)

      expect(client.quote).toHaveBeenCalledTimes(2)
      expect(stale).toEqual({
        applied: [],
        offers: fresh.offers,
        source: "stale",
        upstreamMs: 0,
        guardMs: 0,
        call: expect.objectContaining({ failure: expect.any(String) }),
      })
      expect(stale.offers.filter((o) => o.isFallback)).toEqual([])
    })

    it("does not serve an answer older than the stale limit", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockRejectedValueOnce(serverError())
      await quoter.offers(QUERY, null, SETTINGS)

      advance(STALE_TTL)
      const outcome = await quoter.offers(QUERY, null, SETTINGS)

      expect(outcome.source).toBe("fallback")
    })

    it.each([
      ["a 5xx", serverError()],
      [
        "a timeout",
        new TimeoutError("Freight API did not answer in time", { service: "freight", outcomeUnknown: false }),
      ],
      [
        "a network error",
        new NetworkError("Freight API connection refused", { service: "freight", outcomeUnknown: false }),
      ],
      [
        "a 429",
        new QuotaExceededError("Freight API query limit reached (HTTP 429)", {
          service: "freight",
          status: 429,
          erroId: 2,
        }),
      ],
      [
        "a refused token",
        new InvalidCredentialsError("Freight API refused the token (HTTP 401)", {
          service: "freight",
          status: 401,
          erroId: 1,
        }),
      ],
      [
        "an answer of the wrong shape",
        new InvalidAnswerError("Freight API answer is not of the documented shape", {
          service: "freight",
          status: 200,
        }),
      ],
      [
        "a rejected query",
        new FreightQueryRejectedError("Freight API refused the query (HTTP 400, erro_id 109)", {
          service: "freight",
          status: 400,
          erroId: 109,
        }),
      ],
      ["an unknown origin CEP (erro_id 101)", cepNotFound(101)],
      ["an error of no known kind", new Error("boom")],
    ])("on %s with no earlier answer, prices from the fallback table", async (_label, error) => {
      const { quoter, client, logger } = setup()
      client.quote.mockRejectedValue(error)

      const outcome = await quoter.offers(QUERY, null, SETTINGS)

      expect(outcome.source).toBe("fallback")
      expect(amounts(outcome.offers)).toEqual(["correios-pac:2990", "correios-sedex:7990"])
      expect(outcome.offers.map((o) => o.deliveryEstimate)).toEqual(["2026-01-05", "2025-12-30"])
      expect(outcome.offers.filter((o) => !o.isFallback)).toEqual([])
      // The error's class and status, never its message: a service's words may quote the shopper's query.
      const status = "status" in error && error.status ? `, HTTP ${error.status}` : ""
      const fallbackLine = `warn frete: fallback pricing started: quotes priced by the table (${error.name}${status})`
      if (error instanceof CepNotFoundError) {
        // The store's own configuration: an error line for the merchant too (its CEP by region), the admin shows it.
        const originLine = expect.stringMatching(/^error .*does not know the origin CEP 013\*\*-\*\*\* \(erro_id 101\)/)
        expect(logger.lines).toEqual([originLine, fallbackLine])
        expect(quoter.originProblem()).toMatchObject({ cep: "01310100" })
      } else {
        expect(logger.lines).toEqual([fallbackLine])
        expect(quoter.originProblem()).toBeNull()
      }
      expect(logger.lines.filter((line) => line.includes(error.message))).toEqual([])
    })

    it("with neither an earlier answer nor a fallback table, refuses with freight_unavailable and logs why", async () => {
      const { quoter, client, logger } = setup()
      client.quote.mockRejectedValue(serverError())

      const error = await shopperErrorOf(quoter.offers(QUERY, null, NO_FALLBACK))

      expect(error.code).toBe("freight_unavailable")
      expect(error.message).toBe("Não foi possível calcular o frete agora. Tente novamente em instantes.")
      expect(error.detail).toContain("HTTP 503")
      expect(logger.lines).toEqual([expect.stringMatching(/^error .*cannot be priced.*HTTP 503/)])
    })

    it("refuses with freight_unavailable when the fallback table has no band for the cart", async () => {
      const { quoter, client } = setup()
      client.quote.mockRejectedValue(serverError())
      const heavy: FreightQuery = { ...QUERY, volumes: [{ ...QUERY.volumes[0], weightKg: 6 }] }

      expect(await codeOf(quoter.offers(heavy, null, SETTINGS))).toBe("freight_unavailable")
    })

    it("refuses a destination CEP the service does not know (erro_id 102) as cep_not_served, even with a fallback table", async () => {
      const { quoter, client, logger } = setup()
      client.quote.mockRejectedValue(cepNotFound(102))

      const error = await shopperErrorOf(quoter.offers(QUERY, null, SETTINGS))

      expect(error.code).toBe("cep_not_served")
      expect(error.isInputError).toBe(true)
      expect(logger.lines.filter((line) => line.includes("fallback"))).toEqual([])
    })

    it("keeps refusing that CEP while the failure is remembered, with no new call", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockRejectedValue(cepNotFound(102))
      await codeOf(quoter.offers(QUERY, null, SETTINGS))

      advance(FAILURE_TTL - 1)

      expect(await codeOf(quoter.offers(QUERY, null, SETTINGS))).toBe("cep_not_served")
      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("keeps pricing from the fallback table while a failure is remembered, with no new call", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockRejectedValue(serverError())
      await quoter.offers(QUERY, null, SETTINGS)

      advance(FAILURE_TTL - 1)
      const again = await quoter.offers(QUERY, null, SETTINGS)

      expect(again.source).toBe("fallback")
      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("when the freight API is not configured, prices from the fallback table", async () => {
      const { quoter, client, logger } = setup({ configured: false })

      const outcome = await quoter.offers(QUERY, null, SETTINGS)

      expect(outcome.source).toBe("fallback")
      expect(outcome.offers.filter((o) => !o.isFallback)).toEqual([])
      expect(client.quote).not.toHaveBeenCalled()
      expect(logger.lines[0]).toContain(new FreightNotConfiguredError().message)
    })

    it("when the freight API is not configured and there is no fallback table, refuses with freight_unavailable", async () => {
      const { quoter } = setup({ configured: false })

      const error = await shopperErrorOf(quoter.offers(QUERY, null, NO_FALLBACK))

      expect(error.code).toBe("freight_unavailable")
      expect(error.detail).toBe(new FreightNotConfiguredError().message)
    })

    it("prices from the fallback table when the answer has no quotation", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue({ consultaToken: "vazia", quotations: [] })

      const outcome = await quoter.offers(QUERY, null, SETTINGS)

      expect(outcome.source).toBe("fallback")
      expect(amounts(outcome.offers)).toEqual(["correios-pac:2990", "correios-sedex:7990"])
    })

    it("prices from the fallback table when the answer has only services the merchant disabled", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue({
        consultaToken: "t",
        quotations: [quotation({ service: "jadlog-package", serviceName: ".Package" })],
      })

      expect((await quoter.offers(QUERY, null, SETTINGS)).source).toBe("fallback")
      expect(await codeOf(quoter.offers({ ...QUERY, destinationCep: "30130010" }, null, NO_FALLBACK))).toBe(
        "freight_unavailable"
      )
    })

    it("serves the last answer to the same query, before the fallback table, when a later answer has no quotation", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockResolvedValueOnce({ consultaToken: "vazia", quotations: [] })
      const fresh = await quoter.offers(QUERY, null, SETTINGS)

      advance(SUCCESS_TTL + 1)
      const later = await quoter.offers(QUERY, null, SETTINGS)

      // The README's failure policy counts "an answer with no quotation" as a failure, step 3:
      // the last answer to the same query, up to 6 h old, comes before the fallback table.
      expect(later).toEqual({
        applied: [],
        offers: fresh.offers,
        source: "stale",
        upstreamMs: 0,
        guardMs: 0,
        call: expect.objectContaining({ failure: expect.any(String) }),
      })
    })

    it("never prices at 0 on a failure", async () => {
      for (const failure of [serverError(), cepNotFound(101), new Error("boom")]) {
        const { quoter, client } = setup()
        client.quote.mockRejectedValue(failure)

        const { offers } = await quoter.offers(QUERY, null, SETTINGS)

        expect(offers.length).toBeGreaterThan(0)
        expect(offers.filter((o) => o.amountCents <= 0)).toEqual([])
      }
      const { quoter } = setup({ configured: false })
      expect((await quoter.offers(QUERY, null, SETTINGS)).offers.filter((o) => o.amountCents <= 0)).toEqual([])
    })

    it("prices at 0 on a failure only the cheapest offer of a cart with free freight", async () => {
      const { quoter, client } = setup()
      client.quote.mockRejectedValue(serverError())

      const { offers } = await quoter.offers(QUERY, CART, FREE_FREIGHT)

      expect(amounts(offers)).toEqual(["correios-pac:0", "correios-sedex:7990"])
    })
  })
})
