import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { freteOf } from "../bridge/medusa-bridge"

/** The Frete page counts the freight of orders that stand: a canceled order's methods leave its figures. */
export default async function orderCanceledFreightHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  await freteOf(container).updateOrderFreights({
    selector: { order_id: event.data.id, canceled: false },
    data: { canceled: true },
  })
}

export const config: SubscriberConfig = { event: "order.canceled" }
