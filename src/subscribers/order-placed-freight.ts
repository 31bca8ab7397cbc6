import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { freteOf, queryOf } from "../bridge/medusa-bridge"
import { isFreteProvider } from "../lib/frete-provider"
import type { FreteSettings } from "../lib/settings/schema"
import { orderFreightRow, type PlacedOrder, type PricedMethod } from "../modules/frete/order-freight"

type Method = PricedMethod & { shipping_option_id?: string | null }
type Option = { id: string; provider_id?: string | null }

const METHOD_FIELDS = ["id", "amount", "data", "shipping_option_id"].map((field) => `shipping_methods.${field}`)
const ORDER_FIELDS = ["id", "status", "created_at", ...METHOD_FIELDS]

/** The services the merchant named in the settings (services, fallback table, carriers); others count as "other". */
const knownServices = ({ services, fallback, tracking }: FreteSettings) =>
  new Set([
    ...services.map((service) => service.metaname),
    ...fallback.map((entry) => entry.service),
    ...tracking.carriers.map((carrier) => carrier.service),
  ])

// The Frete page's orders by service: the methods of this plugin's options only, told by the option's provider. A
// manual option keeps whatever `data` the storefront sent, so the shape of `data` proves nothing.
export default async function orderPlacedFreightHandler({ event, container }: SubscriberArgs<{ id: string }>) {
  const query = queryOf(container)
  const { data: orders } = await query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: event.data.id } })
  const order = orders[0] as (PlacedOrder & { shipping_methods?: Method[] | null }) | undefined
  const methods = (order?.shipping_methods ?? []).filter((method) => method.shipping_option_id)
  if (!order || !methods.length) return
  // An option deleted since the order was placed still tells whose it was.
  const { data: options } = await query.graph({
    entity: "shipping_option",
    fields: ["id", "provider_id"],
    filters: { id: methods.map((method) => method.shipping_option_id) },
    withDeleted: true,
  })
  const ours = (options as Option[]).filter((option) => isFreteProvider(option.provider_id)).map((option) => option.id)
  const priced = methods.filter((method) => ours.includes(method.shipping_option_id as string))
  if (!priced.length) return
  const frete = freteOf(container)
  const known = knownServices(await frete.getSettings())
  await frete.repository.addOrderFreight(priced.map((method) => orderFreightRow(order, method, known)))
}

export const config: SubscriberConfig = { event: "order.placed" }
