// The order-flow subscriber prices a flow's method again when its event is delivered outside any
// HTTP request (Redis's worker, a replay): the provider prices from its own container, as in a
// request. Here the event is emitted from the test itself, in no request's context.
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { IEventBusModuleService } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import type { FreteCases } from "../helpers/frete-runner"
import { eventually } from "../../scripts/lib/store-api"
import { createOrderFlowStore, shippedOrder, type OrderFlowStore, type PlacedOrder } from "./order-flow-store"

type ShippingMethod = { id: string; shipping_option_id: string; data: Record<string, unknown> | null }

export const factsFromAnEventCases: FreteCases = ({ api, getContainer }) => {
  let flow: OrderFlowStore

  beforeAll(async () => {
    flow = await createOrderFlowStore({ api, getContainer }, {})
  })

  async function returnMethod(orderId: string, optionId: string): Promise<ShippingMethod | undefined> {
    const { data } = await api.get(`/admin/orders/${orderId}`, {
      ...flow.store.admin,
      params: { fields: "id,*shipping_methods" },
    })
    return (data.order.shipping_methods as ShippingMethod[]).find((method) => method.shipping_option_id === optionId)
  }

  it("keeps the quote's facts on a return's method when the event comes from no request", async () => {
    const { admin } = flow.store
    const order = await shippedOrder(api, flow)
    const shirt = order.items.find((item) => item.variant_id === flow.shirt) as PlacedOrder["items"][number]
    const { data } = await api.post(
      "/admin/returns",
      { order_id: order.id, location_id: flow.store.stockLocationId },
      admin
    )
    const returnId = data.return.id as string
    await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: shirt.id, quantity: 1 }] }, admin)
    await api.post(`/admin/returns/${returnId}/shipping-method`, { shipping_option_id: flow.returnOptionId }, admin)
    await api.post(`/admin/returns/${returnId}/request`, {}, admin)
    // Completed once within the admin's request.
    const priced = await eventually(
      async () => {
        const method = await returnMethod(order.id, flow.returnOptionId)
        return method?.data && "service" in method.data ? method : undefined
      },
      300,
      "the facts kept within the request"
    )

    // The facts are taken off, then the event is delivered again from outside any request.
    // In SQL: the order module merges a method's `data` into what it holds.
    await getContainer()
      .resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)
      .raw(`update order_shipping_method set data = '{}'::jsonb where id = ?`, [priced.id])
    expect((await returnMethod(order.id, flow.returnOptionId))?.data).toEqual({})
    const events = getContainer().resolve<IEventBusModuleService>(Modules.EVENT_BUS)
    await events.emit({ name: "order.return_requested", data: { order_id: order.id, return_id: returnId } })

    const again = await eventually(
      async () => {
        const method = await returnMethod(order.id, flow.returnOptionId)
        return method?.data && "service" in method.data ? method : undefined
      },
      300,
      "the facts kept from the event"
    )
    const { service, carrier, days, delivery_estimate: estimate } = priced.data as Record<string, unknown>
    expect(again.data).toMatchObject({ service, carrier, days, delivery_estimate: estimate, is_fallback: false })
  })
}
