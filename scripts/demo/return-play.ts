// The merchant's side after the shipment: the shopper gives one item back (Brazil's seven days of
// "direito de arrependimento", the store paying the return), asked for in the admin as Medusa's
// dashboard does it. The return option is priced by this plugin from the shopper's CEP to the
// store's, for the returned item only; the return's shipping method keeps the quote's facts.
import type { AxiosInstance } from "axios"
import { eventually } from "../lib/store-api"
import type { DemoStore } from "./seed"

export interface ReturnPlay {
  item: string
  amount: number
  service: string
  carrier: string | null
  days: number | null
}

type Method = { id: string; shipping_option_id: string; amount: number; data: Record<string, unknown> | null }

export async function playReturn(api: AxiosInstance, store: DemoStore, orderId: string): Promise<ReturnPlay> {
  const { admin } = store
  const { data: orderData } = await api.get(`/admin/orders/${orderId}`, {
    ...admin,
    params: { fields: "id,items.id,items.product_title,items.quantity" },
  })
  const item = orderData.order.items[0] as { id: string; product_title: string }
  const { data: created } = await api.post(
    "/admin/returns",
    { order_id: orderId, location_id: store.stockLocationId },
    admin
  )
  const returnId = created.return.id as string
  await api.post(`/admin/returns/${returnId}/request-items`, { items: [{ id: item.id, quantity: 1 }] }, admin)
  const { data: priced } = await api.post(
    `/admin/returns/${returnId}/shipping-method`,
    { shipping_option_id: store.optionIds.return },
    admin
  )
  const method = (priced.order_preview.shipping_methods as Method[]).find(
    (candidate) => candidate.shipping_option_id === store.optionIds.return
  ) as Method
  await api.post(`/admin/returns/${returnId}/request`, {}, admin)
  // The quote's facts reach the method once the return is requested (a subscriber keeps them).
  const data = await eventually(async () => {
    const { data: after } = await api.get(`/admin/orders/${orderId}`, {
      ...admin,
      params: { fields: "id,*shipping_methods" },
    })
    const kept = (after.order.shipping_methods as Method[]).find((candidate) => candidate.id === method.id)
    return kept?.data && "service" in kept.data ? kept.data : undefined
  }, 300)
  return {
    item: item.product_title,
    amount: method.amount,
    service: String(data.service_name ?? data.service),
    carrier: typeof data.carrier === "string" ? data.carrier : null,
    days: typeof data.days === "number" ? data.days : null,
  }
}
