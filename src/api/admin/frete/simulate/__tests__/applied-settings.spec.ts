import { buildFreightQuery, type QuoteRequest } from "../../../../../lib/checkout/build-freight-query"
import { pickOffer, type Offer } from "../../../../../lib/checkout/offers"
import { offerOf } from "../../../../../lib/checkout/__tests__/offer.fixtures"
import { applyRules } from "../../../../../lib/checkout/rules"
import { freteSettingsSchema, type FreteSettingsInput } from "../../../../../lib/settings/schema"
import { appliedSettings } from "../applied-settings"

const UNITS = { weight: "g", dimension: "cm" } as const

const item = (sku: string, unitPrice: number, handlingDays?: string) => ({
  sku,
  quantity: 1,
  unitPrice,
  variant: { weight: 300, length: 20, height: 5, width: 15 },
  handlingMetadata: { variant: null, product: handlingDays ? { frete_handling_days: handlingDays } : null },
})

const offer = (service: string, name: string, amountCents = 2500) => offerOf(service, amountCents, { name })

// As the simulator lists them for what checkout charges: the API's answer `api`, the rules applied by the engine.
function applied(settings: FreteSettingsInput, request: Partial<QuoteRequest>, pick: string, api: Offer[] = []) {
  const parsed = freteSettingsSchema.parse({ origin_cep: "01310100", ...settings })
  const full = { destinationCep: "20040002", items: [item("CANECA", 45)], ...request }
  const built = buildFreightQuery(full, parsed, UNITS)
  const { offers, applied: rules } = applyRules(api, built.cart, parsed, new Date())
  return appliedSettings(full, built, parsed, pick, { offer: pickOffer(offers, pick), rules })
}

const PAC = offer("correios-pac", "Correios - PAC")
const SEDEX = offer("correios-sedex", "Correios - SEDEX", 4000)

describe("appliedSettings", () => {
  it("lists only the option's pick when no setting changed the quote", () => {
    expect(applied({}, {}, "cheapest", [PAC])).toEqual([
      { setting: "option_pick", pick: "cheapest", service: "correios-pac" },
    ])
  })

  it("names the slowest items' handling days, then the rules that changed a service the option can pick", () => {
    // Carried over as rules: the extra price, the extra days, then the two free-freight rules.
    const settings: FreteSettingsInput = {
      extra_days: 1,
      extra_price: { type: "fixed", value: 5 },
      free_freight_rules: [
        { min_subtotal: 500, states: ["RJ"] },
        { min_subtotal: 100, cep_ranges: [{ from: "20000000", to: "20999999" }] },
      ],
    }
    const items = [item("CANECA", 45, "2"), item("QUADRO", 80, "4"), item("POSTER", 30, "4")]
    const price = {
      setting: "rule",
      index: 0,
      name: "Preço adicional",
      action: { type: "amount", value: 5 },
      services: ["correios-pac", "correios-sedex"],
    }
    const days = { ...price, index: 1, name: "Prazo adicional", action: { type: "days", value: 1 } }
    const handling = {
      setting: "handling_days",
      days: 4,
      skus: ["QUADRO", "POSTER"],
      metadata_key: "frete_handling_days",
    }
    // The second free-freight rule (R$ 155 ≥ R$ 100 in its range) freed PAC, the cheapest: not SEDEX's.
    expect(applied(settings, { items }, "correios-sedex", [PAC, SEDEX])).toEqual([
      handling,
      price,
      days,
      { setting: "option_pick", pick: "correios-sedex", service: "correios-sedex" },
    ])
    expect(applied(settings, { items }, "cheapest", [PAC, SEDEX])).toEqual([
      handling,
      price,
      days,
      {
        setting: "rule",
        index: 3,
        name: "Frete grátis 2",
        action: { type: "free_cheapest" },
        services: ["correios-pac"],
      },
      { setting: "option_pick", pick: "cheapest", service: "correios-pac" },
    ])
  })

  it("lists a rule that hid a service for every option", () => {
    const settings: FreteSettingsInput = {
      rules: [
        { name: "Sem PAC no RJ", scope: { services: ["correios-pac"], states: ["RJ"] }, action: { type: "hide" } },
      ],
    }
    expect(applied(settings, {}, "correios-sedex", [PAC, SEDEX])).toEqual([
      {
        setting: "rule",
        index: 0,
        name: "Sem PAC no RJ",
        action: { type: "hide" },
        services: ["correios-pac"],
      },
      { setting: "option_pick", pick: "correios-sedex", service: "correios-sedex" },
    ])
  })

  it("lists the disabled services for cheapest and fastest, and only its own for a service's option", () => {
    const settings: FreteSettingsInput = {
      services: [
        { metaname: "correios-pac", name: "Correios - PAC", enabled: false },
        { metaname: "azul-amanha", name: "Azul Cargo - Amanhã", enabled: false },
        { metaname: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX" },
      ],
    }
    const pac = { setting: "service_disabled", service: "correios-pac", name: "Correios - PAC" }
    const azul = { setting: "service_disabled", service: "azul-amanha", name: "Azul Cargo - Amanhã" }
    expect(applied(settings, {}, "fastest", [offer("correios-sedex", "SEDEX")])).toEqual([
      pac,
      azul,
      { setting: "service_renamed", service: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX" },
      { setting: "option_pick", pick: "fastest", service: "correios-sedex" },
    ])
    expect(applied(settings, {}, "azul-amanha")).toEqual([
      azul,
      { setting: "option_pick", pick: "azul-amanha", service: null },
    ])
  })

  it("names no rename when the offer kept the API's name (another quotation of that metaname)", () => {
    const settings: FreteSettingsInput = {
      services: [{ metaname: "jadlog-package", name: "Jadlog - .Package", display_name: "Jadlog" }],
    }
    expect(applied(settings, {}, "cheapest", [offer("jadlog-package", "Jadlog - .Package (leilão)")])).toEqual([
      { setting: "option_pick", pick: "cheapest", service: "jadlog-package" },
    ])
  })
})
