// A draft order (made by the merchant in the admin) priced like a cart: Medusa's
// `fetchShippingOptionForDraftOrderWorkflow` gives the provider the draft's items and address but
// no currency; the draft's own is read. Only a draft in reais is priced.
import type { FreteCases } from "../helpers/frete-runner"
import { ORIGIN_CEP } from "../helpers/brazilian-store"
import { SHOPPER_ADDRESS } from "../../scripts/lib/store-api"
import { answerOf, createOrderFlowStore, type OrderFlowStore, type WireQuery } from "./order-flow-store"

type ShippingMethod = { id: string; shipping_option_id: string; amount: number }

const digits = (cep: string) => cep.replace(/\D/g, "")

export const draftOrdersCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let flow: OrderFlowStore

  beforeAll(async () => {
    flow = await createOrderFlowStore({ api, getContainer }, { extra_days: 2 })
  })

  const freightQueries = () =>
    sandbox()
      .calls({ service: "freight" })
      .map((call) => call.body as WireQuery)

  /** A draft order of the given region, to the shopper's address in Rio; its id, in edit. */
  async function draftOrder(regionId: string, items: Array<Record<string, unknown>>) {
    const { admin } = flow.store
    const { data } = await api.post(
      "/admin/draft-orders",
      {
        email: "maria@example.com.br",
        region_id: regionId,
        sales_channel_id: flow.store.salesChannelId,
        shipping_address: SHOPPER_ADDRESS,
        billing_address: SHOPPER_ADDRESS,
        items,
      },
      admin
    )
    const id = data.draft_order.id as string
    await api.post(`/admin/draft-orders/${id}/edit`, {}, admin)
    return id
  }

  it("prices a draft order's shipping method like a cart's", async () => {
    const id = await draftOrder(flow.store.regionId, [
      { variant_id: flow.shirt, quantity: 1 },
      { variant_id: flow.mug, quantity: 3 },
    ])
    const before = freightQueries().length
    const answer = await answerOf(
      api.post(
        `/admin/draft-orders/${id}/edit/shipping-methods`,
        { shipping_option_id: flow.optionId },
        flow.store.admin
      )
    )
    expect(answer.data).toMatchObject({ draft_order_preview: expect.anything() })

    const queries = freightQueries().slice(before)
    expect(queries).toHaveLength(1)
    expect(queries[0]).toMatchObject({
      cep_origem: digits(ORIGIN_CEP),
      cep_destino: digits(SHOPPER_ADDRESS.postal_code),
      valor_notafiscal: "255",
    })
    // No handling days; the settings' 2 extra days are a rule, added to the answer.
    expect(queries[0].prazo_adicional).toBeUndefined()
    expect(queries[0].volumes.map((volume) => [volume.sku, volume.quantidade, volume.peso])).toEqual([
      ["CAMISETA-P", "1", "0.3"],
      ["CANECA", "3", "0.45"],
    ])
    const methods = (answer.data as { draft_order_preview: { shipping_methods: ShippingMethod[] } }).draft_order_preview
      .shipping_methods
    expect(methods.find((method) => method.shipping_option_id === flow.optionId)?.amount).toBeGreaterThan(0)
  })

  it("refuses a draft order in another currency, in Portuguese", async () => {
    const { admin } = flow.store
    const { data: stores } = await api.get("/admin/stores", admin)
    await api.post(
      `/admin/stores/${stores.stores[0].id}`,
      { supported_currencies: [{ currency_code: "brl", is_default: true }, { currency_code: "usd" }] },
      admin
    )
    const { data: region } = await api.post(
      "/admin/regions",
      { name: "EUA", currency_code: "usd", countries: ["us"] },
      admin
    )
    const id = await draftOrder(region.region.id, [{ title: "Camiseta", quantity: 1, unit_price: 20 }])
    const before = freightQueries().length
    const answer = await answerOf(
      api.post(`/admin/draft-orders/${id}/edit/shipping-methods`, { shipping_option_id: flow.optionId }, admin)
    )
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      code: "unsupported_currency",
      message: "O frete calculado está disponível apenas para compras em reais (BRL).",
    })
    expect(freightQueries().length).toBe(before)
  })
}
