import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { isFreteProvider } from "../lib/frete-provider"
import { fulfillmentOf, loggerOf, moduleOf, queryOf } from "../bridge/medusa-bridge"

type Method = { id: string; shipping_option_id?: string | null; data?: Record<string, unknown> | null }
type FlowRow = { id: string; return_id?: string | null; shipping_methods?: Method[] | null } & Record<string, unknown>
type OptionRow = {
  provider_id?: string | null
  data?: Record<string, unknown> | null
  service_zone?: { fulfillment_set?: { location?: unknown } | null } | null
}

/** Each flow's entity, and where its lines are: they go in the provider's context as `<flow>_id` and `<flow>_items`. */
const FLOWS = {
  return: ["return", "items"],
  exchange: ["order_exchange", "additional_items"],
  claim: ["order_claim", "additional_items"],
}
type Flow = keyof typeof FLOWS
const METHOD_FIELDS = ["id", "shipping_option_id", "data"].map((field) => `shipping_methods.${field}`)
const OPTION_FIELDS = ["provider_id", "data", "service_zone.fulfillment_set.location.address.*"]

// Medusa's order flows (return, exchange, claim) price a calculated option through the provider but save the shipping
// method with empty `data`: each method of this provider gets the quote's facts, which the tracking order and the admin
// read, priced again (from the cache) from the context fetchShippingOptionForOrderWorkflow gives.
export default async function orderFlowShippingFactsHandler({
  event: { data: ids },
  container,
}: SubscriberArgs<{ order_id: string } & { [K in `${Flow}_id`]?: string }>) {
  const query = queryOf(container)
  const read = async <T>(entity: string, id: unknown, fields: string[]) =>
    (await query.graph({ entity, fields, filters: { id } })).data[0] as T | undefined
  const order = await read<object>("order", ids.order_id, ["id", "shipping_address.*", "items.*", "items.variant.*"])
  if (!order) return
  const flows = (Object.keys(FLOWS) as Flow[]).flatMap((flow) => (ids[`${flow}_id`] ? [[flow, ids[`${flow}_id`]]] : []))
  // Iterated as it grows: an exchange's or a claim's inbound items come back as a return of theirs.
  for (const [flow, id] of flows as Array<[Flow, string]>) {
    const [entity, lines] = FLOWS[flow]
    const extra = flow === "return" ? [] : ["return_id"]
    const row = await read<FlowRow>(entity, id, [
      "id",
      `${lines}.item_id`,
      `${lines}.quantity`,
      ...METHOD_FIELDS,
      ...extra,
    ])
    if (!row) continue
    if (row.return_id && !flows.some(([, flowId]) => flowId === row.return_id)) flows.push(["return", row.return_id])
    for (const method of row.shipping_methods ?? []) {
      if (!method.shipping_option_id || (method.data && "service" in method.data)) continue
      const option = await read<OptionRow>("shipping_option", method.shipping_option_id, OPTION_FIELDS)
      if (!option || !isFreteProvider(option.provider_id)) continue
      const lineRows = (row[lines] ?? []) as Array<{ item_id?: string | null; quantity?: unknown }>
      const items = lineRows.map((line) => ({ id: line.item_id, quantity: line.quantity }))
      const from_location = option.service_zone?.fulfillment_set?.location ?? null
      const context = { ...order, [`${flow}_id`]: row.id, [`${flow}_items`]: items, from_location }
      try {
        const data = await fulfillmentOf(container).validateFulfillmentData(
          option.provider_id,
          option.data ?? {},
          {},
          context as never
        )
        await moduleOf(container, Modules.ORDER).updateOrderShippingMethods([{ id: method.id, data }])
      } catch (error) {
        // The amount stays as priced; only the facts are missing.
        loggerOf(container).warn(
          `frete: the quote's facts could not be kept on shipping method ${method.id} of ${flow} ${row.id}: ${(error as Error).message}`
        )
      }
    }
  }
}

export const config: SubscriberConfig = {
  event: ["order.return_requested", "order.exchange_created", "order.claim_created"],
}
