// The rules engine on an API's answer: each action, each scope, their order, the store's order and most options.
import { freteSettingsSchema, type FreteSettingsInput } from "../../settings/schema"
import { applyRules, type RuleCart } from "../rules"
import { offerOf } from "./offer.fixtures"

// Friday 20 November 2026 is a holiday in this calendar: days count from Monday 23.
const NOW = new Date("2026-11-19T12:00:00-03:00")

const API = [offerOf("pac", 2519, { days: 6 }), offerOf("sedex", 4590, { days: 2 }), offerOf("azul", 8990, { days: 1 })]

/** A R$ 150 cart of 2 kg to Avenida Rio Branco, Rio de Janeiro: a T-shirt (profile "default") and a mug. */
const CART: RuleCart = {
  subtotal: 150,
  destinationCep: "20040002",
  state: "RJ",
  weightKg: 2,
  items: [
    { productId: "prod_shirt", profileId: "sp_default" },
    { productId: "prod_mug", profileId: "sp_fragile" },
  ],
}

const priced = (rules: FreteSettingsInput["rules"], cart: RuleCart | null = CART, more: FreteSettingsInput = {}) => {
  const settings = freteSettingsSchema.parse({ option_order: "services", rules, ...more })
  const { offers, applied } = applyRules(API, cart, settings, NOW)
  return {
    prices: Object.fromEntries(offers.map((one) => [one.service, one.amountCents])),
    offers,
    applied: applied.map((rule) => [rule.index, rule.services]),
  }
}
const ALL = { pac: 2519, sedex: 4590, azul: 8990 }

describe("applyRules: actions", () => {
  it("free: every service in scope costs nothing", () => {
    expect(priced([{ action: { type: "free" }, scope: { services: ["pac", "sedex"] } }]).prices).toEqual({
      ...ALL,
      pac: 0,
      sedex: 0,
    })
  })

  it("free_cheapest: only the cheapest in scope", () => {
    expect(priced([{ action: { type: "free_cheapest" }, scope: { services: ["sedex", "azul"] } }]).prices).toEqual({
      ...ALL,
      sedex: 0,
    })
  })

  it("percent: off and on, to the centavo", () => {
    expect(priced([{ action: { type: "percent", value: -10 } }]).prices).toEqual({ pac: 2267, sedex: 4131, azul: 8091 })
    expect(priced([{ action: { type: "percent", value: 15 } }]).prices).toEqual({ pac: 2897, sedex: 5279, azul: 10339 })
    expect(priced([{ action: { type: "percent", value: -100 } }]).prices).toEqual({ pac: 0, sedex: 0, azul: 0 })
  })

  it("amount: off and on, never below zero", () => {
    expect(priced([{ action: { type: "amount", value: 5.5 } }]).prices).toEqual({ pac: 3069, sedex: 5140, azul: 9540 })
    expect(priced([{ action: { type: "amount", value: -30 } }]).prices).toEqual({ pac: 0, sedex: 1590, azul: 5990 })
  })

  it("subtotal_percent: a share of the cart's subtotal on each service", () => {
    // 7.5% of R$ 150,00 is R$ 11,25.
    expect(priced([{ action: { type: "subtotal_percent", value: 7.5 } }]).prices).toEqual({
      pac: 3644,
      sedex: 5715,
      azul: 10115,
    })
  })

  it("price: a fixed price", () => {
    expect(priced([{ action: { type: "price", value: 19.9 }, scope: { services: ["azul"] } }]).prices).toEqual({
      ...ALL,
      azul: 1990,
    })
  })

  it("hide: the services in scope are not offered", () => {
    const { prices, applied } = priced([{ action: { type: "hide" }, scope: { services: ["pac"] } }])
    expect(prices).toEqual({ sedex: 4590, azul: 8990 })
    expect(applied).toEqual([[0, ["pac"]]])
  })

  it("days: more days, and the delivery estimate moves with them", () => {
    const { offers } = priced([{ action: { type: "days", value: 2 }, scope: { services: ["sedex"] } }])
    // 4 business days from Thursday 19, the Friday holiday skipped: Monday 23 to Thursday 26 November.
    expect(offers.find((one) => one.service === "sedex")).toMatchObject({ days: 4, deliveryEstimate: "2026-11-26" })
    expect(offers.find((one) => one.service === "pac")).toMatchObject({ days: 6, deliveryEstimate: null })
  })
})

describe("applyRules: scopes", () => {
  const off = { type: "amount", value: -10 } as const
  const reached = (scope: Record<string, unknown>, cart: RuleCart = CART) =>
    priced([{ action: off, scope }], cart).prices.pac === 1519

  it("reaches every cart with an empty scope", () => {
    expect(reached({})).toBe(true)
  })

  it("states and CEP ranges, bounds included", () => {
    expect([reached({ states: ["RJ"] }), reached({ states: ["SP", "MG"] })]).toEqual([true, false])
    const range = (from: string, to: string) => reached({ cep_ranges: [{ from, to }] })
    expect([range("20000-000", "20040-002"), range("20040-002", "20999-999"), range("20040-003", "29999-999")]).toEqual(
      [true, true, false]
    )
  })

  it("subtotal and weight bounds, inclusive", () => {
    expect([
      reached({ min_subtotal: 150 }),
      reached({ min_subtotal: 150.01 }),
      reached({ max_subtotal: 150 }),
      reached({ max_subtotal: 149.99 }),
    ]).toEqual([true, false, true, false])
    expect([
      reached({ min_weight_kg: 2 }),
      reached({ min_weight_kg: 2.001 }),
      reached({ max_weight_kg: 2 }),
      reached({ max_weight_kg: 1.999 }),
    ]).toEqual([true, false, true, false])
  })

  it("products and shipping profiles: every item of the cart must be one of them", () => {
    expect(reached({ product_ids: ["prod_shirt"] })).toBe(false)
    expect(reached({ product_ids: ["prod_shirt", "prod_mug"] })).toBe(true)
    expect(reached({ shipping_profile_ids: ["sp_fragile"] })).toBe(false)
    expect(reached({ product_ids: ["prod_shirt"], shipping_profile_ids: ["sp_fragile"] })).toBe(true)
  })

  it("services: only theirs", () => {
    expect(priced([{ action: off, scope: { services: ["sedex"] } }]).prices).toEqual({ ...ALL, sedex: 3590 })
  })

  it("a disabled rule does nothing; a return (no cart) gets no rule at all", () => {
    expect(priced([{ action: off, enabled: false }]).prices).toEqual(ALL)
    expect(priced([{ action: off }], null).prices).toEqual(ALL)
  })
})

describe("applyRules: order", () => {
  it("applies the rules in their order: R$ 10 on then half off is not half off then R$ 10 on", () => {
    const on = { action: { type: "amount", value: 10 } } as const
    const half = { action: { type: "percent", value: -50 } } as const
    expect(priced([on, half]).prices.pac).toBe(1760)
    expect(priced([half, on]).prices.pac).toBe(2260)
  })

  it("names each rule that changed a service, with what it changed", () => {
    const rules: FreteSettingsInput["rules"] = [
      { action: { type: "amount", value: 1 }, scope: { states: ["SP"] } },
      { action: { type: "free_cheapest" } },
      { action: { type: "hide" }, scope: { services: ["correios-mini"] } },
    ]
    expect(priced(rules).applied).toEqual([[1, ["pac"]]])
  })

  it("sorts by the store's order and keeps its most options", () => {
    const services = [
      { metaname: "azul", name: "Azul" },
      { metaname: "sedex", name: "SEDEX" },
      { metaname: "pac", name: "PAC" },
    ]
    const order = (option_order: string, max_options: number | null = null) =>
      priced([], CART, { services, option_order, max_options } as FreteSettingsInput).offers.map((one) => one.service)
    expect(order("services")).toEqual(["azul", "sedex", "pac"])
    expect(order("price")).toEqual(["pac", "sedex", "azul"])
    expect(order("days")).toEqual(["azul", "sedex", "pac"])
    expect(order("price", 2)).toEqual(["pac", "sedex"])
  })
})
