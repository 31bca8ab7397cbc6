import { recordingLogger } from "../../__tests__/recording-logger"
import { CepNotFoundError, FreightQueryRejectedError } from "../../freight/errors"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  NetworkError,
  QuotaExceededError,
  ServerError,
  TimeoutError,
} from "../../http/errors"
import type { FreightClient, QuoteCall } from "../../freight/client"
import type { FreightQuery, FreightQuotation, FreightQuote } from "../../freight/schemas"
import { QuoteCache } from "../../quote-cache/quote-cache"
import { freteSettingsSchema } from "../../settings/schema"
import { buildFreightQuery, type ShippableItem } from "../build-freight-query"
import { CircuitBreaker } from "../../http/circuit-breaker"
import { CheckoutQuoter, FreightNotConfiguredError } from "../checkout-quoter"
import { runFromArrival } from "../request-arrival"
import { ShopperError, type ShopperErrorCode } from "../shopper-error"

/** Wednesday 24 December 2025, noon in São Paulo: Christmas and New Year's Day lie ahead. */
const NOW = new Date("2025-12-24T15:00:00Z")
const SUCCESS_TTL = 600_000
const FAILURE_TTL = 30_000
const STALE_TTL = 21_600_000

const SERVICES = [
  { metaname: "correios-pac", name: "PAC" },
  { metaname: "correios-sedex", name: "SEDEX" },
  { metaname: "jadlog-package", name: ".Package", enabled: false },
]

/** Services and a fallback table: PAC R$ 29,90 up to 1 kg, SEDEX R$ 79,90 up to 5 kg. */
const SETTINGS = freteSettingsSchema.parse({
  origin_cep: "01310-100",
  services: SERVICES,
  fallback: [
    { service: "correios-sedex", name: "SEDEX (tabela)", carrier: "correios", bands: [{ max_weight_kg: 5, price: 79.9, days: 3 }] },
    { service: "correios-pac", name: "PAC (tabela)", carrier: "correios", bands: [{ max_weight_kg: 1, price: 29.9, days: 6 }] },
  ],
})

/** The same services, and no fallback table. */
const NO_FALLBACK = freteSettingsSchema.parse({ origin_cep: "01310-100", services: SERVICES })

/** A 0.3 kg T-shirt from São Paulo to Rio de Janeiro. */
const QUERY: FreightQuery = {
  originCep: "01310100",
  destinationCep: "20040002",
  invoiceValue: 59.9,
  extraDays: 0,
  extraPrice: 0,
  freeFreight: false,
  volumes: [{ sku: "CAMISETA-P", quantity: 1, price: 59.9, weightKg: 0.3, lengthCm: 30, widthCm: 20, heightCm: 4 }],
}

function quotation(overrides: Partial<FreightQuotation>): FreightQuotation {
  return { service: "x", serviceName: "X", carrier: "correios", priceCents: 1000, costCents: null, days: 5, code: null, logo: null, ...overrides }
}

const QUOTE: FreightQuote = {
  consultaToken: "consulta-1",
  quotations: [
    quotation({ service: "correios-pac", serviceName: "PAC", priceCents: 2519, days: 7, code: "c-pac" }),
    quotation({ service: "correios-sedex", serviceName: "SEDEX", priceCents: 4590, days: 2, code: "c-sedex" }),
  ],
}

/**
 * QUOTE's offers, written out: the merchant's order (PAC, then SEDEX), prices and codes as answered,
 * and the delivery dates counted in business days from NOW (Christmas and New Year's Day skipped):
 * SEDEX, 2 days: 26 Dec, 29 Dec; PAC, 7 days: 26, 29, 30, 31 Dec, 2, 5, 6 Jan.
 */
const QUOTE_OFFERS = [
  { service: "correios-pac", name: "PAC", carrier: "correios", amountCents: 2519, days: 7, deliveryEstimate: "2026-01-06", isFallback: false, consultaToken: "consulta-1", code: "c-pac" },
  { service: "correios-sedex", name: "SEDEX", carrier: "correios", amountCents: 4590, days: 2, deliveryEstimate: "2025-12-29", isFallback: false, consultaToken: "consulta-1", code: "c-sedex" },
]

/** A later answer to the same query, at other prices. */
const NEWER_QUOTE: FreightQuote = {
  consultaToken: "consulta-2",
  quotations: [quotation({ service: "correios-pac", serviceName: "PAC", priceCents: 2700, days: 7, code: "c-pac-2" })],
}

const serverError = () => new ServerError("Freight API failed (HTTP 503)", { service: "freight", status: 503 })
const cepNotFound = (erroId: 101 | 102) =>
  new CepNotFoundError(`Freight API refused the query (HTTP 400, erro_id ${erroId})`, { service: "freight", status: 400, erroId })

/**
 * A quoter over a real cache whose clock the test moves, and a fake freight client. With
 * `configured: false` the freight API has no URL or token.
 */
function setup(options: { configured?: boolean; breaker?: { failureThreshold: number; openMs: number } } = {}) {
  let time = 1_000_000
  const cache = new QuoteCache<FreightQuote>({
    maxEntries: 10_000,
    now: () => time,
    successTtlMs: SUCCESS_TTL,
    failureTtlMs: FAILURE_TTL,
    staleTtlMs: STALE_TTL,
    remembers: CheckoutQuoter.remembersFailure,
  })
  const client = { quote: jest.fn<Promise<FreightQuote>, [FreightQuery, QuoteCall?]>() }
  const logger = recordingLogger()
  const freightClient = jest.fn(() => (options.configured === false ? null : (client as unknown as FreightClient)))
  // The breaker (cockatiel) reads Date.now(): it follows the test's clock too (restored after each test of its describe).
  if (options.breaker) jest.spyOn(Date, "now").mockImplementation(() => time)
  const breaker = options.breaker ? new CircuitBreaker(options.breaker) : null
  const quoter = new CheckoutQuoter({ cache, freightClient, breaker, logger, now: () => NOW })
  return {
    quoter,
    breaker,
    client,
    logger,
    freightClient,
    advance: (ms: number) => {
      time += ms
    },
  }
}

async function shopperErrorOf(promise: Promise<unknown>): Promise<ShopperError> {
  const error = await promise.then(
    () => undefined,
    (rejection: unknown) => rejection
  )
  if (error instanceof ShopperError) {
    return error
  }
  throw new Error(`expected a ShopperError, got ${error === undefined ? "a result" : String(error)}`)
}

async function codeOf(promise: Promise<unknown>): Promise<ShopperErrorCode> {
  return (await shopperErrorOf(promise)).code
}

const amounts = (offers: Array<{ service: string; amountCents: number }>) => offers.map((o) => `${o.service}:${o.amountCents}`)

describe("CheckoutQuoter", () => {
  describe("answers from the freight API", () => {
    it("prices the first query with the service's answer, after the settings", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue(QUOTE)

      const outcome = await quoter.offers(QUERY, SETTINGS)

      expect(outcome).toEqual({ offers: QUOTE_OFFERS, source: "upstream", upstreamMs: expect.any(Number) })
      expect(amounts(outcome.offers)).toEqual(["correios-pac:2519", "correios-sedex:4590"])
      expect(outcome.offers.map((o) => o.deliveryEstimate)).toEqual(["2026-01-06", "2025-12-29"])
      expect(client.quote).toHaveBeenCalledTimes(1)
      expect(client.quote).toHaveBeenCalledWith(QUERY, { startedAt: expect.any(Number) })
    })

    it("counts the freight deadline from the arrival of the request that asks, not from the call", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue(QUOTE)
      const arrivedAt = Date.now() - 180

      await runFromArrival(() => quoter.offers(QUERY, SETTINGS), arrivedAt)

      expect(client.quote).toHaveBeenCalledWith(QUERY, { startedAt: arrivedAt })
    })

    it("answers a repeat of the query from the cache while it is fresh, with no second call", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValue(QUOTE)
      const first = await quoter.offers(QUERY, SETTINGS)

      advance(SUCCESS_TTL - 1)
      const second = await quoter.offers({ ...QUERY }, SETTINGS)

      expect(second).toEqual({ offers: first.offers, source: "cache", upstreamMs: 0 })
      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("asks the service again once the answer is no longer fresh", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockResolvedValueOnce(NEWER_QUOTE)
      await quoter.offers(QUERY, SETTINGS)

      advance(SUCCESS_TTL)
      const later = await quoter.offers(QUERY, SETTINGS)

      expect(later.source).toBe("upstream")
      expect(amounts(later.offers)).toEqual(["correios-pac:2700"])
      expect(client.quote).toHaveBeenCalledTimes(2)
    })

    it("makes one call for concurrent identical queries, and gives each the same offers", async () => {
      const { quoter, client } = setup()
      let answer: (quote: FreightQuote) => void = () => undefined
      client.quote.mockReturnValue(new Promise<FreightQuote>((resolve) => (answer = resolve)))

      const pending = Array.from({ length: 5 }, () => quoter.offers(structuredClone(QUERY), SETTINGS))
      answer(QUOTE)
      const outcomes = await Promise.all(pending)

      expect(client.quote).toHaveBeenCalledTimes(1)
      for (const outcome of outcomes) {
        expect(outcome).toEqual({ offers: QUOTE_OFFERS, source: "upstream", upstreamMs: expect.any(Number) })
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
        buildFreightQuery({ destinationCep: "20040-002", items: cartItems }, SETTINGS, { weight: "kg", dimension: "cm" }).query

      await Promise.all([quoter.offers(build(items), SETTINGS), quoter.offers(build([...items].reverse()), SETTINGS)])

      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("makes a call of its own for a different query", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue(QUOTE)

      await quoter.offers(QUERY, SETTINGS)
      await quoter.offers({ ...QUERY, destinationCep: "30130010" }, SETTINGS)

      expect(client.quote).toHaveBeenCalledTimes(2)
    })
  })

  describe("failure policy", () => {
    it("on a failure, serves the last answer to the same query, even with a fallback table", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockRejectedValueOnce(serverError())
      const fresh = await quoter.offers(QUERY, SETTINGS)

      advance(SUCCESS_TTL)
      const stale = await quoter.offers(QUERY, SETTINGS)

      expect(client.quote).toHaveBeenCalledTimes(2)
      expect(stale).toEqual({ offers: fresh.offers, source: "stale", upstreamMs: 0 })
      expect(stale.offers.filter((o) => o.isFallback)).toEqual([])
    })

    it("does not serve an answer older than the stale limit", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockRejectedValueOnce(serverError())
      await quoter.offers(QUERY, SETTINGS)

      advance(STALE_TTL)
      const outcome = await quoter.offers(QUERY, SETTINGS)

      expect(outcome.source).toBe("fallback")
    })

    it.each([
      ["a 5xx", serverError()],
      ["a timeout", new TimeoutError("Freight API did not answer in time", { service: "freight", outcomeUnknown: false })],
      ["a network error", new NetworkError("Freight API connection refused", { service: "freight", outcomeUnknown: false })],
      ["a 429", new QuotaExceededError("Freight API query limit reached (HTTP 429)", { service: "freight", status: 429, erroId: 2 })],
      ["a refused token", new InvalidCredentialsError("Freight API refused the token (HTTP 401)", { service: "freight", status: 401, erroId: 1 })],
      ["an answer of the wrong shape", new InvalidAnswerError("Freight API answer is not of the documented shape", { service: "freight", status: 200 })],
      ["a rejected query", new FreightQueryRejectedError("Freight API refused the query (HTTP 400, erro_id 109)", { service: "freight", status: 400, erroId: 109 })],
      ["an unknown origin CEP (erro_id 101)", cepNotFound(101)],
      ["an error of no known kind", new Error("boom")],
    ])("on %s with no earlier answer, prices from the fallback table", async (_label, error) => {
      const { quoter, client, logger } = setup()
      client.quote.mockRejectedValue(error)

      const outcome = await quoter.offers(QUERY, SETTINGS)

      expect(outcome.source).toBe("fallback")
      expect(amounts(outcome.offers)).toEqual(["correios-pac:2990", "correios-sedex:7990"])
      expect(outcome.offers.map((o) => o.deliveryEstimate)).toEqual(["2026-01-05", "2025-12-30"])
      expect(outcome.offers.filter((o) => !o.isFallback)).toEqual([])
      const fallbackLine = expect.stringMatching(/^warn .*fallback table.*01310100 -> 20040002/)
      if (error instanceof CepNotFoundError) {
        // The store's own configuration: an error line for the merchant too, and the admin shows it.
        expect(logger.lines).toEqual([expect.stringMatching(/^error .*does not know the origin CEP 01310100 \(erro_id 101\)/), fallbackLine])
        expect(quoter.originProblem()).toMatchObject({ cep: "01310100" })
      } else {
        expect(logger.lines).toEqual([fallbackLine])
        expect(quoter.originProblem()).toBeNull()
      }
      expect(logger.lines.at(-1)).toContain(error.message)
    })

    it("with neither an earlier answer nor a fallback table, refuses with freight_unavailable and logs why", async () => {
      const { quoter, client, logger } = setup()
      client.quote.mockRejectedValue(serverError())

      const error = await shopperErrorOf(quoter.offers(QUERY, NO_FALLBACK))

      expect(error.code).toBe("freight_unavailable")
      expect(error.message).toBe("Não foi possível calcular o frete agora. Tente novamente em instantes.")
      expect(error.detail).toContain("HTTP 503")
      expect(logger.lines).toEqual([expect.stringMatching(/^error .*cannot be priced.*HTTP 503/)])
    })

    it("refuses with freight_unavailable when the fallback table has no band for the cart", async () => {
      const { quoter, client } = setup()
      client.quote.mockRejectedValue(serverError())
      const heavy: FreightQuery = { ...QUERY, volumes: [{ ...QUERY.volumes[0], weightKg: 6 }] }

      expect(await codeOf(quoter.offers(heavy, SETTINGS))).toBe("freight_unavailable")
    })

    it("refuses a destination CEP the service does not know (erro_id 102) as cep_not_served, even with a fallback table", async () => {
      const { quoter, client, logger } = setup()
      client.quote.mockRejectedValue(cepNotFound(102))

      const error = await shopperErrorOf(quoter.offers(QUERY, SETTINGS))

      expect(error.code).toBe("cep_not_served")
      expect(error.isInputError).toBe(true)
      expect(logger.lines.filter((line) => line.includes("fallback"))).toEqual([])
    })

    it("keeps refusing that CEP while the failure is remembered, with no new call", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockRejectedValue(cepNotFound(102))
      await codeOf(quoter.offers(QUERY, SETTINGS))

      advance(FAILURE_TTL - 1)

      expect(await codeOf(quoter.offers(QUERY, SETTINGS))).toBe("cep_not_served")
      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("keeps pricing from the fallback table while a failure is remembered, with no new call", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockRejectedValue(serverError())
      await quoter.offers(QUERY, SETTINGS)

      advance(FAILURE_TTL - 1)
      const again = await quoter.offers(QUERY, SETTINGS)

      expect(again.source).toBe("fallback")
      expect(client.quote).toHaveBeenCalledTimes(1)
    })

    it("when the freight API is not configured, prices from the fallback table", async () => {
      const { quoter, client, logger } = setup({ configured: false })

      const outcome = await quoter.offers(QUERY, SETTINGS)

      expect(outcome.source).toBe("fallback")
      expect(outcome.offers.filter((o) => !o.isFallback)).toEqual([])
      expect(client.quote).not.toHaveBeenCalled()
      expect(logger.lines[0]).toContain(new FreightNotConfiguredError().message)
    })

    it("when the freight API is not configured and there is no fallback table, refuses with freight_unavailable", async () => {
      const { quoter } = setup({ configured: false })

      const error = await shopperErrorOf(quoter.offers(QUERY, NO_FALLBACK))

      expect(error.code).toBe("freight_unavailable")
      expect(error.detail).toBe(new FreightNotConfiguredError().message)
    })

    it("prices from the fallback table when the answer has no quotation", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue({ consultaToken: "vazia", quotations: [] })

      const outcome = await quoter.offers(QUERY, SETTINGS)

      expect(outcome.source).toBe("fallback")
      expect(amounts(outcome.offers)).toEqual(["correios-pac:2990", "correios-sedex:7990"])
    })

    it("prices from the fallback table when the answer has only services the merchant disabled", async () => {
      const { quoter, client } = setup()
      client.quote.mockResolvedValue({ consultaToken: "t", quotations: [quotation({ service: "jadlog-package", serviceName: ".Package" })] })

      expect((await quoter.offers(QUERY, SETTINGS)).source).toBe("fallback")
      expect(await codeOf(quoter.offers({ ...QUERY, destinationCep: "30130010" }, NO_FALLBACK))).toBe("freight_unavailable")
    })

    it("serves the last answer to the same query, before the fallback table, when a later answer has no quotation", async () => {
      const { quoter, client, advance } = setup()
      client.quote.mockResolvedValueOnce(QUOTE).mockResolvedValueOnce({ consultaToken: "vazia", quotations: [] })
      const fresh = await quoter.offers(QUERY, SETTINGS)

      advance(SUCCESS_TTL)
      const later = await quoter.offers(QUERY, SETTINGS)

      // The README's failure policy counts "an answer with no quotation" as a failure, step 3:
      // the last answer to the same query, up to 6 h old, comes before the fallback table.
      expect(later).toEqual({ offers: fresh.offers, source: "stale", upstreamMs: 0 })
    })

    it("never prices at 0 on a failure", async () => {
      for (const failure of [serverError(), cepNotFound(101), new Error("boom")]) {
        const { quoter, client } = setup()
        client.quote.mockRejectedValue(failure)

        const { offers } = await quoter.offers(QUERY, SETTINGS)

        expect(offers.length).toBeGreaterThan(0)
        expect(offers.filter((o) => o.amountCents <= 0)).toEqual([])
      }
      const { quoter } = setup({ configured: false })
      expect((await quoter.offers(QUERY, SETTINGS)).offers.filter((o) => o.amountCents <= 0)).toEqual([])
    })

    it("prices at 0 on a failure only the cheapest offer of a cart with free freight", async () => {
      const { quoter, client } = setup()
      client.quote.mockRejectedValue(serverError())

      const { offers } = await quoter.offers({ ...QUERY, freeFreight: true }, SETTINGS)

      expect(amounts(offers)).toEqual(["correios-pac:0", "correios-sedex:7990"])
    })
  })

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

  describe("circuit breaker", () => {
    afterEach(() => jest.restoreAllMocks())
    const BREAKER = { failureThreshold: 3, openMs: 20_000 }
    /** The same cart to other destinations: each is a query of its own, with no cached answer. */
    const to = (destinationCep: string): FreightQuery => ({ ...QUERY, destinationCep })

    it("after failures in a row stops calling the service: earlier answers are served stale, other queries from the fallback table", async () => {
      const { quoter, client, breaker, advance } = setup({ breaker: BREAKER })
      client.quote.mockResolvedValueOnce(QUOTE)
      await quoter.offers(QUERY, SETTINGS)
      advance(SUCCESS_TTL)

      client.quote.mockRejectedValue(serverError())
      for (const cep of ["30130010", "40010000", "50010000"]) {
        expect((await quoter.offers(to(cep), SETTINGS)).source).toBe("fallback")
      }
      expect(breaker?.stats().state).toBe("open")
      const callsWhenOpened = client.quote.mock.calls.length

      const stale = await quoter.offers(QUERY, SETTINGS)
      expect(stale).toEqual({ offers: QUOTE_OFFERS, source: "stale", upstreamMs: 0 })
      expect((await quoter.offers(to("60010000"), SETTINGS)).source).toBe("fallback")
      expect(quoter.wouldCallUpstream(to("70040010"))).toBe(false)
      expect(client.quote).toHaveBeenCalledTimes(callsWhenOpened)
      expect(breaker?.stats().refused).toBe(2)
    })

    it("tries again by itself after openMs, and a query refused while open is asked at once, not remembered as failed", async () => {
      const { quoter, client, breaker, advance } = setup({ breaker: BREAKER })
      client.quote.mockRejectedValue(serverError())
      for (const cep of ["30130010", "40010000", "50010000"]) await quoter.offers(to(cep), SETTINGS)
      expect((await quoter.offers(QUERY, SETTINGS)).source).toBe("fallback")
      expect(client.quote).toHaveBeenCalledTimes(3)

      client.quote.mockResolvedValue(QUOTE)
      advance(BREAKER.openMs)
      // Well within failureTtlMs of the refusal above: the refusal was the circuit's, not the query's.
      expect(quoter.wouldCallUpstream(QUERY)).toBe(true)
      expect(await quoter.offers(QUERY, SETTINGS)).toEqual({ offers: QUOTE_OFFERS, source: "upstream", upstreamMs: expect.any(Number) })
      expect(client.quote).toHaveBeenCalledTimes(4)
      expect(breaker?.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
    })

    it("a CEP the service does not know is an answer: it never opens the circuit", async () => {
      const { quoter, client, breaker } = setup({ breaker: BREAKER })
      client.quote.mockRejectedValue(cepNotFound(102))
      for (const cep of ["30130010", "40010000", "50010000", "60010000", "70040010"]) {
        expect(await codeOf(quoter.offers(to(cep), SETTINGS))).toBe("cep_not_served")
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
        await quoter.offers(to(`3013001${index}`), SETTINGS)
      }
      expect(breaker?.stats()).toMatchObject({ state: "open", consecutiveFailures: 5, opened: 1 })
    })
  })
})
