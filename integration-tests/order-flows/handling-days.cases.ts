// Handling days per product: a variant's, else its product's, metadata key (a setting) holds the
// days the merchant needs before the item can leave. The largest over the cart's items goes into
// `prazo_adicional` (the settings' extra days are a rule, added to the answer): the service counts
// them, so the deadline and the date checkout shows move, and so does the tracking order's promised date.
import { addBusinessDays } from "../../src/lib/brazil/business-days"
import {
  createCart,
  createFreteOption,
  createProduct,
  eventually,
  placeOrder,
  shipOrder,
} from "../../scripts/lib/store-api"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { MUG, createCheckoutStore } from "../helpers/checkout-setup"
import type { FreteCases } from "../helpers/frete-runner"
import type { WireQuery } from "./order-flow-store"

type Facts = { service: string; days: number; delivery_estimate: string }

export const handlingDaysCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let madeToOrder: string
  let inStock: string
  let sedex: string

  beforeAll(async () => {
    store = await createCheckoutStore(
      { api, getContainer },
      { extra_days: 1, tracking: { company_document: "11.222.333/0001-81" } }
    )
    // A product made to order (5 days, on the product) and one in stock (0 days, on its variant).
    const made = await createProduct(api, store, {
      title: "Mesa sob medida",
      sku: "MESA",
      price: 900,
      weight: 300,
      length: 30,
      width: 20,
      height: 4,
    })
    await api.post(`/admin/products/${made.productId}`, { metadata: { prazo_fabricacao: 5 } }, store.admin)
    const stock = await createProduct(api, store, MUG)
    await api.post(
      `/admin/products/${stock.productId}/variants/${stock.variantId}`,
      { metadata: { prazo_fabricacao: "0" } },
      store.admin
    )
    madeToOrder = made.variantId
    inStock = stock.variantId
    sedex = await createFreteOption(api, store, "correios-sedex", "SEDEX")
  })

  const freightQueries = () =>
    sandbox()
      .calls({ service: "freight" })
      .map((call) => call.body as WireQuery)
  const calculate = async (cartId: string) =>
    (await api.post(`/store/shipping-options/${sedex}/calculate`, { cart_id: cartId, data: {} }, store.store)).data
      .shipping_option.calculated_price.frete as Facts
  const useKey = (key: string) => api.post("/admin/frete/settings", { handling_days_metadata_key: key }, store.admin)

  it("quotes the largest of the items' handling days plus the settings' extra days, and moves the date by them", async () => {
    const items = [
      { variant_id: madeToOrder, quantity: 1 },
      { variant_id: inStock, quantity: 1 },
    ]
    const cartId = await createCart(api, store, items)

    // With the default key (frete_handling_days) neither product has handling days: none sent.
    const without = await calculate(cartId)
    expect(freightQueries().at(-1)?.prazo_adicional).toBeUndefined()

    await useKey("prazo_fabricacao")
    const withDays = await calculate(cartId)
    expect(freightQueries().at(-1)?.prazo_adicional).toBe("5")
    expect(freightQueries().at(-1)?.volumes).toHaveLength(2)
    expect(withDays.service).toBe(without.service)
    expect(withDays.days).toBe(without.days + 5)
    expect(withDays.delivery_estimate).toBe(addBusinessDays(without.delivery_estimate, 5))

    // The store quote route (product page) counts them too.
    const { data } = await api.post("/store/frete/quotes", { postal_code: "20040-002", items }, store.store)
    const quoted = (data.quotes as Array<{ service: string; days: number }>).find(
      (quote) => quote.service === withDays.service
    )
    expect(quoted?.days).toBe(withDays.days)

    // The tracking order's promised date counts the handling days: the quote's days from the shipping date.
    const order = await placeOrder(api, store, sedex, items)
    const before = sandbox().calls({ service: "tracking" }).length
    await shipOrder(api, store, order, { trackingNumber: "BR123456789BR" })
    const tracking = await eventually(
      async () => sandbox().calls({ service: "tracking" }).slice(before)[0]?.body as Record<string, string> | undefined,
      300
    )
    const shippedOn = tracking.DatePosted.slice(0, 10)
    expect(tracking.DateToDelivery).toBe(addBusinessDays(shippedOn, withDays.days))
  })

  it("reads the variant's days before the product's", async () => {
    await useKey("prazo_fabricacao")
    const { data } = await api.get(`/admin/products`, {
      ...store.admin,
      params: { q: "Mesa", fields: "id,variants.id" },
    })
    const product = data.products[0] as { id: string; variants: Array<{ id: string }> }
    // The variant says 2: it wins over the product's 5.
    await api.post(
      `/admin/products/${product.id}/variants/${product.variants[0].id}`,
      { metadata: { prazo_fabricacao: 2 } },
      store.admin
    )
    await calculate(await createCart(api, store, [{ variant_id: madeToOrder, quantity: 2 }]))
    expect(freightQueries().at(-1)?.prazo_adicional).toBe("2")
  })

  it("lets the merchant view and set a product's handling days in the admin, and refuses what is not 0 to 365 days", async () => {
    await useKey("prazo_fabricacao")
    const { data } = await api.get(`/admin/products`, {
      ...store.admin,
      params: { q: "Caneca", fields: "id,metadata" },
    })
    const product = data.products[0] as { id: string; metadata: Record<string, unknown> | null }
    const route = `/admin/frete/products/${product.id}/handling-days`
    const read = (await api.get(route, store.admin)).data
    expect(read).toEqual({
      metadata_key: "prazo_fabricacao",
      handling_days: null,
      variants: [{ id: inStock, title: "Único", sku: "CANECA", handling_days: 0 }],
    })

    // The product's other metadata is kept.
    await api.post(`/admin/products/${product.id}`, { metadata: { origem: "fornecedor" } }, store.admin)
    expect((await api.post(route, { handling_days: 12 }, store.admin)).data.handling_days).toBe(12)
    const { data: saved } = await api.get(`/admin/products/${product.id}`, {
      ...store.admin,
      params: { fields: "id,metadata" },
    })
    expect(saved.product.metadata).toMatchObject({ origem: "fornecedor", prazo_fabricacao: 12 })

    for (const wrong of [366, -1, 2.5, "5"]) {
      const answer = await api
        .post(route, { handling_days: wrong }, store.admin)
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
      expect(answer.status).toBe(400)
      expect(answer.data.message).toBe("Prazo de manuseio inválido: use um número inteiro de dias, de 0 a 365.")
    }
    expect((await api.get(route, store.admin)).data.handling_days).toBe(12)

    expect((await api.post(route, { handling_days: null }, store.admin)).data.handling_days).toBeNull()
    const { data: cleared } = await api.get(`/admin/products/${product.id}`, {
      ...store.admin,
      params: { fields: "id,metadata" },
    })
    expect(cleared.product.metadata?.prazo_fabricacao).toBeUndefined()
    expect(cleared.product.metadata).toMatchObject({ origem: "fornecedor" })
  })
}
