// offersFromQuote: which of the service's quotations become offers, under what name, with what price, days and
// delivery estimate; and the order the store's `services` give them (applyRules sorts by it).
import type { FreightQuotation, FreightQuote } from "../../freight/schemas"
import { offersFromQuote } from "../offers"
import { applyRules } from "../rules"
import { NOW, SETTINGS } from "./offers.fixtures"

function quotation(overrides: Partial<FreightQuotation>): FreightQuotation {
  return {
    service: "x",
    serviceName: "X",
    carrier: null,
    priceCents: 1000,
    days: 5,
    code: null,
    ...overrides,
  }
}

const QUOTE: FreightQuote = {
  consultaToken: "consulta-123",
  quotations: [
    quotation({
      service: "azul-amanha",
      serviceName: "Azul Amanhã",
      carrier: "azul",
      priceCents: 3900,
      days: 1,
      code: "c-azul",
    }),
    quotation({
      service: "correios-pac",
      serviceName: "PAC",
      carrier: "correios",
      priceCents: 2590,
      days: 7,
      code: "c-pac",
    }),
    quotation({
      service: "jadlog-package",
      serviceName: ".Package",
      carrier: "jadlog",
      priceCents: 1990,
      days: 5,
      code: "c-jad",
    }),
    quotation({
      service: "buslog",
      serviceName: "Buslog Rodoviário",
      carrier: "buslog",
      priceCents: 2990,
      days: null,
      code: "c-bus",
    }),
    quotation({
      service: "leilao",
      serviceName: "Leilão Loggi",
      carrier: "loggi",
      priceCents: 2200,
      days: 4,
      code: "c-loggi",
    }),
    quotation({
      service: "correios-sedex",
      serviceName: "SEDEX",
      carrier: "correios",
      priceCents: 4590,
      days: 2,
      code: "c-sedex",
    }),
    quotation({
      service: "leilao",
      serviceName: "Leilão Jadlog",
      carrier: "jadlog",
      priceCents: 2100,
      days: 6,
      code: "c-jadlog",
    }),
  ],
}

describe("offersFromQuote", () => {
  const offers = offersFromQuote(QUOTE, SETTINGS, NOW)

  it("leaves out the services the merchant disabled, and keeps the ones not listed", () => {
    expect(offers.map((o) => o.service)).not.toContain("jadlog-package")
    expect(offers.map((o) => o.service)).toEqual(expect.arrayContaining(["azul-amanha", "buslog"]))
    expect(offers).toHaveLength(6)
  })

  it("orders the offers as the settings list the services, then by price; services not listed last, by price", () => {
    const ordered = applyRules(offers, null, { ...SETTINGS, option_order: "services" }, NOW).offers
    expect(ordered.map((o) => `${o.service}:${o.amountCents}`)).toEqual([
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

    expect(auction.map((o) => [o.carrier, o.name]).sort()).toEqual([
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
        quotations: [0, 1, 2].map((days) =>
          quotation({ service: `d${days}`, serviceName: `D${days}`, priceCents: 1000 + days, days })
        ),
      },
      SETTINGS,
      NOW
    )

    // Friday the 20th is a holiday: the 21st and 22nd are a weekend.
    expect([sameDay.deliveryEstimate, oneDay.deliveryEstimate, twoDays.deliveryEstimate]).toEqual([
      "2026-11-23",
      "2026-11-23",
      "2026-11-24",
    ])
  })

  it("counts from the date in São Paulo, not in UTC", () => {
    // 02:00 UTC on Friday is still Thursday 19 November, 23:00, in São Paulo.
    const thursdayNight = new Date("2026-11-20T02:00:00Z")
    const [sameDay, oneDay] = offersFromQuote(
      {
        consultaToken: "t",
        quotations: [
          quotation({ service: "a", priceCents: 1, days: 0 }),
          quotation({ service: "b", priceCents: 2, days: 1 }),
        ],
      },
      SETTINGS,
      thursdayNight
    )

    expect([sameDay.deliveryEstimate, oneDay.deliveryEstimate]).toEqual(["2026-11-19", "2026-11-23"])
  })

  it("gives no offer for a quote with no quotation", () => {
    expect(offersFromQuote({ consultaToken: "t", quotations: [] }, SETTINGS, NOW)).toEqual([])
  })
})
