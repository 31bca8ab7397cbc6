import { buildFreightQuery, type QuoteRequest } from "../../../../../lib/checkout/build-freight-query"
import type { Offer } from "../../../../../lib/checkout/offers"
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

const offer = (service: string, name: string): Offer => ({
  service,
  name,
  carrier: "correios",
  amountCents: 2500,
  days: 5,
  deliveryEstimate: null,
  isFallback: false,
  consultaToken: null,
  code: null,
})

function applied(settings: FreteSettingsInput, request: Partial<QuoteRequest>, pick: string, charged?: Offer) {
  const parsed = freteSettingsSchema.parse({ origin_cep: "01310100", ...settings })
  const full = { destinationCep: "20040002", items: [item("CANECA", 45)], ...request }
  return appliedSettings(full, buildFreightQuery(full, parsed, UNITS), parsed, pick, charged)
}

describe("appliedSettings", () => {
  it("lists only the option's pick when no setting changed the quote", () => {
    expect(applied({}, {}, "cheapest", offer("correios-pac", "Correios - PAC"))).toEqual([
      { setting: "option_pick", pick: "cheapest", service: "correios-pac" },
    ])
  })

  it("names the slowest items' handling days before the extra days, the extra price and the free-freight rule", () => {
    const settings: FreteSettingsInput = {
      extra_days: 1,
      extra_price: { type: "fixed", value: 5 },
      free_freight_rules: [
        { min_subtotal: 500, states: ["RJ"] },
        { min_subtotal: 100, cep_ranges: [{ from: "20000000", to: "20999999" }] },
      ],
    }
    const items = [item("CANECA", 45, "2"), item("QUADRO", 80, "4"), item("POSTER", 30, "4")]
    expect(applied(settings, { items }, "correios-sedex")).toEqual([
      { setting: "handling_days", days: 4, skus: ["QUADRO", "POSTER"], metadata_key: "frete_handling_days" },
      { setting: "extra_days", days: 1 },
      { setting: "extra_price", type: "fixed", value: 5, amount: 5 },
      {
        setting: "free_freight_rule",
        index: 1,
        min_subtotal: 100,
        states: [],
        cep_ranges: [{ from: "20000000", to: "20999999" }],
      },
      { setting: "option_pick", pick: "correios-sedex", service: null },
    ])
  })

  it("says what a percent extra price came to for the cart's subtotal", () => {
    const settings: FreteSettingsInput = { extra_price: { type: "percent", value: 7.5 } }
    expect(applied(settings, { items: [item("CANECA", 45), item("QUADRO", 80)] }, "fastest")[0]).toEqual({
      setting: "extra_price",
      type: "percent",
      value: 7.5,
      amount: 9.38,
    })
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
    expect(applied(settings, {}, "fastest", offer("correios-sedex", "SEDEX"))).toEqual([
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
    expect(applied(settings, {}, "cheapest", offer("jadlog-package", "Jadlog - .Package (leilão)"))).toEqual([
      { setting: "option_pick", pick: "cheapest", service: "jadlog-package" },
    ])
  })
})
