import { DEFAULT_SETTINGS, freteSettingsSchema, repairSettings } from "../schema"

/** Settings as a merchant would have saved them: every field away from its default. */
const saved = freteSettingsSchema.parse({
  freight_url: "https://frete.example",
  origin_cep: "01310-100",
  rules: [{ name: "SP grátis", scope: { states: ["SP"], min_subtotal: 300 }, action: { type: "free_cheapest" } }],
  max_options: 3,
  services: [{ metaname: "pac", name: "PAC" }],
  default_package: { weight_kg: 1, length_cm: 30, width_cm: 20, height_cm: 10 },
  fallback: [{ service: "pac", name: "PAC", bands: [{ max_weight_kg: 5, price: 25, days: 6 }] }],
  tracking: {
    company_document: "11.222.333/0001-81",
    payload_retention_days: 60,
    carriers: [{ service: "pac", carrier_id: "c-1" }],
  },
})

/** The stored JSON with one path set to `value`, as an UPDATE ... jsonb_set would leave it. */
function storedWith(path: string[], value: unknown): Record<string, unknown> {
  const row = JSON.parse(JSON.stringify(saved)) as Record<string, unknown>
  let target = row
  for (const key of path.slice(0, -1)) target = target[key] as Record<string, unknown>
  target[path[path.length - 1]] = value
  return row
}

describe("repairSettings: stored settings read field by field", () => {
  it("takes valid settings as they are, repairing nothing", () => {
    expect(repairSettings(JSON.parse(JSON.stringify(saved)))).toEqual({ settings: saved, repaired: [] })
  })

  it("puts back the default of a field that no longer passes, and keeps every other field", () => {
    expect(repairSettings(storedWith(["max_options"], "abc"))).toEqual({
      settings: { ...saved, max_options: null },
      repaired: ["max_options"],
    })
  })

  it("repairs a nested field alone: the rest of its object stays", () => {
    expect(repairSettings(storedWith(["tracking", "payload_retention_days"], 0))).toEqual({
      settings: { ...saved, tracking: { ...saved.tracking, payload_retention_days: 90 } },
      repaired: ["tracking.payload_retention_days"],
    })
  })

  it("puts back the whole object when a field it requires fails (it has no default of its own)", () => {
    expect(repairSettings(storedWith(["default_package", "weight_kg"], -1))).toEqual({
      settings: { ...saved, default_package: DEFAULT_SETTINGS.default_package },
      repaired: ["default_package"],
    })
  })

  it("puts back the whole list when one of its items fails, never dropping the item alone", () => {
    const stored = storedWith(
      ["fallback"],
      [{ service: "pac", name: "PAC", bands: [{ max_weight_kg: 5, price: -1, days: 6 }] }]
    )
    expect(repairSettings(stored)).toEqual({ settings: { ...saved, fallback: [] }, repaired: ["fallback"] })
  })

  it("repairs several fields at once, naming each", () => {
    const stored = {
      ...storedWith(["max_options"], "abc"),
      origin_cep: 42,
      tracking: { ...saved.tracking, send_sms: "sim" },
    }
    expect(repairSettings(stored)).toEqual({
      settings: { ...saved, max_options: null, origin_cep: null, tracking: { ...saved.tracking, send_sms: true } },
      repaired: ["max_options", "origin_cep", "tracking.send_sms"],
    })
  })

  it("puts back a nested object stored as another kind of value", () => {
    expect(repairSettings(storedWith(["tracking"], "x"))).toEqual({
      settings: { ...saved, tracking: DEFAULT_SETTINGS.tracking },
      repaired: ["tracking"],
    })
  })

  it("gives the defaults, named as the whole settings, for a row that holds no object", () => {
    expect(repairSettings("nope")).toEqual({ settings: DEFAULT_SETTINGS, repaired: ["settings"] })
    expect(repairSettings(null)).toEqual({ settings: DEFAULT_SETTINGS, repaired: ["settings"] })
  })

  it("leaves the stored object as it was", () => {
    const stored = storedWith(["max_options"], "abc")
    const before = JSON.stringify(stored)
    repairSettings(stored)
    expect(JSON.stringify(stored)).toBe(before)
  })

  it("reads a row stored under the 0.x schema as rules: its extra price and days first, its free freight last", () => {
    const stored = {
      origin_cep: "01310100",
      extra_days: 2,
      extra_price: { type: "percent", value: 5 },
      free_freight_rules: [{ min_subtotal: 300, states: ["SP"], cep_ranges: [] }],
    }
    const rule = {
      enabled: true,
      scope: freteSettingsSchema.parse({ rules: [{ action: { type: "hide" } }] }).rules[0].scope,
    }
    expect(repairSettings(stored)).toEqual({
      settings: {
        ...DEFAULT_SETTINGS,
        origin_cep: "01310100",
        rules: [
          {
            ...rule,
            name: "Preço adicional",
            action: { type: "subtotal_percent", value: 5 },
            carried_from: "extra_price",
          },
          { ...rule, name: "Prazo adicional", action: { type: "days", value: 2 }, carried_from: "extra_days" },
          {
            ...rule,
            name: "Frete grátis 1",
            scope: { ...rule.scope, states: ["SP"], min_subtotal: 300 },
            action: { type: "free_cheapest" },
            carried_from: "free_freight_rules",
          },
        ],
      },
      repaired: [],
    })
  })

  it("drops a 0.x setting that no longer passes, and carries the others over", () => {
    const { settings, repaired } = repairSettings({ extra_days: -1, extra_price: { type: "fixed", value: 4 } })
    expect(repaired).toEqual(["extra_days"])
    expect(settings.rules.map((rule) => [rule.carried_from, rule.action])).toEqual([
      ["extra_price", { type: "amount", value: 4 }],
    ])
  })
})
