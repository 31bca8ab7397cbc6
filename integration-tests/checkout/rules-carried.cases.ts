// The 0.x settings (extra days, extra price, free-freight rules) carried over into rules: a row stored under the old
// schema, read again as a new process reads it, and a POST of the old fields. Either way checkout must price as 0.x
// did: the sandbox itself, asked with the old wire fields (prazo_adicional, preco_adicional, fretegratis), is the
// oracle.
import type { FreteTestContext } from "../helpers/frete-runner"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import {
  BELO_HORIZONTE,
  RIO,
  atCheckout,
  cartOf,
  expectedAtCheckout,
  sandboxQuotes,
  saveRules,
  subtotalOf,
  type Address,
  type Line,
  type RulesStore,
} from "./rules-store"

/** A rule as GET /admin/frete/settings answers it: every scope field given. */
const SCOPE = {
  services: [],
  states: [],
  cep_ranges: [],
  min_subtotal: null,
  max_subtotal: null,
  min_weight_kg: null,
  max_weight_kg: null,
  product_ids: [],
  shipping_profile_ids: [],
}
const EXTRA_PRICE_PERCENT = {
  name: "Preço adicional",
  enabled: true,
  scope: SCOPE,
  action: { type: "subtotal_percent", value: 10 },
  carried_from: "extra_price",
}
const EXTRA_DAYS = (value: number) => ({
  name: "Prazo adicional",
  enabled: true,
  scope: SCOPE,
  action: { type: "days", value },
  carried_from: "extra_days",
})
const FREE_FREIGHT = {
  name: "Frete grátis 1",
  enabled: true,
  scope: { ...SCOPE, states: ["RJ", "SP"], min_subtotal: 200 },
  action: { type: "free_cheapest" },
  carried_from: "free_freight_rules",
}
/** The 0.x settings of the cases: 2 days, 10% of the subtotal, free freight from R$ 200 to RJ and SP. */
const OLD_FIELDS = {
  extra_days: 2,
  extra_price: { type: "percent", value: 10 },
  free_freight_rules: [{ min_subtotal: 200, states: ["RJ", "SP"], cep_ranges: [] }],
}

export function rulesCarriedCases({ api, getContainer, dbConnection }: FreteTestContext, rules: () => RulesStore) {
  const shirts = (quantity: number): Line[] => [{ product: rules().shirt, quantity }]
  const settingsNow = async () =>
    (await api.get("/admin/frete/settings", rules().store.admin)).data.settings as Record<string, unknown>
  const storedRow = async () =>
    (await dbConnection.raw(`select settings from frete_settings`)).rows[0].settings as Record<string, unknown>

  /** A row as 0.x stored it (no rules, no max_options, no option_order), read again as a new process reads it. */
  async function storeOldRow(old: Record<string, unknown>) {
    const { rules: _rules, max_options: _most, option_order: _order, ...rest } = await storedRow()
    await dbConnection.raw(`update frete_settings set settings = ?::jsonb`, [JSON.stringify({ ...rest, ...old })])
    getContainer().resolve<FreteModuleService>(FRETE_MODULE).forgetInProcessState()
  }

  /** Each cart as checkout prices it, and as the sandbox priced it for 0.x, which sent the settings on the wire. */
  async function againstOldWire(
    carts: Array<{ lines: Line[]; address: Address; free: boolean }>,
    wire: { prazo_adicional: number; percent?: number; fixed?: number }
  ) {
    const rows = []
    for (const { lines, address, free } of carts) {
      const { shown } = await atCheckout(api, rules(), await cartOf(api, rules(), lines, address))
      const extra = wire.fixed ?? Math.round(subtotalOf(lines) * (wire.percent ?? 0)) / 100
      const old = sandboxQuotes(address.postal_code, lines, {
        prazo_adicional: wire.prazo_adicional,
        preco_adicional: extra,
        ...(free && { fretegratis: true }),
      })
      rows.push({ shown, expected: expectedAtCheckout(old) })
    }
    for (const { shown, expected } of rows) expect(shown).toEqual(expected)
  }

  const THREE_CARTS = () => [
    { lines: shirts(2), address: RIO, free: true },
    { lines: shirts(2), address: BELO_HORIZONTE, free: false },
    { lines: shirts(1), address: RIO, free: false },
  ]

  it("reads a row saved under the 0.x schema as rules, and prices carts exactly as 0.x did", async () => {
    await storeOldRow(OLD_FIELDS)
    const settings = await settingsNow()
    expect(settings.rules).toEqual([EXTRA_PRICE_PERCENT, EXTRA_DAYS(2), FREE_FREIGHT])
    for (const old of ["extra_days", "extra_price", "free_freight_rules"]) expect(settings).not.toHaveProperty(old)
    // R$ 240 to Rio: 24 on, 2 days on, the cheapest free; to Belo Horizonte, not free; R$ 120 to Rio, 12 on.
    await againstOldWire(THREE_CARTS(), { prazo_adicional: 2, percent: 10 })

    // The next save stores the rules, and no 0.x field.
    await api.post("/admin/frete/settings", { max_options: null }, rules().store.admin)
    const stored = await storedRow()
    expect(stored.rules).toEqual(settings.rules)
    for (const old of ["extra_days", "extra_price", "free_freight_rules"]) expect(stored).not.toHaveProperty(old)
  })

  it("reads a 0.x fixed extra price as reais on, and the 0.x defaults as no rule", async () => {
    await storeOldRow({ extra_days: 0, extra_price: { type: "fixed", value: 7.5 }, free_freight_rules: [] })
    expect((await settingsNow()).rules).toEqual([{ ...EXTRA_PRICE_PERCENT, action: { type: "amount", value: 7.5 } }])
    await againstOldWire(
      [
        { lines: shirts(2), address: RIO, free: false },
        { lines: shirts(1), address: BELO_HORIZONTE, free: false },
      ],
      { prazo_adicional: 0, fixed: 7.5 }
    )

    await storeOldRow({ extra_days: 0, extra_price: { type: "fixed", value: 0 }, free_freight_rules: [] })
    expect((await settingsNow()).rules).toEqual([])
  })

  it("carries a POST of the 0.x fields over the same way, once, beside the merchant's own rules", async () => {
    const north = {
      name: "Norte",
      enabled: true,
      scope: { ...SCOPE, states: ["AM", "PA"] },
      action: { type: "amount", value: 15 },
      carried_from: null,
    }
    await saveRules(api, rules(), [{ name: "Norte", scope: { states: ["AM", "PA"] }, action: north.action as never }])
    const post = async (body: Record<string, unknown>) =>
      (await api.post("/admin/frete/settings", body, rules().store.admin)).data.settings.rules

    expect(await post(OLD_FIELDS)).toEqual([EXTRA_PRICE_PERCENT, EXTRA_DAYS(2), north, FREE_FREIGHT])
    await againstOldWire(THREE_CARTS(), { prazo_adicional: 2, percent: 10 })
    // Posted again, the same rules: each 0.x field replaces its own.
    expect(await post(OLD_FIELDS)).toEqual([EXTRA_PRICE_PERCENT, EXTRA_DAYS(2), north, FREE_FREIGHT])
    expect(await post({ extra_days: 2 })).toEqual([EXTRA_PRICE_PERCENT, EXTRA_DAYS(2), north, FREE_FREIGHT])
    // Where the merchant moved them, the carried rules stay: a re-POST replaces each in its place.
    const moved = [FREE_FREIGHT, north, EXTRA_DAYS(2), EXTRA_PRICE_PERCENT]
    expect(await post({ rules: moved })).toEqual(moved)
    expect(await post({ extra_days: 5 })).toEqual([FREE_FREIGHT, north, EXTRA_DAYS(5), EXTRA_PRICE_PERCENT])
    const twoFree = [
      { min_subtotal: 200, states: ["RJ", "SP"] },
      { min_subtotal: 300, states: [], cep_ranges: [{ from: "69000-000", to: "69099-999" }] },
    ]
    const manaus = {
      ...FREE_FREIGHT,
      name: "Frete grátis 2",
      scope: { ...SCOPE, cep_ranges: [{ from: "69000000", to: "69099999" }], min_subtotal: 300 },
    }
    const fixed = { ...EXTRA_PRICE_PERCENT, action: { type: "amount", value: 3 } }
    expect(await post({ free_freight_rules: twoFree, extra_price: { type: "fixed", value: 3 } })).toEqual([
      FREE_FREIGHT,
      manaus,
      north,
      EXTRA_DAYS(5),
      fixed,
    ])
    // A zero, or an empty list, takes the carried rule away and leaves the merchant's.
    expect(await post({ extra_days: 0, extra_price: { type: "fixed", value: 0 }, free_freight_rules: [] })).toEqual([
      north,
    ])
  })
}
