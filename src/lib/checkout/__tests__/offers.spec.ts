import type { FreightQuery, FreightQuotation, FreightQuote, FreightVolume } from "../../freight/schemas"
import { freteSettingsSchema } from "../../settings/schema"
import { billableWeightKg, CHEAPEST, fallbackOffers, FASTEST, offersFromQuote, pickOffer, type Offer } from "../offers"

/**
 * Friday 20 November 2026, noon in São Paulo: Consciência Negra, a national holiday, so the next
 * business day is Monday 23.
 */
const NOW = new Date("2026-11-20T15:00:00Z")

/**
 * The merchant lists SEDEX first (renamed), then PAC; Jadlog .Package is disabled; the auction
 * "leilao" has one renamed service. The fallback table lists, in an order of its own, Azul (not
 * among the services, up to 2 kg), SEDEX (up to 5 kg), PAC (up to 30 kg) and .Package.
 */
const SETTINGS = freteSettingsSchema.parse({
  services: [
    { metaname: "correios-sedex", name: "SEDEX", display_name: "Entrega expressa" },
    { metaname: "correios-pac", name: "PAC" },
    { metaname: "jadlog-package", name: ".Package", enabled: false },
    { metaname: "leilao", name: "Leilão Loggi", display_name: "Melhor oferta" },
  ],
  fallback: [
    { service: "azul-amanha", name: "Azul Amanhã (tabela)", carrier: "azul", bands: [{ max_weight_kg: 2, price: 99.9, days: 1 }] },
    { service: "correios-sedex", name: "SEDEX (tabela)", carrier: "correios", bands: [{ max_weight_kg: 5, price: 79.9, days: 3 }] },
    {
      service: "correios-pac",
      name: "PAC (tabela)",
      carrier: "correios",
      bands: [
        // Given out of order: the schema sorts bands by weight.
        { max_weight_kg: 30, price: 59.9, days: 8 },
        { max_weight_kg: 1, price: 29.9, days: 6 },
      ],
    },
    { service: "jadlog-package", name: ".Package (tabela)", carrier: "jadlog", bands: [{ max_weight_kg: 30, price: 19.9, days: 5 }] },
  ],
})

function quotation(overrides: Partial<FreightQuotation>): FreightQuotation {
  return { service: "x", serviceName: "X", carrier: null, priceCents: 1000, costCents: null, days: 5, code: null, logo: null, ...overrides }
}

const QUOTE: FreightQuote = {
  consultaToken: "consulta-123",
  quotations: [
    quotation({ service: "azul-amanha", serviceName: "Azul Amanhã", carrier: "azul", priceCents: 3900, days: 1, code: "c-azul" }),
    quotation({ service: "correios-pac", serviceName: "PAC", carrier: "correios", priceCents: 2590, days: 7, code: "c-pac" }),
    quotation({ service: "jadlog-package", serviceName: ".Package", carrier: "jadlog", priceCents: 1990, days: 5, code: "c-jad" }),
    quotation({ service: "buslog", serviceName: "Buslog Rodoviário", carrier: "buslog", priceCents: 2990, days: null, code: "c-bus" }),
    quotation({ service: "leilao", serviceName: "Leilão Loggi", carrier: "loggi", priceCents: 2200, days: 4, code: "c-loggi" }),
    quotation({ service: "correios-sedex", serviceName: "SEDEX", carrier: "correios", priceCents: 4590, days: 2, code: "c-sedex" }),
    quotation({ service: "leilao", serviceName: "Leilão Jadlog", carrier: "jadlog", priceCents: 2100, days: 6, code: "c-jadlog" }),
  ],
}

function volume(overrides: Partial<FreightVolume> = {}): FreightVolume {
  return { sku: "SKU", quantity: 1, price: 50, weightKg: 0.3, lengthCm: 20, widthCm: 15, heightCm: 5, ...overrides }
}

/** A query whose cart weighs `weightKg` (its box is small enough that the real weight counts). */
function queryOf(weightKg: number, overrides: Partial<FreightQuery> = {}): FreightQuery {
  return { originCep: "01310100", destinationCep: "20040002", invoiceValue: 50, volumes: [volume({ weightKg })], ...overrides }
}

function offer(overrides: Partial<Offer>): Offer {
  return {
    service: "s",
    name: "S",
    carrier: null,
    amountCents: 1000,
    days: 5,
    deliveryEstimate: null,
    isFallback: false,
    consultaToken: null,
    code: null,
    ...overrides,
  }
}

describe("offersFromQuote", () => {
  const offers = offersFromQuote(QUOTE, SETTINGS, NOW)

  it("leaves out the services the merchant disabled, and keeps the ones not listed", () => {
    expect(offers.map((o) => o.service)).not.toContain("jadlog-package")
    expect(offers.map((o) => o.service)).toEqual(expect.arrayContaining(["azul-amanha", "buslog"]))
    expect(offers).toHaveLength(6)
  })

  it("orders the offers as the settings list the services, then by price; services not listed last, by price", () => {
    expect(offers.map((o) => `${o.service}:${o.amountCents}`)).toEqual([
      "correios-sedex:4590",
      "correios-pac:2590",
      "leilao:2100",
      "leilao:2200",
      "buslog:2990",
      "azul-amanha:3900",
    ])
  })

  it("shows the merchant's name for a service, and the service's own name otherwise", () => {
    expect(offers.find((o) => o.service === "correios-sedex")?.name).toBe("Entrega expressa")
    expect(offers.find((o) => o.service === "correios-pac")?.name).toBe("PAC")
    expect(offers.find((o) => o.service === "azul-amanha")?.name).toBe("Azul Amanhã")
  })

  it("in an auction, renames only the quotation whose own name is the setting's", () => {
    const auction = offers.filter((o) => o.service === "leilao")

    expect(auction.map((o) => [o.carrier, o.name])).toEqual([
      ["jadlog", "Leilão Jadlog"],
      ["loggi", "Melhor oferta"],
    ])
  })

  it("carries each quotation's price, days, carrier and code, and the query's token", () => {
    expect(offers.find((o) => o.service === "correios-pac")).toEqual({
      service: "correios-pac",
      name: "PAC",
      carrier: "correios",
      amountCents: 2590,
      days: 7,
      deliveryEstimate: "2026-12-01",
      isFallback: false,
      consultaToken: "consulta-123",
      code: "c-pac",
    })
  })

  it("gives no delivery estimate when the deadline is unknown", () => {
    expect(offers.find((o) => o.service === "buslog")).toMatchObject({ days: null, deliveryEstimate: null })
  })

  it("counts the delivery estimate in business days from now, skipping the weekend and a holiday", () => {
    const [sameDay, oneDay, twoDays] = offersFromQuote(
      {
        consultaToken: "t",
        quotations: [0, 1, 2].map((days) => quotation({ service: `d${days}`, serviceName: `D${days}`, priceCents: 1000 + days, days })),
      },
      SETTINGS,
      NOW
    )

    // Friday the 20th is a holiday: the 21st and 22nd are a weekend.
    expect([sameDay.deliveryEstimate, oneDay.deliveryEstimate, twoDays.deliveryEstimate]).toEqual(["2026-11-23", "2026-11-23", "2026-11-24"])
  })

  it("counts from the date in São Paulo, not in UTC", () => {
    // 02:00 UTC on Friday is still Thursday 19 November, 23:00, in São Paulo.
    const thursdayNight = new Date("2026-11-20T02:00:00Z")
    const [sameDay, oneDay] = offersFromQuote(
      { consultaToken: "t", quotations: [quotation({ service: "a", priceCents: 1, days: 0 }), quotation({ service: "b", priceCents: 2, days: 1 })] },
      SETTINGS,
      thursdayNight
    )

    expect([sameDay.deliveryEstimate, oneDay.deliveryEstimate]).toEqual(["2026-11-19", "2026-11-23"])
  })

  it("gives no offer for a quote with no quotation", () => {
    expect(offersFromQuote({ consultaToken: "t", quotations: [] }, SETTINGS, NOW)).toEqual([])
  })
})

describe("billableWeightKg", () => {
  it("takes the real weight when it is the larger", () => {
    expect(billableWeightKg(queryOf(2))).toBe(2)
  })

  it("takes the cubic weight, L × W × H / 6000, when it is the larger", () => {
    expect(billableWeightKg(queryOf(0, { volumes: [volume({ weightKg: 0.3, lengthCm: 60, widthCm: 40, heightCm: 30 })] }))).toBe(12)
  })

  it("multiplies each volume by its quantity and adds the volumes", () => {
    const volumes = [
      volume({ weightKg: 1, lengthCm: 10, widthCm: 10, heightCm: 10, quantity: 3 }),
      volume({ weightKg: 0.3, lengthCm: 60, widthCm: 40, heightCm: 30, quantity: 2 }),
    ]

    expect(billableWeightKg(queryOf(0, { volumes }))).toBe(3 + 24)
  })
})

describe("fallbackOffers", () => {
  const byService = (offers: Offer[]) => Object.fromEntries(offers.map((o) => [o.service, o]))

  it("prices each service at the first band that holds the cart's weight, both ends inclusive", () => {
    expect(byService(fallbackOffers(queryOf(0.8), SETTINGS, NOW))["correios-pac"]).toMatchObject({ amountCents: 2990, days: 6 })
    expect(byService(fallbackOffers(queryOf(1), SETTINGS, NOW))["correios-pac"]).toMatchObject({ amountCents: 2990, days: 6 })
    expect(byService(fallbackOffers(queryOf(1.001), SETTINGS, NOW))["correios-pac"]).toMatchObject({ amountCents: 5990, days: 8 })
  })

  it("chooses the band on the billable weight: cubic weight, and every unit of every item", () => {
    // 0.3 kg in a 30 × 20 × 15 box: 1.5 kg cubic.
    const bulky = queryOf(0, { volumes: [volume({ weightKg: 0.3, lengthCm: 30, widthCm: 20, heightCm: 15 })] })
    // Three items of 0.4 kg: 1.2 kg.
    const several = queryOf(0, { volumes: [volume({ weightKg: 0.4, quantity: 3 })] })

    expect(byService(fallbackOffers(bulky, SETTINGS, NOW))["correios-pac"].amountCents).toBe(5990)
    expect(byService(fallbackOffers(several, SETTINGS, NOW))["correios-pac"].amountCents).toBe(5990)
  })

  it("leaves out a service when the cart is heavier than all its bands", () => {
    expect(fallbackOffers(queryOf(10), SETTINGS, NOW).map((o) => o.service)).toEqual(["correios-pac"])
    expect(fallbackOffers(queryOf(31), SETTINGS, NOW)).toEqual([])
  })

  it("leaves out the services the merchant disabled", () => {
    expect(fallbackOffers(queryOf(0.8), SETTINGS, NOW).map((o) => o.service)).not.toContain("jadlog-package")
  })

  it("orders the offers as the settings list the services, services not listed last", () => {
    expect(fallbackOffers(queryOf(0.8), SETTINGS, NOW).map((o) => o.service)).toEqual(["correios-sedex", "correios-pac", "azul-amanha"])
  })

  it("names a service as the merchant does, else as the table does", () => {
    const offers = byService(fallbackOffers(queryOf(0.8), SETTINGS, NOW))

    expect(offers["correios-sedex"].name).toBe("Entrega expressa")
    expect(offers["correios-pac"].name).toBe("PAC (tabela)")
  })

  it("marks every offer as a fallback, with the table's carrier and no token or code", () => {
    const offers = fallbackOffers(queryOf(0.8), SETTINGS, NOW)

    expect(offers.map((o) => [o.service, o.carrier])).toEqual([
      ["correios-sedex", "correios"],
      ["correios-pac", "correios"],
      ["azul-amanha", "azul"],
    ])
    for (const o of offers) {
      expect(o).toMatchObject({ isFallback: true, consultaToken: null, code: null })
    }
  })

  it("adds the query's extra days and extra price, as the service would have", () => {
    const pac = byService(fallbackOffers(queryOf(0.8, { extraDays: 2, extraPrice: 5.5 }), SETTINGS, NOW))["correios-pac"]

    // 6 + 2 business days after the holiday Friday 20 November: Wednesday 2 December.
    expect(pac).toMatchObject({ amountCents: 2990 + 550, days: 8, deliveryEstimate: "2026-12-02" })
  })

  it("gives the band's price and days as they are when the query adds nothing", () => {
    expect(byService(fallbackOffers(queryOf(0.8), SETTINGS, NOW))["correios-sedex"]).toMatchObject({
      amountCents: 7990,
      days: 3,
      deliveryEstimate: "2026-11-25",
    })
  })

  it("with free freight, makes the cheapest offer free and leaves the others", () => {
    const offers = byService(fallbackOffers(queryOf(0.8, { freeFreight: true, extraPrice: 5 }), SETTINGS, NOW))

    expect(offers["correios-pac"].amountCents).toBe(0)
    expect(offers["correios-sedex"].amountCents).toBe(7990 + 500)
    expect(offers["azul-amanha"].amountCents).toBe(9990 + 500)
  })

  it("without free freight, charges every offer", () => {
    for (const o of fallbackOffers(queryOf(0.8, { freeFreight: false }), SETTINGS, NOW)) {
      expect(o.amountCents).toBeGreaterThan(0)
    }
  })

  it("gives no offer when the settings have no fallback table", () => {
    expect(fallbackOffers(queryOf(0.8), freteSettingsSchema.parse({}), NOW)).toEqual([])
  })
})

describe("pickOffer", () => {
  const pac = offer({ service: "correios-pac", amountCents: 2590, days: 7 })
  const sedex = offer({ service: "correios-sedex", amountCents: 4590, days: 2 })
  const unknownDeadline = offer({ service: "buslog", amountCents: 2590, days: null })
  const sameDaysAsSedex = offer({ service: "azul", amountCents: 3900, days: 2 })
  const auctionDear = offer({ service: "leilao", amountCents: 2200, days: 4, carrier: "loggi" })
  const auctionCheap = offer({ service: "leilao", amountCents: 2100, days: 6, carrier: "jadlog" })
  const all = [sedex, unknownDeadline, pac, sameDaysAsSedex, auctionDear, auctionCheap]

  it("picks the lowest price for `cheapest`", () => {
    expect(pickOffer(all, CHEAPEST)).toBe(auctionCheap)
  })

  it("breaks a tie on price for `cheapest` by fewer days, an unknown deadline last", () => {
    expect(pickOffer([unknownDeadline, pac], CHEAPEST)).toBe(pac)
    expect(pickOffer([pac, unknownDeadline], CHEAPEST)).toBe(pac)
  })

  it("picks the fewest days for `fastest`, then the lower price", () => {
    // SEDEX and Azul both take 2 days; Azul is the cheaper.
    expect(pickOffer(all, FASTEST)).toBe(sameDaysAsSedex)
    expect(pickOffer([sameDaysAsSedex, sedex], FASTEST)).toBe(sameDaysAsSedex)
  })

  it("puts an unknown deadline last for `fastest`, however cheap", () => {
    const cheapUnknown = offer({ service: "cheap", amountCents: 1, days: null })

    expect(pickOffer([cheapUnknown, pac], FASTEST)).toBe(pac)
    expect(pickOffer([cheapUnknown], FASTEST)).toBe(cheapUnknown)
  })

  it("picks a service by its metaname, the cheapest of its quotations in an auction", () => {
    expect(pickOffer(all, "correios-sedex")).toBe(sedex)
    expect(pickOffer(all, "leilao")).toBe(auctionCheap)
  })

  it("picks nothing for a service with no offer, or from no offers", () => {
    expect(pickOffer(all, "jadlog-package")).toBeUndefined()
    expect(pickOffer([], CHEAPEST)).toBeUndefined()
    expect(pickOffer([], FASTEST)).toBeUndefined()
  })

  it("leaves the list it is given in its order", () => {
    const given = [sedex, unknownDeadline, pac, auctionDear, auctionCheap]
    const order = given.map((o) => `${o.service}:${o.amountCents}`)

    pickOffer(given, CHEAPEST)
    pickOffer(given, FASTEST)
    pickOffer(given, "leilao")

    expect(given.map((o) => `${o.service}:${o.amountCents}`)).toEqual(order)
  })
})
