// The store quote route answers the shipping options checkout offers, not the settings' services:
// the same options as Medusa's `GET /store/shipping-options?cart_id=` (this provider's), each
// priced as `POST /store/shipping-options/:id/calculate` prices it, from one shared quote.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import {
  SHOPPER_ADDRESS,
  STORE_OPTION_RULES,
  createCart,
  createFreteOption,
  createManualOption,
  createProduct,
  listAndCalculate,
} from "../../scripts/lib/store-api"
import type { FreteCases } from "../helpers/frete-runner"

interface RouteQuote {
  option_id: string
  name: string
  service: string
  carrier: string | null
  amount: number
  currency_code: string
  days: number | null
  delivery_estimate: string | null
  is_fallback: boolean
}

type Calculated = {
  calculated_amount: number
  frete: { service: string; carrier: string | null; days: number | null; delivery_estimate: string | null }
}

/**
 * The options checkout offers in the store below, one row per offer, by name: what the route must
 * answer, no more. With Azul disabled SEDEX is the fastest service: "SEDEX" is the same offer as
 * "Frete expresso", created before it, and has no row of its own.
 */
const OFFERED = ["Frete econômico", "Frete expresso"]

export const quoteRouteOptionsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let variantId: string
  const optionIds: Record<string, string> = {}

  /** A calculated option of this provider with the given rules and service zone. */
  const createRuledOption = async (
    serviceZoneId: string,
    optionId: string,
    name: string,
    rules: Array<{ attribute: string; value: string; operator: string }>
  ) => {
    const { data } = await api.post(
      "/admin/shipping-options",
      {
        name,
        service_zone_id: serviceZoneId,
        shipping_profile_id: store.shippingProfileId,
        provider_id: "frete_frete",
        price_type: "calculated",
        type: { label: name, description: name, code: `${optionId}-${serviceZoneId}` },
        data: { id: optionId },
        prices: [],
        rules,
      },
      store.admin
    )
    return data.shipping_option.id as string
  }

  beforeAll(async () => {
    // PAC is a service of the settings with no shipping option: never offered. Azul is disabled.
    store = await createCheckoutStore(
      { api, getContainer },
      {
        services: [
          { metaname: "correios-pac", name: "Correios - PAC" },
          { metaname: "correios-sedex", name: "Correios - SEDEX" },
          { metaname: "jadlog-package", name: "Jadlog - .Package" },
          { metaname: "azul-amanha", name: "Azul Cargo - Amanhã", enabled: false },
        ],
      }
    )
    ;({ variantId } = await createProduct(api, store, SHIRT))
    optionIds.cheapest = await createFreteOption(api, store, "cheapest", "Frete econômico")
    optionIds.fastest = await createFreteOption(api, store, "fastest", "Frete expresso")
    optionIds.sedex = await createFreteOption(api, store, "correios-sedex", "SEDEX")
    // Not offered by checkout, each for its own reason:
    optionIds.unquoted = await createFreteOption(api, store, "loggi-expresso", "Loggi Expresso") // no quotation of that service
    optionIds.disabled = await createFreteOption(api, store, "azul-amanha", "Azul Amanhã") // service disabled in the settings
    optionIds.adminOnly = await createRuledOption(store.serviceZoneId, "correios-sedex", "SEDEX balcão", [
      { attribute: "enabled_in_store", value: "false", operator: "eq" },
      { attribute: "is_return", value: "false", operator: "eq" },
    ])
    optionIds.returns = await createRuledOption(store.serviceZoneId, "correios-pac", "Devolução PAC", [
      { attribute: "enabled_in_store", value: "true", operator: "eq" },
      { attribute: "is_return", value: "true", operator: "eq" },
    ])
    optionIds.manual = await createManualOption(api, store, 15) // another provider's
    const { data: zone } = await api.post(
      `/admin/fulfillment-sets/${store.fulfillmentSetId}/service-zones`,
      { name: "Argentina", geo_zones: [{ type: "country", country_code: "ar" }] },
      { ...store.admin, params: { fields: "id,*service_zones" } }
    )
    const argentina = (zone.fulfillment_set.service_zones as Array<{ id: string; name: string }>).find(
      (candidate) => candidate.name === "Argentina"
    )
    optionIds.abroad = await createRuledOption(
      argentina?.id as string,
      "cheapest",
      "Envio Argentina",
      STORE_OPTION_RULES
    ) // zone not covering the CEP
  })

  const freightCalls = () => sandbox().calls({ service: "freight" })
  const quoteRoute = async (body: Record<string, unknown>) => {
    const answer = await api.post("/store/frete/quotes", body, store.store)
    expect(answer.status).toBe(200)
    return answer.data.quotes as RouteQuote[]
  }
  /** What checkout offers for the cart: this provider's options that `calculate` prices, with their prices. */
  const checkoutOffers = async (cartId: string) => {
    const { options, prices } = await listAndCalculate(api, store, cartId)
    const ours = (options as Array<{ id: string; name: string; provider_id?: string }>).filter(
      (option) => option.provider_id === "frete_frete"
    )
    const priced = new Map(
      prices
        .filter((price) => price.status === 200)
        .map((price) => [price.id, price.body.shipping_option.calculated_price as Calculated])
    )
    return { listed: ours, priced }
  }
  const expectSameAsCheckout = (quotes: RouteQuote[], checkout: Awaited<ReturnType<typeof checkoutOffers>>) => {
    // Every option checkout prices but "SEDEX", "Frete expresso"'s offer (see OFFERED).
    const rows = checkout.listed.filter((option) => checkout.priced.has(option.id) && option.id !== optionIds.sedex)
    expect(quotes.map((quote) => quote.option_id).sort()).toEqual(rows.map((option) => option.id).sort())
    expect(checkout.priced.get(optionIds.sedex)).toEqual(checkout.priced.get(optionIds.fastest))
    for (const quote of quotes) {
      const price = checkout.priced.get(quote.option_id) as Calculated
      expect(quote.name).toBe(checkout.listed.find((option) => option.id === quote.option_id)?.name)
      expect(quote).toMatchObject({
        amount: price.calculated_amount,
        service: price.frete.service,
        carrier: price.frete.carrier,
        days: price.frete.days,
        delivery_estimate: price.frete.delivery_estimate,
        currency_code: "brl",
        is_fallback: false,
      })
    }
  }

  it("answers for a cart exactly the options checkout offers, priced as calculate prices them, from one freight call", async () => {
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 2 }])
    const quotes = await quoteRoute({ postal_code: "20040-002", cart_id: cartId })

    expect(quotes.map((quote) => quote.name).sort()).toEqual([...OFFERED].sort())
    expect(quotes.find((quote) => quote.option_id === optionIds.fastest)).toMatchObject({
      name: "Frete expresso",
      service: "correios-sedex",
      carrier: "correios",
    })
    expect(quotes.find((quote) => quote.option_id === optionIds.cheapest)?.service).toBe("jadlog-package")
    // PAC is priced by the freight API and in the settings, but no option of the store ships with it.
    expect(quotes.map((quote) => quote.service)).not.toContain("correios-pac")
    expect(quotes.map((quote) => quote.amount)).toEqual([...quotes.map((quote) => quote.amount)].sort((a, b) => a - b))

    const checkout = await checkoutOffers(cartId)
    // Medusa lists the unquoted and the disabled service's options too; their calculate fails.
    expect(checkout.listed.map((option) => option.id).sort()).toEqual(
      [optionIds.cheapest, optionIds.fastest, optionIds.sedex, optionIds.unquoted, optionIds.disabled].sort()
    )
    expectSameAsCheckout(quotes, checkout)
    expect(freightCalls()).toHaveLength(1)
  })

  it("answers for a product page the options of the key's sales channel, as checkout prices them for a cart of those items", async () => {
    const quotes = await quoteRoute({ postal_code: "30130-010", items: [{ variant_id: variantId, quantity: 1 }] })
    expect(quotes.map((quote) => quote.name).sort()).toEqual([...OFFERED].sort())
    expect(quotes.map((quote) => quote.option_id).sort()).toEqual([optionIds.cheapest, optionIds.fastest].sort())

    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "30130-010",
      province: "MG",
      city: "Belo Horizonte",
    })
    expectSameAsCheckout(quotes, await checkoutOffers(cartId))
    expect(freightCalls()).toHaveLength(1)
  })

  it("takes the typed CEP as the cart's destination, not the address the cart holds", async () => {
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }])
    const quotes = await quoteRoute({ postal_code: "40010-000", cart_id: cartId })
    expect(freightCalls().map((call) => (call.body as { cep_destino: string }).cep_destino)).toEqual(["40010000"])

    await api.post(
      `/store/carts/${cartId}`,
      { shipping_address: { ...SHOPPER_ADDRESS, postal_code: "40010-000", province: "BA", city: "Salvador" } },
      store.store
    )
    expectSameAsCheckout(quotes, await checkoutOffers(cartId))
    expect(freightCalls()).toHaveLength(1)
  })

  it("quotes an option from the stock location it ships from, as checkout does", async () => {
    const { data: location } = await api.post(
      "/admin/stock-locations",
      {
        name: "CD Curitiba",
        address: {
          address_1: "Rua XV de Novembro, 1",
          city: "Curitiba",
          province: "PR",
          country_code: "br",
          postal_code: "80020-310",
        },
      },
      store.admin
    )
    const locationId = location.stock_location.id as string
    await api.post(`/admin/stock-locations/${locationId}/sales-channels`, { add: [store.salesChannelId] }, store.admin)
    await api.post(`/admin/stock-locations/${locationId}/fulfillment-providers`, { add: ["frete_frete"] }, store.admin)
    const { data: set } = await api.post(
      `/admin/stock-locations/${locationId}/fulfillment-sets`,
      { name: "Entregas Curitiba", type: "shipping" },
      { ...store.admin, params: { fields: "id,*fulfillment_sets" } }
    )
    const { data: zone } = await api.post(
      `/admin/fulfillment-sets/${set.stock_location.fulfillment_sets[0].id}/service-zones`,
      { name: "Brasil a partir de Curitiba", geo_zones: [{ type: "country", country_code: "br" }] },
      store.admin
    )
    const curitiba = await createRuledOption(
      zone.fulfillment_set.service_zones[0].id,
      "correios-sedex",
      "SEDEX de Curitiba",
      STORE_OPTION_RULES
    )

    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "80010-000",
      province: "PR",
      city: "Curitiba",
    })
    const quotes = await quoteRoute({ postal_code: "80010-000", cart_id: cartId })
    expect(quotes.map((quote) => quote.name).sort()).toEqual([...OFFERED, "SEDEX de Curitiba"].sort())
    // One query per origin: São Paulo's options share one, Curitiba's has its own (a city route, cheaper).
    expect(
      freightCalls()
        .map((call) => (call.body as { cep_origem: string }).cep_origem)
        .sort()
    ).toEqual(["01310100", "80020310"])
    const fromCuritiba = quotes.find((quote) => quote.option_id === curitiba) as RouteQuote
    const fromSaoPaulo = quotes.find((quote) => quote.option_id === optionIds.fastest) as RouteQuote
    expect(fromCuritiba.amount).toBeLessThan(fromSaoPaulo.amount)

    expectSameAsCheckout(quotes, await checkoutOffers(cartId))
    expect(freightCalls()).toHaveLength(2)
  })

  it("answers no option, and calls nobody, for a sales channel whose stock locations ship nothing", async () => {
    const { data: channel } = await api.post("/admin/sales-channels", { name: "Loja física" }, store.admin)
    const { data: key } = await api.post("/admin/api-keys", { title: "Balcão", type: "publishable" }, store.admin)
    await api.post(`/admin/api-keys/${key.api_key.id}/sales-channels`, { add: [channel.sales_channel.id] }, store.admin)
    // The product is sold there too: the route prices only variants of the key's sales channels.
    const { data: found } = await api.get("/admin/product-variants", {
      ...store.admin,
      params: { id: variantId, fields: "product_id" },
    })
    await api.post(
      `/admin/sales-channels/${channel.sales_channel.id}/products`,
      { add: [found.variants[0].product_id] },
      store.admin
    )
    const answer = await api.post(
      "/store/frete/quotes",
      { postal_code: "20040-002", items: [{ variant_id: variantId, quantity: 1 }] },
      { headers: { "x-publishable-api-key": key.api_key.token } }
    )
    expect(answer.status).toBe(200)
    expect(answer.data.quotes).toEqual([])
    expect(freightCalls()).toHaveLength(0)
  })
}
