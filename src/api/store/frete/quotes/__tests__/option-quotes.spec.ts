import type { QuoteRequest } from "../../../../../lib/checkout/build-freight-query"
import type { Offer } from "../../../../../lib/checkout/offers"
import { ShopperError } from "../../../../../lib/checkout/shopper-error"
import type { FreightQuery } from "../../../../../lib/freight/schemas"
import { freteSettingsSchema } from "../../../../../lib/settings/schema"
import { planQuotes, quoteOptions, type OptionQuoter } from "../option-quotes"
import type { OfferedOption, OptionRequest } from "../quote-request"

const SETTINGS = freteSettingsSchema.parse({ origin_cep: "01310-100" })
const UNITS = { weight: "g", dimension: "cm" } as const
const SAO_PAULO = "01310-100"
const CURITIBA = "80020-310"
const BELO_HORIZONTE = "30130-010"

function offer(service: string, amountCents: number, days: number | null): Offer {
  return {
    service,
    name: service,
    carrier: service.split("-")[0],
    amountCents,
    days,
    deliveryEstimate: null,
    isFallback: false,
    consultaToken: null,
    code: null,
  }
}

/** The quotes the freight API gives from each origin: São Paulo's and Curitiba's differ. */
const OFFERS: Record<string, Offer[]> = {
  "01310100": [
    offer("correios-pac", 3990, 8),
    offer("correios-sedex", 5990, 2),
    offer("jadlog-package", 2590, 6),
    offer("azul-amanha", 8990, 1),
  ],
  "80020310": [offer("correios-pac", 1990, 3), offer("correios-sedex", 2990, 1)],
  // Jadlog at São Paulo's price, with a date.
  "30130010": [{ ...offer("jadlog-package", 2590, 7), deliveryEstimate: "2026-12-04" }],
}

/** A quoter over OFFERS, keyed by the route, counting its calls and the keys they were given; an origin given an error fails with it. */
function fakeQuoter(failures: Record<string, Error> = {}) {
  const calls: string[] = []
  const keys: Array<string | undefined> = []
  const quoter: OptionQuoter = {
    keyOf: (query: FreightQuery) =>
      `${query.originCep}>${query.destinationCep}:${query.volumes.map((volume) => volume.sku).join(",")}`,
    offers: async (query: FreightQuery, _cart, _settings, _asker, key) => {
      calls.push(query.originCep)
      keys.push(key)
      const failure = failures[query.originCep]
      if (failure) throw failure
      return {
        offers: OFFERS[query.originCep],
        applied: [],
        source: "upstream" as const,
        upstreamMs: query.originCep === "80020310" ? 30 : 10,
        guardMs: query.originCep === "80020310" ? 1 : 3,
      }
    },
  }
  return { quoter, calls, keys }
}

let sequence = 0
function option(dataId: string | undefined, origin: string | null = SAO_PAULO, items = ["CAMISETA"]): OptionRequest {
  sequence += 1
  const offered: OfferedOption = {
    id: `so_${sequence}`,
    name: `Opção ${dataId ?? "sem id"}`,
    data: dataId === undefined ? null : { id: dataId },
    shipping_profile_id: "sp_1",
    from_location: origin ? { address: { postal_code: origin } } : undefined,
  }
  const request: QuoteRequest = {
    originCep: origin,
    destinationCep: "20040-002",
    items: items.map((sku) => ({
      sku,
      quantity: 1,
      unitPrice: 100,
      variant: { weight: 300, length: 30, width: 20, height: 4 },
    })),
  }
  return { option: offered, request }
}

async function quote(requests: OptionRequest[], quoter = fakeQuoter()) {
  const plan = planQuotes(requests, SETTINGS, UNITS, quoter.quoter)
  return { plan, ...(await quoteOptions(plan, quoter.quoter, SETTINGS)) }
}

describe("the store quote route's options", () => {
  it("prices each option with the provider's pick from one shared quote, sorted by amount", async () => {
    const quoter = fakeQuoter()
    const requests = [option("fastest"), option("cheapest"), option("correios-sedex"), option(undefined)]
    const { quotes } = await quote(requests, quoter)
    // The last, with no fulfillment option id, is priced as the cheapest: the same offer as the
    // second, hence no row of its own.
    expect(quotes.map((entry) => [entry.option_id, entry.service, entry.amount])).toEqual([
      [requests[1].option.id, "jadlog-package", 25.9],
      [requests[2].option.id, "correios-sedex", 59.9],
      [requests[0].option.id, "azul-amanha", 89.9],
    ])
    expect(quotes[0]).toEqual({
      option_id: requests[1].option.id,
      name: "Opção cheapest",
      service: "jadlog-package",
      carrier: "jadlog",
      amount: 25.9,
      currency_code: "brl",
      days: 6,
      delivery_estimate: null,
      is_fallback: false,
      estimated_from: null,
    })
    expect(quoter.calls).toEqual(["01310100"])
  })

  it("makes one row of the options that resolve to the same offer (service, price, date, carrier), keeping the first", async () => {
    const requests = [
      option("jadlog-package"),
      option("cheapest"), // São Paulo's cheapest is the Jadlog offer of the row above
      option("correios-sedex"),
      option("correios-sedex"),
      option("correios-sedex", CURITIBA), // the same service at another price
      option("cheapest", BELO_HORIZONTE), // Jadlog at the same price, with another date
    ]
    const { quotes } = await quote(requests)
    expect(quotes.map((entry) => [entry.option_id, entry.service, entry.amount, entry.delivery_estimate])).toEqual([
      [requests[0].option.id, "jadlog-package", 25.9, null],
      [requests[5].option.id, "jadlog-package", 25.9, "2026-12-04"],
      [requests[4].option.id, "correios-sedex", 29.9, null],
      [requests[2].option.id, "correios-sedex", 59.9, null],
    ])
  })

  it("leaves out an option whose service the quote does not hold", async () => {
    const requests = [option("cheapest"), option("loggi-expresso")]
    expect((await quote(requests)).quotes.map((entry) => entry.option_id)).toEqual([requests[0].option.id])
  })

  it("quotes each stock location's options from that location, one query per origin", async () => {
    const quoter = fakeQuoter()
    const requests = [
      option("correios-sedex"),
      option("correios-sedex", CURITIBA),
      option("cheapest", CURITIBA),
      option("cheapest", null),
    ]
    const { quotes, plan, upstreamMs, guardMs } = await quote(requests, quoter)
    expect(plan.queries.size).toBe(2)
    expect(quoter.calls.sort()).toEqual(["01310100", "80020310"])
    // Each query priced under the key the plan made for it, not hashed again.
    expect(quoter.keys.sort()).toEqual([...plan.queries.keys()].sort())
    const byId = new Map(quotes.map((entry) => [entry.option_id, entry]))
    expect(byId.get(requests[0].option.id)?.amount).toBe(59.9)
    expect(byId.get(requests[1].option.id)?.amount).toBe(29.9)
    expect(byId.get(requests[2].option.id)).toMatchObject({ service: "correios-pac", amount: 19.9 })
    // A location with no CEP ships from the settings' origin, as in the provider.
    expect(byId.get(requests[3].option.id)).toMatchObject({ service: "jadlog-package", amount: 25.9 })
    // Side by side: the freight API's share is the longer call, the guard's the longer wait.
    expect({ upstreamMs, guardMs }).toEqual({ upstreamMs: 30, guardMs: 3 })
  })

  it("leaves out an option whose shipping profile holds none of the items; with none left, says so", async () => {
    const requests = [option("cheapest"), option("correios-sedex", SAO_PAULO, [])]
    expect((await quote(requests)).quotes.map((entry) => entry.option_id)).toEqual([requests[0].option.id])
    expect(() => planQuotes([option("cheapest", SAO_PAULO, [])], SETTINGS, UNITS, fakeQuoter().quoter)).toThrow(
      new ShopperError("no_items")
    )
  })

  it("answers no option, and asks nothing, when checkout offers none", async () => {
    const quoter = fakeQuoter()
    expect((await quote([], quoter)).quotes).toEqual([])
    expect(quoter.calls).toEqual([])
  })

  it("leaves out the options of an origin that could not be priced while another could; fails when none could", async () => {
    const unavailable = new ShopperError("freight_unavailable")
    const requests = [option("cheapest"), option("cheapest", CURITIBA)]
    const { quotes } = await quote(requests, fakeQuoter({ "80020310": unavailable }))
    expect(quotes.map((entry) => entry.option_id)).toEqual([requests[0].option.id])
    await expect(
      quote(
        [option("cheapest"), option("cheapest", CURITIBA)],
        fakeQuoter({ "80020310": unavailable, "01310100": unavailable })
      )
    ).rejects.toBe(unavailable)
  })

  it.each([["cep_not_served"], ["too_many_quotes"]] as const)(
    "answers the shopper's %s even when another origin was priced",
    async (code) => {
      const error = new ShopperError(code)
      await expect(
        quote([option("cheapest"), option("cheapest", CURITIBA)], fakeQuoter({ "80020310": error }))
      ).rejects.toBe(error)
    }
  )
})
