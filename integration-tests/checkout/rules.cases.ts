// Rules by region on a real store: each action priced through Medusa's `calculate` for a cart, against the same cart
// with no rules and against the sandbox's own prices (its pricing function, run here as the oracle); the rules in
// order; what the freight API no longer receives. The scopes, the order and number of options, the settings carried
// over from 0.x, the free-freight nudge and the hidden service are in the files beside this one.
import type { FreteCases } from "../helpers/frete-runner"
import { createProduct } from "../../scripts/lib/store-api"
import { rulesCarriedCases } from "./rules-carried.cases"
import { rulesHiddenCases } from "./rules-hidden.cases"
import { rulesNudgeCases } from "./rules-nudge.cases"
import { rulesScopesCases } from "./rules-scopes.cases"
import {
  MANAUS,
  RIO,
  SERVICES,
  atCheckout,
  cartOf,
  changed,
  expectedAtCheckout,
  rulesStore,
  sandboxQuotes,
  saveRules,
  subtotalOf,
  type Address,
  type Line,
  type Quote,
  type Quotes,
  type RuleInput,
} from "./rules-store"

type WireQuery = Record<string, unknown>

const free = (quote: Quote) => ({ ...quote, cents: 0 })
const plus = (centavos: number) => (quote: Quote) => ({ ...quote, cents: quote.cents + centavos })
/** The quotes with the cheapest of `services` (then the fastest) at zero. */
const cheapestFreed = (quotes: Quotes, services: readonly string[] = SERVICES): Quotes => {
  const [cheapest] = Object.entries(quotes)
    .filter(([service]) => services.includes(service))
    .sort(([, a], [, b]) => a.cents - b.cents || (a.days ?? Infinity) - (b.days ?? Infinity))
  return changed(quotes, free, [cheapest[0]])
}

export const rulesCases: FreteCases = (context) => {
  const { api, sandbox } = context
  const rules = rulesStore(context)

  const twoShirts = (): Line[] => [{ product: rules().shirt, quantity: 2 }]
  const freightQueries = () =>
    sandbox()
      .calls({ service: "freight" })
      .map((call) => call.body as WireQuery)

  /** A cart priced with no rules (as the sandbox prices it), and a function that prices it again under rules. */
  async function pricedCart(lines = twoShirts(), address: Address = RIO) {
    const cartId = await cartOf(api, rules(), lines, address)
    const quotes = sandboxQuotes(address.postal_code, lines)
    const before = await atCheckout(api, rules(), cartId)
    expect(before.shown).toEqual(expectedAtCheckout(quotes))
    const under = async (list: RuleInput[]) => {
      await saveRules(api, rules(), list)
      return atCheckout(api, rules(), cartId)
    }
    return { quotes, before, under }
  }

  it("free: every service in scope costs nothing, and the cheapest of equal prices is the fastest", async () => {
    const { quotes, under } = await pricedCart()
    const { shown } = await under([{ action: { type: "free" } }])
    expect(shown).toEqual(expectedAtCheckout(changed(quotes, free)))
    expect(shown.cheapest).toEqual({ service: "azul-amanha", amount: 0, days: 1 })
  })

  it("free_cheapest: the cheapest service in scope costs nothing, the others keep their price", async () => {
    const { quotes, under } = await pricedCart()
    const scope = { services: ["correios-pac", "correios-sedex"] }
    const { shown } = await under([{ scope, action: { type: "free_cheapest" } }])
    expect(shown).toEqual(expectedAtCheckout(changed(quotes, free, ["correios-pac"])))
    expect(shown["jadlog-package"]).toMatchObject({ amount: (quotes["jadlog-package"] as Quote).cents / 100 })
    expect(shown.cheapest).toMatchObject({ service: "correios-pac", amount: 0 })
  })

  it("percent: a share of each service's price off (-10) and on (+15), to the centavo", async () => {
    const { quotes, under } = await pricedCart()
    const times = (percent: number) => (quote: Quote) => ({
      ...quote,
      cents: Math.round((quote.cents * (100 + percent)) / 100),
    })
    expect((await under([{ action: { type: "percent", value: -10 } }])).shown).toEqual(
      expectedAtCheckout(changed(quotes, times(-10)))
    )
    expect((await under([{ action: { type: "percent", value: 15 } }])).shown).toEqual(
      expectedAtCheckout(changed(quotes, times(15)))
    )
  })

  it("amount: reais off and on each service's price, never below zero", async () => {
    const { quotes, under } = await pricedCart()
    expect((await under([{ action: { type: "amount", value: -5 } }])).shown).toEqual(
      expectedAtCheckout(changed(quotes, plus(-500)))
    )
    expect((await under([{ action: { type: "amount", value: 7.5 } }])).shown).toEqual(
      expectedAtCheckout(changed(quotes, plus(750)))
    )
    const { shown } = await under([{ action: { type: "amount", value: -1000 } }])
    expect(shown).toEqual(expectedAtCheckout(changed(quotes, free)))
  })

  it("subtotal_percent: a share of the cart's subtotal added to every service", async () => {
    const { quotes, under } = await pricedCart()
    const { shown } = await under([{ action: { type: "subtotal_percent", value: 5 } }])
    // 5% of R$ 240,00.
    expect(Math.round(subtotalOf(twoShirts()) * 5)).toBe(1200)
    expect(shown).toEqual(expectedAtCheckout(changed(quotes, plus(1200))))
  })

  it("price: a fixed price for the services in scope", async () => {
    const { quotes, under } = await pricedCart()
    const { shown } = await under([
      { scope: { services: ["correios-sedex", "azul-amanha"] }, action: { type: "price", value: 19.9 } },
    ])
    const fixed = (quote: Quote) => ({ ...quote, cents: 1990 })
    expect(shown).toEqual(expectedAtCheckout(changed(quotes, fixed, ["correios-sedex", "azul-amanha"])))
    expect(shown.cheapest).toEqual({ service: "azul-amanha", amount: 19.9, days: 1 })
  })

  it("hide: a service in scope is not offered, and the fastest option moves to the next", async () => {
    const { quotes, under } = await pricedCart()
    const { shown } = await under([{ scope: { services: ["azul-amanha"] }, action: { type: "hide" } }])
    expect(shown).toEqual(expectedAtCheckout(changed(quotes, () => null, ["azul-amanha"])))
    expect(shown["azul-amanha"]).toBe("option_unavailable")
    expect(shown.fastest).toMatchObject({ service: "correios-sedex" })
  })

  it("days: the deadline and the delivery estimate move; a deadline the service does not know stays unknown", async () => {
    const { quotes, before, under } = await pricedCart(twoShirts(), MANAUS)
    const after = await under([{ action: { type: "days", value: 3 } }])
    const later = (quote: Quote) => ({ ...quote, days: quote.days === null ? null : quote.days + 3 })
    expect(after.shown).toEqual(expectedAtCheckout(changed(quotes, later)))
    expect(after.estimates["azul-amanha"]).toBeNull()
    for (const service of SERVICES.filter((candidate) => candidate !== "azul-amanha")) {
      expect([service, (after.estimates[service] as string) > (before.estimates[service] as string)]).toEqual([
        service,
        true,
      ])
    }
  })

  it("a disabled rule does nothing", async () => {
    const { before, under } = await pricedCart()
    const after = await under([{ enabled: false, action: { type: "free" } }])
    expect(after).toEqual(before)
  })

  it("applies the rules in order: R$ 10 on then 50% off is not 50% off then R$ 10 on", async () => {
    const { quotes, under } = await pricedCart()
    const tenOn: RuleInput = { action: { type: "amount", value: 10 } }
    const halfOff: RuleInput = { action: { type: "percent", value: -50 } }
    const half = (quote: Quote) => ({ ...quote, cents: Math.round(quote.cents / 2) })
    const onThenOff = (await under([tenOn, halfOff])).shown
    const offThenOn = (await under([halfOff, tenOn])).shown
    expect(onThenOff).toEqual(expectedAtCheckout(changed(changed(quotes, plus(1000)), half)))
    expect(offThenOn).toEqual(expectedAtCheckout(changed(changed(quotes, half), plus(1000))))
    expect(onThenOff).not.toEqual(offThenOn)
  })

  it("sends the freight API neither preco_adicional nor fretegratis; prazo_adicional is the items' handling days", async () => {
    const store = rules().store
    const made = await createProduct(api, store, { ...rules().shirt.input, title: "Quadro", sku: "QUADRO" })
    await api.post(`/admin/products/${made.productId}`, { metadata: { frete_handling_days: "3" } }, store.admin)
    const frame = { input: { ...rules().shirt.input, sku: "QUADRO" }, ...made }
    await saveRules(api, rules(), [
      { action: { type: "amount", value: 5 } },
      { action: { type: "subtotal_percent", value: 10 } },
      { action: { type: "free_cheapest" } },
      { action: { type: "days", value: 2 } },
    ])
    const lines: Line[] = [
      { product: frame, quantity: 1 },
      { product: rules().shirt, quantity: 1 },
    ]
    const { shown } = await atCheckout(api, rules(), await cartOf(api, rules(), lines))
    const answered = sandboxQuotes(RIO.postal_code, lines, { prazo_adicional: 3 })
    // R$ 5 on, then 10% of R$ 240,00 on, then the cheapest free, then 2 days more.
    const priced = cheapestFreed(changed(changed(answered, plus(500)), plus(2400)))
    const later = (quote: Quote) => ({ ...quote, days: quote.days === null ? null : quote.days + 2 })
    expect(shown).toEqual(expectedAtCheckout(changed(priced, later)))

    // No handling days: no prazo_adicional. The 0.x settings saved again change nothing on the wire.
    await cartOf(api, rules(), twoShirts()).then((cartId) => atCheckout(api, rules(), cartId))
    await api.post(
      "/admin/frete/settings",
      {
        extra_days: 4,
        extra_price: { type: "fixed", value: 5 },
        free_freight_rules: [{ min_subtotal: 10, states: ["RJ"] }],
      },
      store.admin
    )
    await cartOf(api, rules(), [{ product: rules().mug, quantity: 2 }]).then((cartId) =>
      atCheckout(api, rules(), cartId)
    )
    const queries = freightQueries()
    expect(queries.map((query) => query.prazo_adicional)).toEqual(["3", undefined, undefined])
    for (const query of queries) {
      expect(query).not.toHaveProperty("preco_adicional")
      expect(query).not.toHaveProperty("fretegratis")
    }
  })

  describe("scopes", () => rulesScopesCases(context, rules))
  describe("carried over", () => rulesCarriedCases(context, rules))
  describe("nudge", () => rulesNudgeCases(context, rules))
  describe("hidden service", () => rulesHiddenCases(context, rules))
}
