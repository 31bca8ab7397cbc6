// The cart's billable weight (billableWeightKg), and the offers priced from the fallback table on it (fallbackOffers):
// the band, the services, their order and names, extra days and price, and free freight.
import type { FreightQuery, FreightVolume } from "../../freight/schemas"
import { freteSettingsSchema } from "../../settings/schema"
import { fallbackOffers, type Offer } from "../offers"
import { applyRules } from "../rules"
import { billableWeightKg } from "../../learned/learned-prices"
import { NOW, SETTINGS } from "./offers.fixtures"

function volume(overrides: Partial<FreightVolume> = {}): FreightVolume {
  return { sku: "SKU", quantity: 1, price: 50, weightKg: 0.3, lengthCm: 20, widthCm: 15, heightCm: 5, ...overrides }
}

/** A query whose cart weighs `weightKg` (its box is small enough that the real weight counts). */
function queryOf(weightKg: number, overrides: Partial<FreightQuery> = {}): FreightQuery {
  return {
    originCep: "01310100",
    destinationCep: "20040002",
    invoiceValue: 50,
    volumes: [volume({ weightKg })],
    ...overrides,
  }
}

describe("billableWeightKg", () => {
  it("takes the real weight when it is the larger", () => {
    expect(billableWeightKg(queryOf(2))).toBe(2)
  })

  it("takes the cubic weight, L × W × H / 6000, when it is the larger", () => {
    expect(
      billableWeightKg(queryOf(0, { volumes: [volume({ weightKg: 0.3, lengthCm: 60, widthCm: 40, heightCm: 30 })] }))
    ).toBe(12)
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
    expect(byService(fallbackOffers(queryOf(0.8), SETTINGS, NOW))["correios-pac"]).toMatchObject({
      amountCents: 2990,
      days: 6,
    })
    expect(byService(fallbackOffers(queryOf(1), SETTINGS, NOW))["correios-pac"]).toMatchObject({
      amountCents: 2990,
      days: 6,
    })
    expect(byService(fallbackOffers(queryOf(1.001), SETTINGS, NOW))["correios-pac"]).toMatchObject({
      amountCents: 5990,
      days: 8,
    })
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
    const offers = fallbackOffers(queryOf(0.8), SETTINGS, NOW)
    const ordered = applyRules(offers, null, { ...SETTINGS, option_order: "services" }, NOW).offers
    expect(ordered.map((o) => o.service)).toEqual(["correios-sedex", "correios-pac", "azul-amanha"])
  })

  it("names a service as the merchant does, else as the table does", () => {
    const offers = byService(fallbackOffers(queryOf(0.8), SETTINGS, NOW))

    expect(offers["correios-sedex"].name).toBe("Entrega expressa")
    expect(offers["correios-pac"].name).toBe("PAC (tabela)")
  })

  it("marks every offer as a fallback, with the table's carrier and no token or code", () => {
    const offers = fallbackOffers(queryOf(0.8), SETTINGS, NOW)

    expect(offers.map((o) => [o.service, o.carrier]).sort()).toEqual([
      ["azul-amanha", "azul"],
      ["correios-pac", "correios"],
      ["correios-sedex", "correios"],
    ])
    for (const o of offers) {
      expect(o).toMatchObject({ isFallback: true, consultaToken: null, code: null })
    }
  })

  it("adds the query's handling days, as the service would have, and no price (the rules price after)", () => {
    const pac = byService(fallbackOffers(queryOf(0.8, { extraDays: 2 }), SETTINGS, NOW))["correios-pac"]

    // 6 + 2 business days after the holiday Friday 20 November: Wednesday 2 December.
    expect(pac).toMatchObject({ amountCents: 2990, days: 8, deliveryEstimate: "2026-12-02" })
  })

  it("gives the band's price and days as they are when the query adds nothing", () => {
    expect(byService(fallbackOffers(queryOf(0.8), SETTINGS, NOW))["correios-sedex"]).toMatchObject({
      amountCents: 7990,
      days: 3,
      deliveryEstimate: "2026-11-25",
    })
  })

  it("charges every offer: free freight is a rule, applied after", () => {
    for (const o of fallbackOffers(queryOf(0.8), SETTINGS, NOW)) {
      expect(o.amountCents).toBeGreaterThan(0)
    }
  })

  it("gives no offer when the settings have no fallback table", () => {
    expect(fallbackOffers(queryOf(0.8), freteSettingsSchema.parse({}), NOW)).toEqual([])
  })
})
