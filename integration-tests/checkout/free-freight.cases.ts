// GET /store/frete/free-freight: how far a cart is from the merchant's free freight, on a real
// Medusa app. The route must agree with what checkout prices, and must never call the freight API.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct, listAndCalculate } from "../../scripts/lib/store-api"
import type { FreteCases } from "../helpers/frete-runner"

/** Avenida Paulista, São Paulo: a CEP the rule reaches. */
const SP_ADDRESS = { postal_code: "01310-100", province: "SP", city: "São Paulo", address_1: "Avenida Paulista, 1000" }
const INVALID_CEP = "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100."
const INVALID_CART_ID = "Id de carrinho inválido: use o id do carrinho (cart_…)."

type Answer = { status: number; data: Record<string, unknown> }

export const freeFreightCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let made = 0

  beforeAll(async () => {
    // Free freight from R$ 100 to São Paulo; nowhere else.
    store = await createCheckoutStore(
      { api, getContainer },
      { free_freight_rules: [{ min_subtotal: 100, states: ["SP"] }] }
    )
    await createFreteOption(api, store, "cheapest", "Frete econômico")
    made = 0
  })

  /** A product of its own at that price, in reais. */
  const variantAt = async (price: number) => {
    made += 1
    return (
      await createProduct(api, store, {
        title: `Produto ${made}`,
        sku: `PRODUTO-${made}`,
        price,
        weight: 300,
        length: 20,
        width: 15,
        height: 5,
      })
    ).variantId
  }

  const freightCalls = () => sandbox().calls({ service: "freight" })
  const freeFreight = async (
    query: Record<string, string | string[]>,
    headers: Record<string, string> = store.store.headers
  ): Promise<Answer> => {
    const answer = await api.get("/store/frete/free-freight", { headers, params: query, validateStatus: () => true })
    return { status: answer.status, data: answer.data }
  }
  const cartOf = async (price: number, quantity: number, address: Record<string, string> = SP_ADDRESS) =>
    createCart(api, store, [{ variant_id: await variantAt(price), quantity }], address)

  it("says what a R$ 59,90 cart lacks for free freight to its São Paulo address, with no freight call", async () => {
    const cartId = await cartOf(59.9, 1)
    const answer = await freeFreight({ cart_id: cartId })
    expect(answer).toEqual({
      status: 200,
      data: {
        postal_code: "01310100",
        currency_code: "brl",
        subtotal: 59.9,
        free: false,
        reachable: true,
        threshold: 100,
        missing: 40.1,
      },
    })
    expect(freightCalls()).toEqual([])
  })

  it("answers for a CEP typed in the cart's calculator: one of Rio de Janeiro, which no rule reaches", async () => {
    const cartId = await cartOf(59.9, 1)
    for (const typed of ["20040-002", "20040002", "20.040-002"]) {
      expect(await freeFreight({ cart_id: cartId, postal_code: typed })).toEqual({
        status: 200,
        data: {
          postal_code: "20040002",
          currency_code: "brl",
          subtotal: 59.9,
          free: false,
          reachable: false,
          threshold: null,
          missing: null,
        },
      })
    }
    // A cart with a Rio address, and a São Paulo CEP typed: the typed one counts.
    const rioCart = await cartOf(59.9, 1, { postal_code: "20040-002", province: "RJ", city: "Rio de Janeiro" })
    expect((await freeFreight({ cart_id: rioCart })).data).toMatchObject({ postal_code: "20040002", reachable: false })
    expect((await freeFreight({ cart_id: rioCart, postal_code: "01310-100" })).data).toMatchObject({
      postal_code: "01310100",
      reachable: true,
      missing: 40.1,
    })
    expect(freightCalls()).toEqual([])
  })

  it("says the freight is free above the threshold", async () => {
    const cartId = await cartOf(59.9, 2)
    expect(await freeFreight({ cart_id: cartId })).toEqual({
      status: 200,
      data: {
        postal_code: "01310100",
        currency_code: "brl",
        subtotal: 119.8,
        free: true,
        reachable: true,
        threshold: 100,
        missing: 0,
      },
    })
    expect(freightCalls()).toEqual([])
  })

  it("agrees with checkout on both sides of the threshold: free exactly when the cheapest option is priced R$ 0,00", async () => {
    const carts = [
      { label: "one centavo under", cartId: await cartOf(99.99, 1) },
      { label: "exactly at it", cartId: await cartOf(50, 2) },
      { label: "well under", cartId: await cartOf(59.9, 1) },
      { label: "above", cartId: await cartOf(59.9, 2) },
    ]
    const rows = []
    for (const { label, cartId } of carts) {
      const before = freightCalls().length
      const { data } = await freeFreight({ cart_id: cartId })
      const routeCalls = freightCalls().length - before
      const { prices } = await listAndCalculate(api, store, cartId)
      const amount = prices[0].body.shipping_option.calculated_price.calculated_amount as number
      rows.push({ label, free: data.free, missing: data.missing, routeCalls, pricedAtZero: amount === 0 })
    }
    expect(rows).toEqual([
      { label: "one centavo under", free: false, missing: 0.01, routeCalls: 0, pricedAtZero: false },
      { label: "exactly at it", free: true, missing: 0, routeCalls: 0, pricedAtZero: true },
      { label: "well under", free: false, missing: 40.1, routeCalls: 0, pricedAtZero: false },
      { label: "above", free: true, missing: 0, routeCalls: 0, pricedAtZero: true },
    ])
    // Checkout did call the freight API: the route's zero calls are not for want of a sandbox.
    expect(freightCalls().length).toBeGreaterThan(0)
  })

  it("refuses bad input in Portuguese, before any freight call", async () => {
    const cartId = await cartOf(59.9, 1)
    const answers = {
      malformedCep: await freeFreight({ cart_id: cartId, postal_code: "0131-100" }),
      lettersCep: await freeFreight({ cart_id: cartId, postal_code: "abcde-fgh" }),
      unknownCart: await freeFreight({ cart_id: "cart_01JZZZZZZZZZZZZZZZZZZZZZZZ" }),
      anotherModelsId: await freeFreight({ cart_id: "prod_01JZZZZZZZZZZZZZZZZZZZZZZZ" }),
      nul: await freeFreight({ cart_id: "cart_01J\u0000" }),
      tooLong: await freeFreight({ cart_id: `cart_${"A".repeat(200)}` }),
      noCartId: await freeFreight({ postal_code: "01310-100" }),
      twoCartIds: await freeFreight({ cart_id: [cartId, cartId] }),
    }
    expect(answers).toEqual({
      malformedCep: { status: 400, data: { type: "invalid_data", code: "invalid_cep", message: INVALID_CEP } },
      lettersCep: { status: 400, data: { type: "invalid_data", code: "invalid_cep", message: INVALID_CEP } },
      unknownCart: { status: 404, data: { type: "not_found", message: "Carrinho não encontrado." } },
      anotherModelsId: { status: 400, data: { type: "invalid_data", message: INVALID_CART_ID } },
      nul: { status: 400, data: { type: "invalid_data", message: INVALID_CART_ID } },
      tooLong: { status: 400, data: { type: "invalid_data", message: INVALID_CART_ID } },
      noCartId: {
        status: 400,
        data: { type: "invalid_data", message: "Consulta de frete grátis inválida: cart_id: informe um cart_id" },
      },
      twoCartIds: {
        status: 400,
        data: { type: "invalid_data", message: "Consulta de frete grátis inválida: cart_id: informe um cart_id" },
      },
    })
    expect(freightCalls()).toEqual([])
  })

  it("asks for a CEP when the cart has no address and none is typed", async () => {
    const { data } = await api.post(
      "/store/carts",
      { region_id: store.regionId, items: [{ variant_id: await variantAt(59.9), quantity: 1 }] },
      store.store
    )
    expect(await freeFreight({ cart_id: data.cart.id })).toEqual({
      status: 400,
      data: {
        type: "invalid_data",
        code: "missing_cep",
        message: "Informe o CEP de entrega para saber quanto falta para o frete grátis.",
      },
    })
    // A CEP typed in the calculator is enough.
    expect((await freeFreight({ cart_id: data.cart.id, postal_code: "01310-100" })).data).toMatchObject({
      subtotal: 59.9,
      missing: 40.1,
    })
  })

  it("refuses a cart in another currency than reais, as checkout does", async () => {
    const { data: stores } = await api.get("/admin/stores", store.admin)
    await api.post(
      `/admin/stores/${stores.stores[0].id}`,
      { supported_currencies: [{ currency_code: "brl", is_default: true }, { currency_code: "usd" }] },
      store.admin
    )
    const { data: region } = await api.post(
      "/admin/regions",
      { name: "EUA", currency_code: "usd", countries: ["us"] },
      store.admin
    )
    const { data } = await api.post("/store/carts", { region_id: region.region.id }, store.store)
    expect(await freeFreight({ cart_id: data.cart.id, postal_code: "01310-100" })).toEqual({
      status: 400,
      data: {
        type: "invalid_data",
        code: "unsupported_currency",
        message: "O frete calculado está disponível apenas para compras em reais (BRL).",
      },
    })
  })

  it("requires the storefront's publishable key", async () => {
    const cartId = await cartOf(59.9, 1)
    const answer = await freeFreight({ cart_id: cartId }, {})
    expect(answer.status).toBe(400)
    expect(answer.data).not.toHaveProperty("subtotal")
    expect(freightCalls()).toEqual([])
  })
}
