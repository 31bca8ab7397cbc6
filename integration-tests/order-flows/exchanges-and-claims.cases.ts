// An exchange's and a claim's outbound shipping, priced through the admin as a merchant asks for
// it: Medusa's `createExchangeShippingMethodWorkflow` / `createClaimShippingMethodWorkflow` give the
// provider the order's context with `exchange_items` / `claim_items` (the new items' line item ids,
// which the order's `items` do not list before the change is confirmed). The query prices those
// items only, to the order's address; the shipment of those items gets a tracking order of its own.
import type { FreteCases } from "../helpers/frete-runner"
import { ORIGIN_CEP } from "../helpers/brazilian-store"
import { SHOPPER_ADDRESS, eventually } from "../../scripts/lib/store-api"
import {
  answerOf,
  createOrderFlowStore,
  shippedOrder,
  type OrderFlowStore,
  type PlacedOrder,
  type WireQuery,
} from "./order-flow-store"

type ShippingMethod = { id: string; shipping_option_id: string; amount: number; data: Record<string, unknown> | null }
type OrderItem = { id: string; variant_id: string; quantity: number }

const digits = (cep: string) => cep.replace(/\D/g, "")

export const exchangesAndClaimsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let flow: OrderFlowStore

  beforeAll(async () => {
    flow = await createOrderFlowStore(
      { api, getContainer },
      { extra_days: 2, tracking: { company_document: "11.222.333/0001-81" } }
    )
    // The mug is made to order: 4 days before it can leave.
    const { data } = await api.get(`/admin/products`, { ...flow.store.admin, params: { q: "Caneca", fields: "id" } })
    await api.post(`/admin/products/${data.products[0].id}`, { metadata: { frete_handling_days: 4 } }, flow.store.admin)
  })

  const freightQueries = () =>
    sandbox()
      .calls({ service: "freight" })
      .map((call) => call.body as WireQuery)
  const shirtOf = (order: PlacedOrder) => order.items.find((item) => item.variant_id === flow.shirt) as OrderItem

  /**
   * Asserts the one query priced since `before`: `quantity` mugs from the stock location to the
   * customer. Each test sends its own quantity: the plugin's cache outlives a test.
   */
  function expectMugsToTheCustomer(before: number, quantity: number) {
    const queries = freightQueries().slice(before)
    expect(queries).toHaveLength(1)
    const [query] = queries
    expect(query.cep_origem).toBe(digits(ORIGIN_CEP))
    expect(query.cep_destino).toBe(digits(SHOPPER_ADDRESS.postal_code))
    expect(query.volumes).toEqual([
      {
        sku: "CANECA",
        quantidade: String(quantity),
        preco: "45",
        peso: "0.45",
        comprimento: "12",
        largura: "12",
        altura: "10",
      },
    ])
    // The mug's own 4 days (the settings' 2 are a rule, added to the answer).
    expect(query.prazo_adicional).toBe("4")
  }

  /** The order's shipping method `id` once the flow is confirmed and its facts are kept. */
  const factsOf = (orderId: string, methodId: string) =>
    eventually(async () => {
      const { data } = await api.get(`/admin/orders/${orderId}`, {
        ...flow.store.admin,
        params: { fields: "id,*shipping_methods" },
      })
      const method = (data.order.shipping_methods as ShippingMethod[]).find((candidate) => candidate.id === methodId)
      return method?.data && "service" in method.data ? method : undefined
    }, 300)

  /** Fulfils and ships the given items of the order: the tracking call the sandbox received for it. */
  async function shipItems(orderId: string, items: Array<{ id: string; quantity: number }>) {
    const before = sandbox().calls({ service: "tracking" }).length
    const { data } = await api.post(
      `/admin/orders/${orderId}/fulfillments`,
      { items, location_id: flow.store.stockLocationId, shipping_option_id: flow.optionId },
      { ...flow.store.admin, params: { fields: "id,*fulfillments" } }
    )
    const fulfillmentId = data.order.fulfillments.at(-1).id as string
    await api.post(`/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`, { items }, flow.store.admin)
    return eventually(
      async () =>
        sandbox().calls({ service: "tracking" }).slice(before)[0]?.body as Record<string, unknown> | undefined,
      300
    )
  }

  it("prices an exchange's outbound items to the order's address, keeps the facts, and tracks their shipment", async () => {
    const order = await shippedOrder(api, flow)
    const { admin } = flow.store
    const { data: created } = await api.post("/admin/exchanges", { order_id: order.id }, admin)
    const exchangeId = created.exchange.id as string
    await api.post(
      `/admin/exchanges/${exchangeId}/inbound/items`,
      { location_id: flow.store.stockLocationId, items: [{ id: shirtOf(order).id, quantity: 1 }] },
      admin
    )
    await api.post(
      `/admin/exchanges/${exchangeId}/outbound/items`,
      { items: [{ variant_id: flow.mug, quantity: 2 }] },
      admin
    )
    const before = freightQueries().length

    const answer = await answerOf(
      api.post(`/admin/exchanges/${exchangeId}/outbound/shipping-method`, { shipping_option_id: flow.optionId }, admin)
    )
    expect(answer.data).toMatchObject({ order_preview: expect.anything() })
    expectMugsToTheCustomer(before, 2)
    const preview = (answer.data as { order_preview: { shipping_methods: ShippingMethod[] } }).order_preview
    const outbound = preview.shipping_methods
      .filter((method) => method.shipping_option_id === flow.optionId)
      .at(-1) as ShippingMethod
    expect(outbound.amount).toBeGreaterThan(0)

    await api.post(`/admin/exchanges/${exchangeId}/request`, {}, admin)
    const kept = await factsOf(order.id, outbound.id)
    expect(kept.data).toMatchObject({ service: "correios-sedex", is_fallback: false })
    const days = kept.data?.days as number

    // The mugs' shipment: the tracking order describes them (not the order's first items), at the
    // order's address, with the exchange's freight and deadline.
    const { data: after } = await api.get(`/admin/orders/${order.id}`, {
      ...admin,
      params: { fields: "id,items.id,items.variant_id,items.quantity" },
    })
    const mugs = (after.order.items as OrderItem[]).filter(
      (item) =>
        item.variant_id === flow.mug && item.id !== order.items.find((first) => first.variant_id === flow.mug)?.id
    )
    expect(mugs).toHaveLength(1)
    const tracking = await shipItems(order.id, [{ id: mugs[0].id, quantity: 2 }])
    expect(tracking.Description).toMatch(/Caneca/)
    expect(tracking.Description).not.toMatch(/Camiseta/)
    expect(tracking.CustomerPostalCode).toBe(digits(SHOPPER_ADDRESS.postal_code))
    expect(tracking.FreightCost).toBe(outbound.amount)
    expect(tracking.Weight).toBe(0.9)
    expect(typeof tracking.DateToDelivery).toBe("string")
    expect(days).toBeGreaterThanOrEqual(6)
  })

  it("prices a claim's replacement items to the order's address and keeps the facts", async () => {
    const order = await shippedOrder(api, flow)
    const { admin } = flow.store
    const { data: created } = await api.post("/admin/claims", { order_id: order.id, type: "replace" }, admin)
    const claimId = created.claim.id as string
    await api.post(
      `/admin/claims/${claimId}/inbound/items`,
      { location_id: flow.store.stockLocationId, items: [{ id: shirtOf(order).id, quantity: 1 }] },
      admin
    )
    await api.post(`/admin/claims/${claimId}/outbound/items`, { items: [{ variant_id: flow.mug, quantity: 3 }] }, admin)
    const before = freightQueries().length

    const answer = await answerOf(
      api.post(`/admin/claims/${claimId}/outbound/shipping-method`, { shipping_option_id: flow.optionId }, admin)
    )
    expect(answer.data).toMatchObject({ order_preview: expect.anything() })
    expectMugsToTheCustomer(before, 3)
    const preview = (answer.data as { order_preview: { shipping_methods: ShippingMethod[] } }).order_preview
    const outbound = preview.shipping_methods
      .filter((method) => method.shipping_option_id === flow.optionId)
      .at(-1) as ShippingMethod
    expect(outbound.amount).toBeGreaterThan(0)

    // The claim's inbound option is a return of the claimed shirt: priced the other way.
    const beforeReturn = freightQueries().length
    await api.post(
      `/admin/claims/${claimId}/inbound/shipping-method`,
      { shipping_option_id: flow.returnOptionId },
      admin
    )
    const [returned] = freightQueries().slice(beforeReturn)
    expect(returned).toMatchObject({ cep_origem: digits(SHOPPER_ADDRESS.postal_code), cep_destino: digits(ORIGIN_CEP) })
    expect(returned.volumes.map((volume) => [volume.sku, volume.quantidade])).toEqual([["CAMISETA-P", "1"]])

    await api.post(`/admin/claims/${claimId}/request`, {}, admin)
    const kept = await factsOf(order.id, outbound.id)
    expect(kept.data).toMatchObject({
      service: "correios-sedex",
      is_fallback: false,
      delivery_estimate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
  })
}
