// What one freight answer teaches (samplesOf), and the prices fitted from what was taught (estimateFrom), against
// tariffs written out here: R$ 15,00 + R$ 2,50 per kg + 0.5% of the declared value, in centavos.
import type { FreightQuery, FreightQuote } from "../../freight/schemas"
import { estimateFrom, samplesOf, type LearnedSample } from "../learned-prices"

const tariff = (kg: number, value: number) => Math.round(1500 + 250 * kg + 0.005 * value * 100)

function queryOf(destinationCep: string, weightKg: number, invoiceValue: number, more: Partial<FreightQuery> = {}) {
  const volume = { sku: "A", quantity: 1, price: invoiceValue, weightKg, lengthCm: 10, widthCm: 10, heightCm: 10 }
  return { originCep: "01310100", destinationCep, invoiceValue, volumes: [volume], ...more } satisfies FreightQuery
}

function sample(destination: string, kg: number, value: number, more: Partial<LearnedSample> = {}): LearnedSample {
  return {
    service: "correios-pac",
    service_name: "PAC",
    carrier: "correios",
    origin_prefix: "01310",
    destination_prefix: destination,
    destination_area: destination.slice(0, 3),
    destination_state: destination < "29000" ? "RJ" : "MG",
    weight_g: kg * 1000,
    value,
    price_cents: tariff(kg, value),
    days: 5,
    ...more,
  }
}

const quotation = (service: string, serviceName: string, priceCents: number, days: number | null) => ({
  service,
  serviceName,
  carrier: "correios",
  priceCents,
  days,
  code: null,
})

describe("samplesOf", () => {
  it("keeps per service its cheapest quotation, less the handling days asked, with the CEPs' prefixes only", () => {
    const quote: FreightQuote = {
      consultaToken: "t",
      quotations: [
        quotation("jadlog-package", "Jadlog", 3000, 6),
        quotation("jadlog-package", "Jadlog (leilão)", 2700, 7),
        quotation("correios-sedex", "SEDEX", 4500, null),
      ],
    }
    const query = queryOf("20040002", 2, 100, { extraDays: 2 })
    expect(samplesOf(query, quote)).toEqual([
      {
        service: "jadlog-package",
        service_name: "Jadlog (leilão)",
        carrier: "correios",
        origin_prefix: "01310",
        destination_prefix: "20040",
        destination_area: "200",
        destination_state: "RJ",
        weight_g: 2000,
        value: 100,
        price_cents: 2700,
        days: 5,
      },
      expect.objectContaining({ service: "correios-sedex", price_cents: 4500, days: null }),
    ])
  })

  it("learns nothing from a quotation of 0,00", () => {
    const quote: FreightQuote = {
      consultaToken: "t",
      quotations: [quotation("correios-pac", "PAC", 0, 5), quotation("correios-sedex", "SEDEX", 500, 2)],
    }
    expect(samplesOf(queryOf("20040002", 1, 50), quote).map((sample) => sample.service)).toEqual(["correios-sedex"])
  })

  it("counts the cubic weight when it is the larger", () => {
    const quote: FreightQuote = { consultaToken: "t", quotations: [quotation("correios-pac", "PAC", 2000, 5)] }
    const query = queryOf("20040002", 1, 50, {
      volumes: [{ sku: "A", quantity: 2, price: 25, weightKg: 1, lengthCm: 60, widthCm: 40, heightCm: 30 }],
    })
    expect(samplesOf(query, quote)[0].weight_g).toBe(24_000)
  })
})

describe("estimateFrom", () => {
  const region = [
    sample("20040", 0.5, 50),
    sample("20040", 1, 200),
    sample("20040", 2, 100),
    sample("20040", 4, 400),
    sample("20040", 3, 50, { days: 6 }),
  ]

  it("prices a weight and value between those seen in the region as the tariff does", () => {
    expect(estimateFrom(region, queryOf("20040999", 2.5, 300))).toEqual([
      { service: "correios-pac", name: "PAC", carrier: "correios", amountCents: 2275, days: 5, level: "region" },
    ])
  })

  it("fits over weight alone when the values move with the weights (one product in several quantities)", () => {
    const oneProduct = [1, 2, 3, 4].map((units) => sample("20040", units * 0.5, units * 60))
    expect(estimateFrom(oneProduct, queryOf("20040999", 1.25, 150))[0].amountCents).toBe(tariff(1.25, 150))
  })

  // Wider levels mix more places: they need 8 answers (an area) and 12 (a state).
  const elsewhere = (prefix: string, area = prefix.slice(0, 3)) =>
    [...region, ...region.slice(0, 3)].map((row) => ({ ...row, destination_prefix: prefix, destination_area: area }))

  it("widens to the area (3 digits) when the region has too few answers, from 8 of them", () => {
    const area = [...elsewhere("20050"), sample("20040", 1, 100)]
    expect(area).toHaveLength(9)
    expect(estimateFrom(area.slice(2), queryOf("20040999", 2.5, 300))).toEqual([])
    expect(estimateFrom(area, queryOf("20040999", 2.5, 300))).toEqual([
      expect.objectContaining({ amountCents: 2275, level: "area" }),
    ])
  })

  it("widens to the state when the area has too few, from 12 answers, leaving out the origin's own region", () => {
    const state = [
      ...elsewhere("24020"),
      ...region.map((row) => ({ ...row, destination_prefix: "24030", destination_area: "240" })),
      // The origin's own region, priced as a city: cheaper, and not the state's tariff.
      ...[0.5, 1, 2, 4].map((kg) => sample("01310", kg, 100, { price_cents: Math.round(tariff(kg, 100) / 2) })),
    ]
    expect(estimateFrom([], queryOf("20040999", 2.5, 300), state)).toEqual([
      expect.objectContaining({ amountCents: 2275, level: "state" }),
    ])
  })

  it("does not reach far past the weights seen", () => {
    expect(estimateFrom(region, queryOf("20040999", 6.5, 100))).toEqual([])
    expect(estimateFrom(region, queryOf("20040999", 0.2, 100))).toEqual([])
    expect(estimateFrom(region, queryOf("20040999", 6, 100))).toHaveLength(1)
  })

  it("does not price from answers of two tariffs mixed, nor from too few, nor from one weight", () => {
    const mixed = [
      ...region,
      ...[0.5, 1, 2, 4].map((kg) => sample("20010", kg, 100, { price_cents: 2 * tariff(kg, 100) })),
    ]
    expect(estimateFrom(mixed, queryOf("20090999", 2.5, 100))).toEqual([])
    expect(estimateFrom(region.slice(0, 3), queryOf("20040999", 1, 100))).toEqual([])
    const oneWeight = [50, 100, 150, 200].map((value) => sample("20040", 2, value))
    expect(estimateFrom(oneWeight, queryOf("20040999", 2, 100))).toEqual([])
  })
})
