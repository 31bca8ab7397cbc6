// A service hidden by a rule (Azul, the fastest, in Rio de Janeiro) is offered nowhere in the rule's scope: not at
// checkout (its option fails, the cheapest and the fastest pick others), not on the product page's route, not in a
// draft order the merchant prices in the admin. Outside the scope (Belo Horizonte) it is offered as the API prices it.
import type { FreteTestContext } from "../helpers/frete-runner"
import { SHOPPER_ADDRESS } from "../../scripts/lib/store-api"
import {
  BELO_HORIZONTE,
  RIO,
  atCheckout,
  cartOf,
  changed,
  expectedAtCheckout,
  sandboxQuotes,
  saveRules,
  type Address,
  type Line,
  type OptionKey,
  type Quote,
  type RulesStore,
} from "./rules-store"

type RouteQuote = { service: string; amount: number }
type Answer = { status: number; data: Record<string, unknown> }

export function rulesHiddenCases({ api }: FreteTestContext, rules: () => RulesStore) {
  const lines = (): Line[] => [{ product: rules().shirt, quantity: 2 }]
  const hideAzulInRio = () =>
    saveRules(api, rules(), [{ scope: { services: ["azul-amanha"], states: ["RJ"] }, action: { type: "hide" } }])

  const productPage = async (address: Address) => {
    const body = { postal_code: address.postal_code, items: [{ variant_id: rules().shirt.variantId, quantity: 2 }] }
    const { data } = await api.post("/store/frete/quotes", body, rules().store.store)
    return (data.quotes as RouteQuote[])
      .map(({ service, amount }) => ({ service, amount }))
      .sort((a, b) => a.service.localeCompare(b.service))
  }

  /** A draft order of two shirts to that address, its shipping method of the option added in the admin. */
  async function draftOrderMethod(address: Address, option: OptionKey): Promise<Answer> {
    const { store, options, shirt } = rules()
    const shopper = { ...SHOPPER_ADDRESS, ...address }
    const { data } = await api.post(
      "/admin/draft-orders",
      {
        email: "maria@example.com.br",
        region_id: store.regionId,
        sales_channel_id: store.salesChannelId,
        shipping_address: shopper,
        billing_address: shopper,
        items: [{ variant_id: shirt.variantId, quantity: 2 }],
      },
      store.admin
    )
    const id = data.draft_order.id as string
    await api.post(`/admin/draft-orders/${id}/edit`, {}, store.admin)
    return api
      .post(`/admin/draft-orders/${id}/edit/shipping-methods`, { shipping_option_id: options[option] }, store.admin)
      .catch((error: { response: Answer }) => error.response)
  }
  const methodAmount = (answer: Answer, option: OptionKey) => {
    const preview = answer.data.draft_order_preview as {
      shipping_methods: Array<{ shipping_option_id: string; amount: number }>
    }
    return preview.shipping_methods.find((method) => method.shipping_option_id === rules().options[option])?.amount
  }

  it("is not offered at checkout in the rule's scope; outside it, it is", async () => {
    await hideAzulInRio()
    const inRio = await atCheckout(api, rules(), await cartOf(api, rules(), lines(), RIO))
    const rio = sandboxQuotes(RIO.postal_code, lines())
    expect(inRio.shown).toEqual(expectedAtCheckout(changed(rio, () => null, ["azul-amanha"])))
    expect(inRio.shown).toMatchObject({
      "azul-amanha": "option_unavailable",
      cheapest: { service: "jadlog-package" },
      fastest: { service: "correios-sedex" },
    })

    const inBeloHorizonte = await atCheckout(api, rules(), await cartOf(api, rules(), lines(), BELO_HORIZONTE))
    expect(inBeloHorizonte.shown).toEqual(expectedAtCheckout(sandboxQuotes(BELO_HORIZONTE.postal_code, lines())))
    expect(inBeloHorizonte.shown.fastest).toMatchObject({ service: "azul-amanha" })
  })

  it("is absent from the product page's quotes in the rule's scope; outside it, present", async () => {
    await hideAzulInRio()
    const rows = (quotes: Partial<Record<string, Quote>>) =>
      Object.entries(quotes)
        .map(([service, quote]) => ({ service, amount: (quote as Quote).cents / 100 }))
        .sort((a, b) => a.service.localeCompare(b.service))
    const rio = sandboxQuotes(RIO.postal_code, lines())
    expect(await productPage(RIO)).toEqual(rows(changed(rio, () => null, ["azul-amanha"])))
    expect(await productPage(BELO_HORIZONTE)).toEqual(rows(sandboxQuotes(BELO_HORIZONTE.postal_code, lines())))
  })

  it("is refused for a draft order in the rule's scope, whose fastest option is then SEDEX; outside it, priced", async () => {
    await hideAzulInRio()
    const rio = sandboxQuotes(RIO.postal_code, lines())
    const refused = await draftOrderMethod(RIO, "azul-amanha")
    expect([refused.status, refused.data.code]).toEqual([400, "option_unavailable"])
    const fastest = await draftOrderMethod(RIO, "fastest")
    expect(fastest.status).toBe(200)
    expect(methodAmount(fastest, "fastest")).toBe((rio["correios-sedex"] as Quote).cents / 100)

    const elsewhere = await draftOrderMethod(BELO_HORIZONTE, "azul-amanha")
    expect(elsewhere.status).toBe(200)
    const beloHorizonte = sandboxQuotes(BELO_HORIZONTE.postal_code, lines())
    expect(methodAmount(elsewhere, "azul-amanha")).toBe((beloHorizonte["azul-amanha"] as Quote).cents / 100)
  })
}
