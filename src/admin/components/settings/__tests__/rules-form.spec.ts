import { freteSettingsSchema } from "../../../../lib/settings/schema"
import { ruleSchema } from "../../../../lib/settings/rules"
import { emptyRule, ruleFrom, rulePatch, serviceChoices, storeWideFrom, storeWidePatch } from "../rules-form"

const SAVED = [
  {
    name: "Sul mais caro",
    scope: {
      services: ["correios-pac", "correios-sedex"],
      states: ["RS", "SC"],
      cep_ranges: [{ from: "80000000", to: "87999999" }],
      min_subtotal: 1234.5,
      max_weight_kg: 10.5,
      product_ids: ["prod_1"],
      shipping_profile_ids: ["sp_1"],
    },
    action: { type: "percent", value: -12.5 },
  },
  { name: "", enabled: false, scope: {}, action: { type: "amount", value: -5 }, carried_from: "extra_price" },
  { name: "Sem PAC", scope: { min_weight_kg: 10 }, action: { type: "hide" } },
].map((rule) => ruleSchema.parse(rule))

describe("the rules editor's form", () => {
  it("posts back every saved rule as the server saved it", () => {
    for (const rule of SAVED) expect(ruleSchema.parse(rulePatch(ruleFrom(rule)))).toEqual(rule)
  })

  it("shows reais, decimals and CEPs as the merchant types them", () => {
    expect(ruleFrom(SAVED[0])).toMatchObject({
      type: "percent",
      value: "-12,5",
      states: "RS, SC",
      cep_ranges: [{ from: "80000-000", to: "87999-999" }],
      min_subtotal: "1.234,50",
      max_subtotal: "",
      max_weight_kg: "10,5",
    })
    expect(ruleFrom(SAVED[1])).toMatchObject({ type: "amount", value: "-5,00", enabled: false })
    expect(ruleFrom(SAVED[2])).toMatchObject({ type: "hide", value: "", min_weight_kg: "10" })
  })

  it("posts a blank bound as no bound, and a value that is not a number as typed, which the server names", () => {
    const typed = { ...emptyRule(), type: "days" as const, value: "dois", states: "sp rj", min_weight_kg: "abc" }
    const patch = rulePatch(typed)
    expect(patch.action).toEqual({ type: "days", value: "dois" })
    expect(patch.scope).toMatchObject({ states: ["SP", "RJ"], min_subtotal: null, min_weight_kg: "abc" })
    const refused = ruleSchema.safeParse(patch)
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["scope.min_weight_kg", "informe um número"],
      ["action.value", "informe um número de dias"],
    ])
  })

  it("sends no value for an action that takes none, whatever was typed before the type changed", () => {
    expect(rulePatch({ ...emptyRule(), type: "free_cheapest", value: "10" }).action).toEqual({ type: "free_cheapest" })
  })

  it("offers the services section's services by their name at checkout, then the fallback table's others", () => {
    const settings = freteSettingsSchema.parse({
      services: [
        { metaname: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX" },
        { metaname: "jadlog-package", name: "Jadlog - .Package" },
      ],
      fallback: [
        { service: "correios-sedex", name: "SEDEX", bands: [{ max_weight_kg: 30, price: 89.9, days: 4 }] },
        { service: "correios-pac", name: "PAC", bands: [{ max_weight_kg: 30, price: 69.9, days: 10 }] },
      ],
    })
    expect(serviceChoices(settings)).toEqual([
      { id: "correios-sedex", label: "SEDEX" },
      { id: "jadlog-package", label: "Jadlog - .Package" },
      { id: "correios-pac", label: "PAC" },
    ])
  })

  it("posts a blank most options as all of them", () => {
    const settings = freteSettingsSchema.parse({ max_options: 3, option_order: "price" })
    expect(storeWideFrom(settings)).toEqual({
      handling_days_metadata_key: "frete_handling_days",
      max_options: "3",
      option_order: "price",
    })
    const all = storeWidePatch({ ...storeWideFrom(settings), max_options: " " })
    expect(freteSettingsSchema.parse(all)).toMatchObject({ max_options: null, option_order: "price" })
  })
})
