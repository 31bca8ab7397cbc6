// What CheckoutQuoter logs and counts while the freight API fails: a state once when it starts and once, with a count,
// when it ends; no shopper's CEP in any line; a CEP the API does not know counted as the shopper's answer.
import { recordingLogger } from "../../__tests__/recording-logger"
import type { FreightClient, QuoteCall } from "../../freight/client"
import type { FreightQuery, FreightQuote } from "../../freight/schemas"
import { CheckoutQuoter } from "../checkout-quoter"
import { QuoteAdmission, QuoteRefusedError } from "../quote-admission"
import { cepNotFound, NO_FALLBACK, QUERY, QUOTE, serverError, SETTINGS } from "./checkout-quoter.fixtures"

/** A quoter with no cache (every query asks the API), on a clock the test moves. */
function setup(admission?: Pick<QuoteAdmission, "admit" | "answered">) {
  let time = Date.parse("2025-12-24T15:00:00Z")
  const client = { quote: jest.fn<Promise<FreightQuote>, [FreightQuery, QuoteCall?]>() }
  const figures = { add: jest.fn(), answerTime: jest.fn() }
  const logger = recordingLogger()
  const quoter = new CheckoutQuoter({
    cache: null,
    timeoutMs: 2_500,
    freightClient: () => client as unknown as FreightClient,
    admission: admission as QuoteAdmission | undefined,
    figures,
    logger,
    now: () => new Date(time),
  })
  return { quoter, client, figures, lines: logger.lines, advance: (ms: number) => (time += ms) }
}

/** Sixty shoppers' destinations, one every 3 s: 01000-000, 01001-000, ... */
const CEPS = Array.from({ length: 60 }, (_, index) => `${String(1000 + index).padStart(5, "0")}000`)
const shapesOf = (cep: string) => {
  const [region, rest, suffix] = [cep.slice(0, 2), cep.slice(2, 5), cep.slice(5)]
  return [cep, `${region}${rest}-${suffix}`, `${region}.${rest}-${suffix}`]
}
const quoted = (lines: string[]) => CEPS.flatMap(shapesOf).filter((shape) => lines.some((line) => line.includes(shape)))

describe("CheckoutQuoter's outage log", () => {
  it("logs 60 shoppers priced by the table in two lines: its start, and its count once the API answers", async () => {
    const { quoter, client, lines, advance } = setup()
    client.quote.mockRejectedValue(serverError())
    for (const cep of CEPS) {
      expect((await quoter.offers({ ...QUERY, destinationCep: cep }, null, SETTINGS)).source).toBe("fallback")
      advance(3_000)
    }
    client.quote.mockResolvedValue(QUOTE)
    expect((await quoter.offers(QUERY, null, SETTINGS)).source).toBe("upstream")
    await quoter.offers({ ...QUERY, destinationCep: "30130010" }, null, SETTINGS)

    expect(lines).toEqual([
      "warn frete: fallback pricing started: quotes priced by the table (ServerError, HTTP 503)",
      "info frete: fallback pricing ended: 60 quotes priced by the table during 3 min",
    ])
    expect(quoted(lines)).toEqual([])
  })

  it("logs the quotes the table cannot price the same way, as an error when it starts", async () => {
    const { quoter, client, lines, advance } = setup()
    client.quote.mockRejectedValue(serverError())
    for (const cep of CEPS.slice(0, 5)) {
      await quoter.offers({ ...QUERY, destinationCep: cep }, null, NO_FALLBACK).catch(() => undefined)
      advance(10_000)
    }
    client.quote.mockResolvedValue(QUOTE)
    await quoter.offers(QUERY, null, NO_FALLBACK)

    expect(lines).toEqual([
      "error frete: quotes cannot be priced (ServerError, HTTP 503) and the fallback table has no price for them",
      "info frete: pricing is back: 5 quotes could not be priced during 50 s",
    ])
  })

  it("names the origin CEP the API does not know by its region only, once", async () => {
    const { quoter, client, lines } = setup()
    client.quote.mockRejectedValue(cepNotFound(101))
    for (const cep of CEPS.slice(0, 3)) await quoter.offers({ ...QUERY, destinationCep: cep }, null, SETTINGS)

    expect(lines.filter((line) => line.includes("origin CEP"))).toEqual([
      "error frete: the freight API does not know the origin CEP 013**-*** (erro_id 101): correct the stock " +
        "location's postal code or the settings' origin_cep (shown on the settings page)",
    ])
    expect(lines.filter((line) => shapesOf(QUERY.originCep).some((shape) => line.includes(shape)))).toEqual([])
  })

  it("counts a destination CEP the API does not know as the shopper's answer, not as an API error", async () => {
    const { quoter, client, figures } = setup()
    client.quote
      .mockRejectedValueOnce(cepNotFound(102))
      .mockRejectedValueOnce(cepNotFound(101))
      .mockRejectedValueOnce(serverError())
    for (let shopper = 0; shopper < 3; shopper += 1) {
      await quoter.offers({ ...QUERY, destinationCep: CEPS[shopper] }, null, SETTINGS).catch(() => undefined)
    }

    expect(figures.add.mock.calls).toEqual([
      ["quote", "page:refused"],
      ["api_error", "rejected"],
      ["quote", "page:table"],
      ["api_error", "server"],
      ["quote", "page:table"],
    ])
  })

  it("logs the store's ceiling reached once, and with its count once a minute passed without a refusal", async () => {
    // The shared count grants nothing while `refusing`: the store's ceiling is spent for the minute.
    let time = 100 * 60_000
    let refusing = true
    const logger = recordingLogger()
    const admission = new QuoteAdmission(
      async (_key, _window, want) => (refusing ? 0 : want),
      logger,
      () => time
    )
    const checkout = { cart: "cart:1", local: true }
    const refused = async () => admission.admit(SETTINGS, checkout).catch((error: unknown) => error)
    for (let index = 0; index < 40; index += 1) {
      expect(await refused()).toBeInstanceOf(QuoteRefusedError)
      time += 1_000
    }
    refusing = false
    time += 20_000
    await admission.admit(SETTINGS, checkout)
    time += 40_000
    await admission.admit(SETTINGS, checkout)

    expect(logger.lines).toEqual([
      "warn frete: quota spent: The store's ceiling (1000) of new freight queries per minute is reached; " +
        "new quotes are priced from kept answers or the table until the minute ends: raise " +
        "quote_store_limit_per_minute in the settings if your freight plan allows more",
      "info frete: quota has room again: 40 quotes priced without the API during 100 s",
    ])
  })

  it("logs nothing of one shopper's own bound: it is theirs, not the store's", async () => {
    const refusing = () => Promise.reject(new QuoteRefusedError("client", 30_000))
    const admission = { admit: jest.fn(refusing), answered: jest.fn() }
    const { quoter, lines } = setup(admission)
    for (const cep of CEPS.slice(0, 10)) await quoter.offers({ ...QUERY, destinationCep: cep }, null, SETTINGS)

    expect(lines).toEqual([])
  })
})
