import type { BrazilianStore } from "../helpers/brazilian-store"
import { MUG, SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { ownMinute } from "../helpers/fresh-minute"
import {
  SHOPPER_ADDRESS,
  completeCart,
  createCart,
  createFreteOption,
  createManualOption,
  createProduct,
  listAndCalculate,
} from "../../scripts/lib/store-api"
import type { FreteCases } from "../helpers/frete-runner"

/** A wire price in centavos: the sandbox always writes two decimals ("1.234,56"), so its digits are the centavos. */
const priceCents = (quotation: { cotacao_preco: string }) => Number(quotation.cotacao_preco.replace(/\D/g, ""))

type WireQuotation = { servico_metaname: string; servico_nome: string; cotacao_preco: string; cotacao_prazo: number }

export const storefrontFlowCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let variantId: string
  let otherVariantId: string
  const optionIds: Record<string, string> = {}

  beforeAll(async () => {
    store = await createCheckoutStore(
      { api, getContainer },
      {
        services: [
          { metaname: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX rápido" },
          { metaname: "correios-pac", name: "Correios - PAC" },
          { metaname: "azul-amanha", name: "Azul Cargo - Amanhã", enabled: false },
        ],
      }
    )
    ;({ variantId } = await createProduct(api, store, SHIRT))
    ;({ variantId: otherVariantId } = await createProduct(api, store, MUG))
    optionIds.cheapest = await createFreteOption(api, store, "cheapest", "Frete econômico")
    optionIds.fastest = await createFreteOption(api, store, "fastest", "Frete expresso")
    optionIds.sedex = await createFreteOption(api, store, "correios-sedex", "SEDEX")
    optionIds.manual = await createManualOption(api, store, 15)
  })

  const freightCalls = () => sandbox().calls({ service: "freight" })
  const lastQuotations = () => (freightCalls().at(-1)?.response as { cotacoes: WireQuotation[] }).cotacoes

  it("prices every option from one freight call, and one more per new CEP or new item", async () => {
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 2 }])
    const { options, prices } = await listAndCalculate(api, store, cartId)

    expect(options.map((option) => option.id).sort()).toEqual(Object.values(optionIds).sort())
    expect(prices.map((price) => price.status)).toEqual([200, 200, 200])
    expect(freightCalls()).toHaveLength(1)
    // Grams and centimetres, the defaults, become kilograms and centimetres.
    expect((freightCalls()[0].body as { volumes: unknown[] }).volumes).toEqual([
      { sku: "CAMISETA-P", quantidade: "2", preco: "120", peso: "0.3", comprimento: "30", largura: "20", altura: "4" },
    ])

    const quoted = lastQuotations().filter((quotation) => quotation.servico_metaname !== "azul-amanha")
    const cents = (quotation: WireQuotation) => priceCents(quotation)
    const cheapest = Math.min(...quoted.map(cents))
    const fastestDays = Math.min(...quoted.map((quotation) => quotation.cotacao_prazo))
    const fastest = Math.min(...quoted.filter((quotation) => quotation.cotacao_prazo === fastestDays).map(cents))
    const sedex = cents(quoted.find((quotation) => quotation.servico_metaname === "correios-sedex") as WireQuotation)
    const amountOf = (id: string) =>
      prices.find((price) => price.id === id)?.body.shipping_option.calculated_price.calculated_amount
    expect(amountOf(optionIds.cheapest)).toBe(cheapest / 100)
    expect(amountOf(optionIds.fastest)).toBe(fastest / 100)
    expect(amountOf(optionIds.sedex)).toBe(sedex / 100)
    expect(options.find((option) => option.id === optionIds.manual)?.amount).toBe(15)

    const { data: withMethod } = await api.post(
      `/store/carts/${cartId}/shipping-methods`,
      { option_id: optionIds.sedex },
      { ...store.store, params: { fields: "+shipping_methods.data" } }
    )
    expect(withMethod.cart.shipping_methods).toHaveLength(1)
    expect(withMethod.cart.shipping_methods[0].amount).toBe(sedex / 100)
    expect(withMethod.cart.shipping_methods[0].data).toMatchObject({
      service: "correios-sedex",
      service_name: "SEDEX rápido",
      carrier: "correios",
      consulta_token: (freightCalls()[0].response as { consulta_token: string }).consulta_token,
      is_fallback: false,
    })
    expect(withMethod.cart.shipping_methods[0].data.delivery_estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)

    // A change that leaves the query as it was re-prices the method from the cache.
    await api.post(`/store/carts/${cartId}`, { email: "maria.silva@example.com.br" }, store.store)
    expect(freightCalls()).toHaveLength(1)

    // A new CEP is a new query: one call, and the method is re-priced from it.
    const { data: moved } = await api.post(
      `/store/carts/${cartId}`,
      { shipping_address: { ...SHOPPER_ADDRESS, postal_code: "30130-010", province: "MG", city: "Belo Horizonte" } },
      store.store
    )
    expect(freightCalls()).toHaveLength(2)
    const sedexToMg = cents(
      lastQuotations().find((quotation) => quotation.servico_metaname === "correios-sedex") as WireQuotation
    )
    expect(moved.cart.shipping_methods[0].amount).toBe(sedexToMg / 100)

    // A new item too.
    await api.post(`/store/carts/${cartId}/line-items`, { variant_id: otherVariantId, quantity: 1 }, store.store)
    expect(freightCalls()).toHaveLength(3)
    await listAndCalculate(api, store, cartId)
    expect(freightCalls()).toHaveLength(3)

    const completed = await completeCart(api, store, cartId)
    expect(completed.type).toBe("order")
    const { data: order } = await api.get(`/admin/orders/${completed.order.id}`, {
      ...store.admin,
      params: { fields: "+shipping_methods.data" },
    })
    expect(order.order.shipping_methods[0].data).toMatchObject({ service: "correios-sedex", is_fallback: false })
    expect(freightCalls()).toHaveLength(3)
  })

  describe("POST /store/frete/quotes", () => {
    const quotes = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      api
        .post("/store/frete/quotes", body, { headers: { ...store.store.headers, ...headers } })
        .catch(
          (error: { response: { status: number; data: Record<string, unknown>; headers: Record<string, string> } }) =>
            error.response
        )

    it("prices a product page for a CEP: the store's options of this provider, under their names, sorted by price", async () => {
      const answer = await quotes({ postal_code: "01310-200", items: [{ variant_id: variantId, quantity: 1 }] })
      expect(answer.status).toBe(200)
      const list = answer.data.quotes as Array<{
        option_id: string
        service: string
        name: string
        amount: number
        days: number | null
        currency_code: string
        is_fallback: boolean
        delivery_estimate: string | null
      }>
      // With Azul disabled SEDEX is the fastest: "SEDEX" is "Frete expresso"'s offer, one row, the first option's.
      expect(list.map((quote) => quote.option_id).sort()).toEqual([optionIds.cheapest, optionIds.fastest].sort())
      expect(list.map((quote) => quote.amount)).toEqual([...list.map((quote) => quote.amount)].sort((a, b) => a - b))
      const sedex = list.find((quote) => quote.option_id === optionIds.fastest)
      expect(sedex).toMatchObject({
        name: "Frete expresso",
        service: "correios-sedex",
        currency_code: "brl",
        is_fallback: false,
        days: 0,
      })
      // Same city: the same day, a business day.
      expect(sedex?.delivery_estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
      expect((freightCalls()[0].body as { valor_notafiscal: string }).valor_notafiscal).toBe("120")
    })

    it("says in Server-Timing where the route's time went, with freight time only when a freight call was made", async () => {
      const timing = async () => {
        const answer = await quotes({ postal_code: "01310-300", items: [{ variant_id: variantId, quantity: 1 }] })
        expect(answer.status).toBe(200)
        const header = String(answer.headers["server-timing"])
        const duration = (name: string) => Number(new RegExp(`${name};desc="[^"]+";dur=([0-9.]+)`).exec(header)?.[1])
        const parts = [duration("frete"), duration("lookup"), duration("freight")]
        // Each of the three parts named, with a duration: the header on failure says which is not.
        expect([header, parts.every(Number.isFinite)]).toEqual([header, true])
        return { freight: parts[2], guard: duration("guard") }
      }
      const fresh = await timing()
      expect(freightCalls()).toHaveLength(1)
      expect(fresh.freight).toBeGreaterThan(0)
      // A new query was taken from the quota guard, whose time is said too.
      expect(Number.isFinite(fresh.guard)).toBe(true)
      // From the cache: no call, so no freight time, and no take from the guard; its entry is there all the same (its absence would tell the query was asked before).
      const cached = await timing()
      expect(freightCalls()).toHaveLength(1)
      expect({ freight: cached.freight, guard: cached.guard }).toEqual({ freight: 0, guard: 0 })
    })

    it("prices a cart with the same query as checkout: the two share one freight call", async () => {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 3 }], {
        postal_code: "29010-000",
        province: "ES",
      })
      const answer = await quotes({ postal_code: "29010-000", cart_id: cartId })
      expect(answer.status).toBe(200)
      const { prices } = await listAndCalculate(api, store, cartId)
      expect(prices.filter((price) => price.status !== 200)).toEqual([])
      expect(freightCalls()).toHaveLength(1)
      const cheapest = Math.min(...(answer.data.quotes as Array<{ amount: number }>).map((quote) => quote.amount))
      expect(
        prices.find((price) => price.id === optionIds.cheapest)?.body.shipping_option.calculated_price.calculated_amount
      ).toBe(cheapest)
    })

    it.each([["1234-567"], ["abcde-fgh"], [""], ["0131010"]])(
      "refuses the CEP %j in Portuguese before any call",
      async (cep) => {
        const answer = await quotes({ postal_code: cep, items: [{ variant_id: variantId, quantity: 1 }] })
        expect(answer.status).toBe(400)
        expect(answer.data.message).toBe("CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.")
        expect(freightCalls()).toHaveLength(0)
      }
    )

    it("refuses a body of the wrong shape in Portuguese", async () => {
      for (const body of [
        { postal_code: "01310-100" },
        { postal_code: "01310-100", items: "x" },
        { postal_code: 1310100, items: [] },
        { postal_code: "01310-100", items: [{ variant_id: variantId, quantity: 0 }] },
      ]) {
        const answer = await quotes(body)
        expect(answer.status).toBe(400)
        expect(answer.data.message).toMatch(/^Consulta de frete inválida: /)
      }
      const unknown = await quotes({
        postal_code: "01310-100",
        items: [{ variant_id: "variant_nao_existe", quantity: 1 }],
      })
      expect(unknown.status).toBe(400)
      expect(unknown.data.message).toMatch(/^Produto não encontrado/)
      expect(freightCalls()).toHaveLength(0)
    })

    it("bounds the new freight queries one client can cause per minute; repeats from the cache stay free", async () => {
      // The bound counts per minute: all four takes in one minute of their own.
      ownMinute(getContainer())
      await api.post("/admin/frete/settings", { quote_route_limit_per_minute: 3 }, store.admin)
      const item = [{ variant_id: otherVariantId, quantity: 1 }]
      for (const cep of ["57010-000", "58010-000", "59010-000"]) {
        expect((await quotes({ postal_code: cep, items: item })).status).toBe(200)
      }
      const refused = await quotes({ postal_code: "49010-000", items: item })
      expect(refused.status).toBe(429)
      expect(refused.data.message).toBe(
        "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente."
      )
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
      // An answer already kept costs the merchant nothing: still served.
      expect((await quotes({ postal_code: "58010-000", items: item })).status).toBe(200)
      expect(freightCalls()).toHaveLength(3)
    })

    it("requires the storefront's publishable key", async () => {
      const answer = await api
        .post("/store/frete/quotes", { postal_code: "01310-100", items: [{ variant_id: variantId, quantity: 1 }] })
        .catch((error: { response: { status: number } }) => error.response)
      expect(answer.status).toBe(400)
      expect(freightCalls()).toHaveLength(0)
    })
  })
}
