import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { isFreteProvider } from "../lib/frete-provider"
import { numberOf } from "../lib/utils/number-of"
import { fulfillmentOf, loggerOf, moduleOf, queryOf } from "../bridge/medusa-bridge"

type Row = Record<string, unknown>
type Method = { id: string; shipping_option_id?: string | null; data?: Row | null }
type FlowItem = { item_id?: string | null; quantity?: unknown }
type FlowRow = {
  id: string
  return_id?: string | null
  items?: FlowItem[] | null
  additional_items?: FlowItem[] | null
  shipping_methods?: Method[] | null
}
type OptionRow = {
  id: string
  provider_id?: string | null
  data?: Row | null
  service_zone?: { fulfillment_set?: { location?: Row | null } | null } | null
}
type EventData = { order_id: string; return_id?: string; exchange_id?: string; claim_id?: string }

const FLOWS = {
  return: { entity: "return", idKey: "return_id", itemsKey: "return_items", lines: "items" },
  exchange: { entity: "order_exchange", idKey: "exchange_id", itemsKey: "exchange_items", lines: "additional_items" },
  claim: { entity: "order_claim", idKey: "claim_id", itemsKey: "claim_items", lines: "additional_items" },
} as const
type FlowName = keyof typeof FLOWS
/** Medusa's own context of these flows (fetchShippingOptionForOrderWorkflow): the provider reads the rest. */
export const ORDER_FIELDS = ["id", "shipping_address.*", "items.*", "items.variant.*"]
export const OPTION_FIELDS = [
  "id",
  "provider_id",
  "data",
  "service_zone.fulfillment_set.location.*",
  "service_zone.fulfillment_set.location.address.*",
]

// Medusa's order flows (return, exchange, claim) price a calculated option through the provider but save the shipping method with empty
// `data`: each method of this provider gets the quote's facts, which the tracking order and the admin read, priced again (from the cache).
export default async function orderFlowShippingFactsHandler({
  event: { data: ids },
  container,
}: SubscriberArgs<EventData>) {
  const query = queryOf(container)
  const flows = Object.entries(FLOWS).flatMap(([flow, { idKey }]): Array<[FlowName, string]> =>
    ids[idKey] ? [[flow as FlowName, ids[idKey]]] : []
  )
  const { data: orderRows } = await query.graph({
    entity: "order",
    fields: ORDER_FIELDS,
    filters: { id: ids.order_id },
  })
  const order = orderRows[0] as Row | undefined
  if (!order) return
  // Iterated as it grows: an exchange's or a claim's inbound items come back as a return of theirs.
  for (const [flow, id] of flows) {
    const { entity, lines, idKey, itemsKey } = FLOWS[flow]
    const fields = [
      "id",
      `${lines}.item_id`,
      `${lines}.quantity`,
      "shipping_methods.id",
      "shipping_methods.shipping_option_id",
      "shipping_methods.data",
    ]
    const row = (
      await query.graph({ entity, fields: flow === "return" ? fields : [...fields, "return_id"], filters: { id } })
    ).data[0] as FlowRow | undefined
    if (!row) continue
    if (row.return_id && !flows.some(([name, flowId]) => name === "return" && flowId === row.return_id))
      flows.push(["return", row.return_id])
    const pending = (row.shipping_methods ?? []).filter(
      (method) => method.shipping_option_id && !(method.data && "service" in method.data)
    )
    for (const method of pending) {
      const { data: options } = await query.graph({
        entity: "shipping_option",
        fields: OPTION_FIELDS,
        filters: { id: method.shipping_option_id },
      })
      const option = options[0] as OptionRow | undefined
      if (!option || !isFreteProvider(option.provider_id)) continue
      const context = {
        ...order,
        [idKey]: row.id,
        [itemsKey]: (row[lines] ?? []).map((line) => ({ id: line.item_id, quantity: numberOf(line.quantity) })),
        from_location: option.service_zone?.fulfillment_set?.location ?? null,
      }
      try {
        const data = await fulfillmentOf(container).validateFulfillmentData(
          option.provider_id as string,
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
