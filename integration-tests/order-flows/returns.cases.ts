// A return priced through the admin as a merchant asks for it: Medusa's
// `createReturnShippingMethodWorkflow` prices a calculated return option through this provider
// with the order's context (no currency, the whole order's items, `return_items`). The freight
// query runs from the customer's CEP to the stock location's, for the returned items only.
import type { FreteCases } from "../helpers/frete-runner"
import { ORIGIN_CEP } from "../helpers/brazilian-store"
import { SHOPPER_ADDRESS, eventually } from "../../scripts/lib/store-api"
import { answerOf, createOrderFlowStore, shippedOrder, type OrderFlowStore, type WireQuery } from "./order-flow-store"

type ShippingMethod = {
  id: string
  shipping_option_id: string
  amount: number
  data: Record<string, unknown> | null
  return_id?: string | null
}
type WireQuotation = {
  servico_metaname: string
  transportadora_metaname: string
  cotacao_prazo: number
  cotacao_preco: string
}

const digits = (cep: string) => cep.replace(/\D/g, "")

export const returnsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let flow: OrderFlowStore

  beforeAll(async () => {
    // Handling days and an extra price are the merchant's dispatch: a return adds neither.
    flow = await createOrderFlowStore(
      { api, getContainer },
      { extra_days: 2, extra_price: { type: "fixed", value: 5 } }
    )
  })

  const freightQueries = () =>
    sandbox()
      .calls({ service: "freight" })
      .map((call) => call.body as WireQuery)

  /** A return of one T-shirt of the order, received at the store's stock location: its id. */
  async function returnOneShirt(orderId: string, shirtItemId: string) {
    const { admin } = flow.store
    const { data } = await api.post(
      "/admin/returns",
      { order_id: orderId, location_id: flow.store.stockLocationId },
      admin
    )
    const returnId = data.return.id as string
    await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: shirtItemId, quantity: 1 }] }, admin)
    return returnId
  }

  it("prices a return of one of two items from the customer's CEP to the stock location's, and keeps the quote's facts", async () => {
    const order = await shippedOrder(api, flow)
    const shirtItem = order.items.find((item) => item.variant_id === flow.shirt) as PlacedOrder["items"][number]
    const returnId = await returnOneShirt(order.id, shirtItem.id)
    const before = freightQueries().length

    const answer = await answerOf(
      api.post(
        `/admin/returns/${returnId}/shipping-method`,
        { shipping_option_id: flow.returnOptionId },
        flow.store.admin
      )
    )
    expect(answer.data).toMatchObject({ order_preview: expect.anything() })
    expect(answer.status).toBe(200)

    const queries = freightQueries().slice(before)
    expect(queries).toHaveLength(1)
    const [query] = queries
    // Reversed: the customer in Rio sends, the stock location in São Paulo receives.
    expect(query.cep_origem).toBe(digits(SHOPPER_ADDRESS.postal_code))
    expect(query.cep_destino).toBe(digits(ORIGIN_CEP))
    // One volume: the returned T-shirt, once; the mug and the other T-shirt stay with the customer.
    expect(query.volumes).toEqual([
      { sku: "CAMISETA-P", quantidade: "1", preco: "120", peso: "0.3", comprimento: "30", largura: "20", altura: "4" },
    ])
    expect(query.valor_notafiscal).toBe("120")
    expect(query.prazo_adicional).toBeUndefined()

    const wire = (sandbox().calls({ service: "freight" }).at(-1)?.response as { cotacoes: WireQuotation[] }).cotacoes
    const methods = (answer.data as { order_preview: { shipping_methods: ShippingMethod[] } }).order_preview
      .shipping_methods
    const method = methods.find((candidate) => candidate.shipping_option_id === flow.returnOptionId) as ShippingMethod
    expect(method.amount).toBeGreaterThan(0)

    // The return is requested; its shipping method then carries the facts of the quote it was priced with.
    await api.post(`/admin/returns/${returnId}/request`, {}, flow.store.admin)
    const data = await eventually(async () => {
      const { data: orderData } = await api.get(`/admin/orders/${order.id}`, {
        ...flow.store.admin,
        params: { fields: "id,*shipping_methods" },
      })
      const stored = (orderData.order.shipping_methods as ShippingMethod[]).find(
        (candidate) => candidate.id === method.id
      )
      return stored?.data && "service" in stored.data ? stored.data : undefined
    }, 300)
    // One of the services the freight API quoted for the return, with that quotation's facts.
    expect(wire.map((candidate) => candidate.servico_metaname)).toContain(data.service)
    const quotation = wire.find((candidate) => candidate.servico_metaname === data.service) as WireQuotation
    // The carrier's trip alone: the settings' extra days and price (rules) are not applied to a return.
    expect(data).toMatchObject({
      carrier: quotation.transportadora_metaname,
      days: quotation.cotacao_prazo,
      is_fallback: false,
    })
    const prices = wire
      .filter((candidate) => candidate.servico_metaname === data.service)
      .map((candidate) => Number(candidate.cotacao_preco.replace(",", ".")))
    expect(method.amount).toBe(Math.min(...prices))
    expect(data.delivery_estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
}

type PlacedOrder = Awaited<ReturnType<typeof shippedOrder>>
