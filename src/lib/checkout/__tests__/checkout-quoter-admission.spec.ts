import { recordingLogger } from "../../__tests__/recording-logger"
import { CircuitBreaker } from "../../http/circuit-breaker"
import { ServerError } from "../../http/errors"
import type { FreightClient, QuoteCall } from "../../freight/client"
import type { FreightQuery, FreightQuote } from "../../freight/schemas"
import { QuoteCache } from "../../quote-cache/quote-cache"
import { freteSettingsSchema } from "../../settings/schema"
import { CheckoutQuoter } from "../checkout-quoter"
import { QuoteAdmission, type QuoteLimits, type QuoteTake } from "../quote-admission"
import { runFromArrival, type ShopperRequest } from "../request-arrival"
import { ShopperError } from "../shopper-error"

// The quota guard inside the quoter: one take per new freight query a store request causes,
// nothing for cache hits, single-flight joiners, the admin or a job; a refusal is the shopper's
// error with Retry-After, never a failure of the freight API.

/** A fallback table, to show that a refused query is not priced from it. */
const SETTINGS = freteSettingsSchema.parse({
  origin_cep: "01310-100",
  quote_route_limit_per_minute: 7,
  quote_store_limit_per_minute: 70,
  trusted_proxy_hops: 1,
  fallback: [{ service: "correios-pac", name: "PAC (tabela)", carrier: "correios", bands: [{ max_weight_kg: 5, price: 29.9, days: 6 }] }],
})

const QUERY: FreightQuery = {
  originCep: "01310100",
  destinationCep: "20040002",
  invoiceValue: 59.9,
  extraDays: 0,
  extraPrice: 0,
  freeFreight: false,
  volumes: [{ sku: "CAMISETA-P", quantity: 1, price: 59.9, weightKg: 0.3, lengthCm: 30, widthCm: 20, heightCm: 4 }],
}
const to = (destinationCep: string): FreightQuery => ({ ...QUERY, destinationCep })

const QUOTE: FreightQuote = {
  consultaToken: "consulta-1",
  quotations: [{ service: "correios-pac", serviceName: "PAC", carrier: "correios", priceCents: 2519, costCents: null, days: 7, code: "c-pac", logo: null }],
}

type Take = (client: string, limits: QuoteLimits) => Promise<QuoteTake>

function setup({ take, breaker }: { take?: Take; breaker?: CircuitBreaker } = {}) {
  let time = 1_000_000
  const takes: Array<{ client: string; limits: QuoteLimits }> = []
  const answers: QuoteTake[] = []
  const logger = recordingLogger()
  const client = { quote: jest.fn<Promise<FreightQuote>, [FreightQuery, QuoteCall?]>().mockResolvedValue(QUOTE) }
  const admission = new QuoteAdmission(
    take ??
      (async (who, limits) => {
        takes.push({ client: who, limits })
        return answers.shift() ?? { taken: true }
      }),
    logger,
    () => time
  )
  const cache = new QuoteCache<FreightQuote>({ now: () => time, remembers: CheckoutQuoter.remembersFailure })
  const quoter = new CheckoutQuoter({ cache, freightClient: () => client as unknown as FreightClient, breaker, admission, logger })
  return { quoter, client, takes, answers, logger, advance: (ms: number) => (time += ms) }
}

/** A store request from `socketAddress`, recording the Retry-After it is given. */
function shopper(socketAddress = "127.0.0.1", forwardedFor?: string): ShopperRequest & { retryAfters: number[] } {
  const retryAfters: number[] = []
  return { socketAddress, forwardedFor, retryAfter: (seconds) => retryAfters.push(seconds), guardMs: 0, retryAfters }
}

const asShopper = <T>(request: ShopperRequest, work: () => Promise<T>) => runFromArrival(work, Date.now(), request)

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error("expected a rejection")
    },
    (error: unknown) => error
  )
}

describe("CheckoutQuoter's quota guard", () => {
  it("takes one from the bounds for each new query of a store request, with its client and the settings' limits", async () => {
    const { quoter, takes, client } = setup()
    const request = shopper("10.0.0.2", "6.6.6.6, 203.0.113.9")
    await asShopper(request, () => quoter.offers(QUERY, SETTINGS))
    expect(takes).toEqual([{ client: "203.0.113.9", limits: { perClient: 7, storeWide: 70 } }])
    expect(client.quote).toHaveBeenCalledTimes(1)
    expect(request.retryAfters).toEqual([])
  })

  it("knows the client as the settings' proxy hops say: with none, the socket, whatever the header", async () => {
    const { quoter, takes } = setup()
    await asShopper(shopper("198.51.100.4", "203.0.113.9"), () => quoter.offers(QUERY, { ...SETTINGS, trusted_proxy_hops: 0 }))
    expect(takes.map((take) => take.client)).toEqual(["198.51.100.4"])
  })

  it("takes nothing for a cached answer, nor for callers that join a call in flight", async () => {
    const { quoter, takes, client } = setup()
    await Promise.all([1, 2, 3].map(() => asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS))))
    await asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS))
    expect(client.quote).toHaveBeenCalledTimes(1)
    expect(takes).toHaveLength(1)
  })

  it("takes nothing for work that is no store request: the admin, a job", async () => {
    const { quoter, takes, client } = setup()
    await runFromArrival(() => quoter.offers(QUERY, SETTINGS))
    await quoter.offers(to("30130010"), SETTINGS)
    expect(client.quote).toHaveBeenCalledTimes(2)
    expect(takes).toEqual([])
  })

  it("refuses a query past the bound as the shopper's error with Retry-After: no call, no fallback price, not remembered", async () => {
    const { quoter, answers, client } = setup()
    answers.push({ taken: false, refusedBy: "client", retryAfterMs: 12_300 })
    const request = shopper()
    const error = await rejectionOf(asShopper(request, () => quoter.offers(QUERY, SETTINGS)))
    expect(error).toBeInstanceOf(ShopperError)
    expect(error).toMatchObject({ code: "too_many_quotes", message: "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente." })
    expect(request.retryAfters).toEqual([13])
    expect(client.quote).not.toHaveBeenCalled()
    // Not remembered as a failure of the query: once the bound allows it, it is asked at once.
    await asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS))
    expect(client.quote).toHaveBeenCalledTimes(1)
  })

  it("says the wait to every caller that joined the refused query, each on its own response", async () => {
    const { quoter, answers } = setup()
    answers.push({ taken: false, refusedBy: "client", retryAfterMs: 400 })
    const requests = [shopper("203.0.113.1"), shopper("203.0.113.2")]
    const errors = await Promise.all(requests.map((request) => rejectionOf(asShopper(request, () => quoter.offers(QUERY, { ...SETTINGS, trusted_proxy_hops: 0 })))))
    expect(errors.map((error) => (error as ShopperError).code)).toEqual(["too_many_quotes", "too_many_quotes"])
    expect(requests.map((request) => request.retryAfters)).toEqual([[1], [1]])
  })

  it("never counts a refusal towards the circuit breaker", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 30_000 })
    const { quoter, answers, client } = setup({ breaker })
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push({ taken: false, refusedBy: "store", retryAfterMs: 5_000 })
    for (const cep of ["20040002", "30130010", "40010000"]) {
      await rejectionOf(asShopper(shopper(), () => quoter.offers(to(cep), SETTINGS)))
    }
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
    expect(client.quote).not.toHaveBeenCalled()
  })

  it("takes nothing while the open circuit would refuse the call: the fallback table prices, as before", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 30_000 })
    const { quoter, takes, client } = setup({ breaker })
    client.quote.mockRejectedValueOnce(new ServerError("Freight API failed (HTTP 503)", { service: "freight", status: 503 }))
    const failed = await asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS))
    expect(failed.source).toBe("fallback")
    expect(takes).toHaveLength(1)
    const whileOpen = await asShopper(shopper(), () => quoter.offers(to("30130010"), SETTINGS))
    expect(whileOpen.source).toBe("fallback")
    expect(takes).toHaveLength(1)
  })

  it("serves the last answer kept for the query when a new one is refused: no query, a real price", async () => {
    const { quoter, answers, client, advance } = setup()
    const fresh = await asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS))
    advance(600_001)
    answers.push({ taken: false, refusedBy: "client", retryAfterMs: 1_000 })
    const later = await asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS))
    expect(later).toMatchObject({ source: "stale", offers: fresh.offers })
    expect(client.quote).toHaveBeenCalledTimes(1)
  })

  it("tells the merchant, once a minute, that the store-wide ceiling is reached", async () => {
    const { quoter, answers, logger, advance } = setup()
    for (let attempt = 0; attempt < 3; attempt += 1) answers.push({ taken: false, refusedBy: "store", retryAfterMs: 1_000 })
    await rejectionOf(asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS)))
    await rejectionOf(asShopper(shopper(), () => quoter.offers(to("30130010"), SETTINGS)))
    advance(60_000)
    await rejectionOf(asShopper(shopper(), () => quoter.offers(to("40010000"), SETTINGS)))
    const warnings = logger.lines.filter((line) => line.includes("ceiling of 70 new freight queries per minute"))
    expect(warnings).toHaveLength(2)
    expect(logger.lines.join("\n")).not.toContain("127.0.0.1")
  })

  it("lets the query through, logged, when the count itself fails: a database blip refuses no sale", async () => {
    const { quoter, client, logger } = setup({
      take: async () => {
        throw new Error("connection terminated")
      },
    })
    const outcome = await asShopper(shopper(), () => quoter.offers(QUERY, SETTINGS))
    expect(outcome.source).toBe("upstream")
    expect(client.quote).toHaveBeenCalledTimes(1)
    expect(logger.lines.some((line) => line.startsWith("warn frete: the quota guard could not count"))).toBe(true)
  })
})
