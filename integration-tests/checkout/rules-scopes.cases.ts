// What a rule's scope reaches, each field alone, read from checkout's prices: a rule of R$ 10 on, and each parcel (the
// cart's items of one shipping profile: Medusa prices an option for its profile's items alone) priced either as the
// sandbox answers it plus R$ 10 (reached) or as it answers it (not). Then the store's order and number of options on
// the product page's route, after the rules.
import { isDeepStrictEqual } from "node:util"
import type { FreteTestContext } from "../helpers/frete-runner"
import {
  BELO_HORIZONTE,
  RIO,
  SALVADOR,
  SERVICES,
  atCheckout,
  cartOf,
  changed,
  expectedAtCheckout,
  fragileVase,
  priceOption,
  sandboxQuotes,
  saveRules,
  type Address,
  type Line,
  type Quote,
  type Quotes,
  type RulesStore,
} from "./rules-store"

type Cart = { label: string; lines: Line[]; address?: Address }
type RouteQuote = { option_id: string; service: string; amount: number; days: number | null }
type Fragile = Awaited<ReturnType<typeof fragileVase>>

const tenOn = (quote: Quote) => ({ ...quote, cents: quote.cents + 1000 })
const daysOrLast = (quote: Quote) => quote.days ?? Number.MAX_SAFE_INTEGER
const verdict = <T>(shown: T, reached: T, untouched: T) =>
  isDeepStrictEqual(shown, reached) ? true : isDeepStrictEqual(shown, untouched) ? false : shown

export function rulesScopesCases({ api }: FreteTestContext, rules: () => RulesStore) {
  const shirts = (quantity: number): Line => ({ product: rules().shirt, quantity })
  const mugs = (quantity: number): Line => ({ product: rules().mug, quantity })

  /**
   * Each cart priced at checkout under R$ 10 on with this scope, parcel by parcel (Medusa gives an option the items of
   * its own profile): `reached` for the store's options, `vases` for the fragile profile's PAC option; true, false, or
   * what else checkout showed.
   */
  async function reachedBy(scope: Record<string, unknown>, carts: Cart[], fragile?: Fragile) {
    await saveRules(api, rules(), [{ scope, action: { type: "amount", value: 10 } }])
    const rows = []
    for (const { label, lines, address = RIO } of carts) {
      const vases = lines.filter((line) => line.product === fragile?.vase)
      const parcel = lines.filter((line) => !vases.includes(line))
      const cartId = await cartOf(api, rules(), lines, address)
      const row: Record<string, unknown> = { label }
      if (parcel.length) {
        const quotes = sandboxQuotes(address.postal_code, parcel)
        const { shown } = await atCheckout(api, rules(), cartId)
        row.reached = verdict(shown, expectedAtCheckout(changed(quotes, tenOn)), expectedAtCheckout(quotes))
      }
      if (fragile && vases.length) {
        const pac = sandboxQuotes(address.postal_code, vases)["correios-pac"] as Quote
        const shown = await priceOption(api, rules(), fragile.optionId, cartId)
        const priced = (quote: Quote) => ({ service: "correios-pac", amount: quote.cents / 100, days: quote.days })
        row.vases = verdict(shown, priced(tenOn(pac)), priced(pac))
      }
      rows.push(row)
    }
    return rows
  }

  it("services: only the services named", async () => {
    const lines = [shirts(2)]
    await saveRules(api, rules(), [{ scope: { services: ["correios-pac"] }, action: { type: "amount", value: 10 } }])
    const { shown } = await atCheckout(api, rules(), await cartOf(api, rules(), lines))
    expect(shown).toEqual(expectedAtCheckout(changed(sandboxQuotes(RIO.postal_code, lines), tenOn, ["correios-pac"])))
  })

  it("states: the state of the CEP, not the one the address names", async () => {
    expect(
      await reachedBy({ states: ["RJ", "BA"] }, [
        { label: "Rio de Janeiro", lines: [shirts(1)] },
        { label: "Salvador", lines: [shirts(1)], address: SALVADOR },
        { label: "Belo Horizonte", lines: [shirts(1)], address: BELO_HORIZONTE },
        {
          label: "a CEP of Minas Gerais, the province RJ",
          lines: [shirts(1)],
          address: { ...BELO_HORIZONTE, province: "RJ" },
        },
      ])
    ).toEqual([
      { label: "Rio de Janeiro", reached: true },
      { label: "Salvador", reached: true },
      { label: "Belo Horizonte", reached: false },
      { label: "a CEP of Minas Gerais, the province RJ", reached: false },
    ])
  })

  it("cep_ranges: both bounds inclusive", async () => {
    const at = (postal_code: string) => ({ ...RIO, postal_code })
    const carts = ["20040-001", "20040-002", "20040-010", "20040-011"].map((cep) => ({
      label: cep,
      lines: [shirts(1)],
      address: at(cep),
    }))
    expect(await reachedBy({ cep_ranges: [{ from: "20040-002", to: "20040010" }] }, carts)).toEqual([
      { label: "20040-001", reached: false },
      { label: "20040-002", reached: true },
      { label: "20040-010", reached: true },
      { label: "20040-011", reached: false },
    ])
  })

  it("min_subtotal and max_subtotal: the parcel's subtotal, both bounds inclusive", async () => {
    expect(
      await reachedBy({ min_subtotal: 240, max_subtotal: 285 }, [
        { label: "R$ 210", lines: [shirts(1), mugs(2)] },
        { label: "R$ 240", lines: [shirts(2)] },
        { label: "R$ 285", lines: [shirts(2), mugs(1)] },
        { label: "R$ 330", lines: [shirts(2), mugs(2)] },
      ])
    ).toEqual([
      { label: "R$ 210", reached: false },
      { label: "R$ 240", reached: true },
      { label: "R$ 285", reached: true },
      { label: "R$ 330", reached: false },
    ])
  })

  it("min_weight_kg and max_weight_kg: the parcel's billable weight (a shirt weighs 0,4 kg cubed), bounds inclusive", async () => {
    expect(
      await reachedBy({ min_weight_kg: 0.8, max_weight_kg: 1.25 }, [
        { label: "0,4 kg", lines: [shirts(1)] },
        { label: "0,8 kg", lines: [shirts(2)] },
        { label: "1,25 kg", lines: [shirts(2), mugs(1)] },
        { label: "1,6 kg", lines: [shirts(4)] },
      ])
    ).toEqual([
      { label: "0,4 kg", reached: false },
      { label: "0,8 kg", reached: true },
      { label: "1,25 kg", reached: true },
      { label: "1,6 kg", reached: false },
    ])
  })

  it("product_ids: every item of the option's parcel is one of the products", async () => {
    const fragile = await fragileVase(api, rules())
    const vase = { product: fragile.vase, quantity: 1 }
    try {
      expect(
        await reachedBy(
          { product_ids: [rules().shirt.productId] },
          [
            { label: "shirts", lines: [shirts(2)] },
            { label: "shirts and a mug", lines: [shirts(2), mugs(1)] },
            { label: "mugs", lines: [mugs(2)] },
            { label: "a shirt and a vase", lines: [shirts(1), vase] },
          ],
          fragile
        )
      ).toEqual([
        { label: "shirts", reached: true },
        { label: "shirts and a mug", reached: false },
        { label: "mugs", reached: false },
        { label: "a shirt and a vase", reached: true, vases: false },
      ])
      const carts = [{ label: "a shirt and a vase", lines: [shirts(1), vase] }]
      expect(await reachedBy({ product_ids: [fragile.vase.productId] }, carts, fragile)).toEqual([
        { label: "a shirt and a vase", reached: false, vases: true },
      ])
    } finally {
      await fragile.remove()
    }
  })

  it("shipping_profile_ids: every item of the option's parcel is in one of the profiles", async () => {
    const { store } = rules()
    const fragile = await fragileVase(api, rules())
    const vase = { product: fragile.vase, quantity: 1 }
    const carts = [
      { label: "shirts", lines: [shirts(2)] },
      { label: "a shirt and a vase", lines: [shirts(1), vase] },
      { label: "a vase", lines: [vase] },
    ]
    try {
      expect(await reachedBy({ shipping_profile_ids: [store.shippingProfileId] }, carts, fragile)).toEqual([
        { label: "shirts", reached: true },
        { label: "a shirt and a vase", reached: true, vases: false },
        { label: "a vase", vases: false },
      ])
      expect(await reachedBy({ shipping_profile_ids: [fragile.profileId] }, carts, fragile)).toEqual([
        { label: "shirts", reached: false },
        { label: "a shirt and a vase", reached: false, vases: true },
        { label: "a vase", vases: true },
      ])
      expect(
        await reachedBy({ shipping_profile_ids: [store.shippingProfileId, fragile.profileId] }, carts, fragile)
      ).toEqual([
        { label: "shirts", reached: true },
        { label: "a shirt and a vase", reached: true, vases: true },
        { label: "a vase", vases: true },
      ])
    } finally {
      await fragile.remove()
    }
  })

  describe("max_options and option_order", () => {
    const routeQuotes = async () => {
      const body = { postal_code: RIO.postal_code, items: [{ variant_id: rules().shirt.variantId, quantity: 2 }] }
      const { data } = await api.post("/store/frete/quotes", body, rules().store.store)
      return (data.quotes as RouteQuote[]).map(({ service, amount, days }) => ({ service, amount, days }))
    }
    /** The quotes' services as rows of the route, in that order, the first `most`. */
    const rows = (quotes: Quotes, order: (a: Quote, b: Quote) => number, most: number = SERVICES.length) =>
      (Object.entries(quotes) as Array<[string, Quote]>)
        .sort(([, a], [, b]) => order(a, b))
        .slice(0, most)
        .map(([service, quote]) => ({ service, amount: quote.cents / 100, days: quote.days }))
    const byPrice = (a: Quote, b: Quote) => a.cents - b.cents || daysOrLast(a) - daysOrLast(b)
    const byDays = (a: Quote, b: Quote) => daysOrLast(a) - daysOrLast(b) || a.cents - b.cents

    it("orders the product page's options by price, days or the services' order, after the rules, and cuts them", async () => {
      // Jadlog, the cheapest of the sandbox, is R$ 10 dearer here: PAC is the cheapest.
      const ruled = changed(sandboxQuotes(RIO.postal_code, [shirts(2)]), tenOn, ["jadlog-package"])
      const jadlogOn = [{ scope: { services: ["jadlog-package"] }, action: { type: "amount" as const, value: 10 } }]
      await saveRules(api, rules(), jadlogOn, { option_order: "price", max_options: null })
      expect(await routeQuotes()).toEqual(rows(ruled, byPrice))
      expect((await routeQuotes())[0].service).toBe("correios-pac")
      await saveRules(api, rules(), jadlogOn, { option_order: "price", max_options: 2 })
      expect(await routeQuotes()).toEqual(rows(ruled, byPrice, 2))
      await saveRules(api, rules(), jadlogOn, { option_order: "days", max_options: 3 })
      expect(await routeQuotes()).toEqual(rows(ruled, byDays, 3))

      const order = ["azul-amanha", "correios-pac", "jadlog-package", "correios-sedex"]
      const services = order.map((metaname) => ({ metaname, name: metaname }))
      await saveRules(api, rules(), jadlogOn, { option_order: "services", max_options: null, services })
      expect((await routeQuotes()).map((quote) => quote.service)).toEqual(order)
    })

    it("offers at checkout only the options within max_options", async () => {
      const lines = [shirts(2)]
      await saveRules(api, rules(), [], { option_order: "price", max_options: 2 })
      const { shown } = await atCheckout(api, rules(), await cartOf(api, rules(), lines))
      const quotes = sandboxQuotes(RIO.postal_code, lines)
      const kept = rows(quotes, byPrice, 2).map((row) => row.service)
      expect(kept).toEqual(["jadlog-package", "correios-pac"])
      expect(shown).toEqual(expectedAtCheckout(changed(quotes, () => null, ["correios-sedex", "azul-amanha"])))
    })
  })
}
