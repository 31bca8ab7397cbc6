import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { freteOf, queryOf } from "../bridge/medusa-bridge"
import { numberOf } from "../lib/utils/number-of"

type Method = { amount?: unknown; data?: { service?: unknown; days?: unknown; is_fallback?: unknown } | null }

// The Frete page's orders by service: each placed order's methods this plugin priced (their `data` names a service), counted once.
export default async function orderPlacedFreightHandler({ event: { data }, container }: SubscriberArgs<{ id: string }>) {
  const { data: orders } = await queryOf(container).graph({ entity: "order", fields: ["id", "shipping_methods.amount", "shipping_methods.data"], filters: { id: data.id } })
  const stats = freteOf(container).stats
  for (const method of ((orders[0] as { shipping_methods?: Method[] } | undefined)?.shipping_methods ?? []) as Method[]) {
    const service = method.data?.service
    if (typeof service !== "string") continue
    const amount = numberOf(method.amount) ?? 0
    stats.add("order", service, amount)
    if (typeof method.data?.days === "number") stats.add("order_days", service, method.data.days)
    if (method.data?.is_fallback === true) stats.add("order_fallback", service)
    // The API quotes no price for what it makes free: the value is known only when the table priced it, and not kept then either.
    if (amount === 0) stats.add("free", service)
  }
}

export const config: SubscriberConfig = { event: "order.placed" }
