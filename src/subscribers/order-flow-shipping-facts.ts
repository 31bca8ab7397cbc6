import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { Modules } from "@medusajs/framework/utils"
import { isFreteProvider } from "../lib/frete-provider"
import { numberOf } from "../lib/utils/number-of"
import { fulfillmentOf, loggerOf, moduleOf, queryOf, type MedusaScope } from "../bridge/medusa-bridge"
import type { Query } from "../shared/query"

type Row = Record<string, unknown>
type Method = { id: string; shipping_option_id?: string | null; data?: Row | null }
type FlowItem = { item_id?: string | null; quantity?: unknown }
type FlowRow = { id: string; return_id?: string | null; items?: FlowItem[] | null; additional_items?: FlowItem[] | null; shipping_methods?: Method[] | null }
type OptionRow = { id: string; provider_id?: string | null; data?: Row | null; service_zone?: { fulfillment_set?: { location?: Row | null } | null } | null }

type EventData = { order_id: string; return_id?: string; exchange_id?: string; claim_id?: string }

/** The flows whose shipping methods this subscriber completes, and the fields it reads of each. */
const FLOWS = {
  return: { entity: "return", idKey: "return_id", itemsKey: "return_items", lines: "items" },
  exchange: { entity: "order_exchange", idKey: "exchange_id", itemsKey: "exchange_items", lines: "additional_items" },
  claim: { entity: "order_claim", idKey: "claim_id", itemsKey: "claim_items", lines: "additional_items" },
} as const

type FlowName = keyof typeof FLOWS

async function readFlow(query: Query, flow: FlowName, id: string): Promise<FlowRow | undefined> {
  const { entity, lines } = FLOWS[flow]
  const fields = ["id", `${lines}.item_id`, `${lines}.quantity`, "shipping_methods.id", "shipping_methods.shipping_option_id", "shipping_methods.data"]
  const { data } = await query.graph({ entity, fields: flow === "return" ? fields : [...fields, "return_id"], filters: { id } })
  return data[0] as FlowRow | undefined
}

/**
 * Medusa's order flows (`createReturnShippingMethodWorkflow`, the exchange's and the claim's)
 * price a calculated option through the provider but save the shipping method with empty `data`:
 * they keep only the amount. Checkout's method keeps the quote's facts (service, carrier, days,
 * delivery estimate), which the tracking order and the admin read. Once the return, exchange or
 * claim is requested, each of its methods of this provider is completed with them: priced again
 * through the provider with the context Medusa gave it, which finds the same quote in the cache.
 */
export default async function orderFlowShippingFactsHandler({ event, container }: SubscriberArgs<EventData>) {
  await completeFlows(container, event.data)
}

async function completeFlows(container: MedusaScope, ids: EventData) {
  const query = queryOf(container)
  const logger = loggerOf(container)
  const orders = moduleOf(container, Modules.ORDER)
  const fulfillment = fulfillmentOf(container)

  const flows: Array<[FlowName, string]> = []
  if (ids.return_id) flows.push(["return", ids.return_id])
  if (ids.exchange_id) flows.push(["exchange", ids.exchange_id])
  if (ids.claim_id) flows.push(["claim", ids.claim_id])

  const { data: orderRows } = await query.graph({
    entity: "order",
    // Medusa's own context of these flows (fetchShippingOptionForOrderWorkflow): the provider reads the rest.
    fields: ["id", "shipping_address.*", "items.*", "items.variant.*"],
    filters: { id: ids.order_id },
  })
  const order = orderRows[0] as Row | undefined
  if (!order) return

  for (let index = 0; index < flows.length; index += 1) {
    const [flow, id] = flows[index]
    const row = await readFlow(query, flow, id)
    if (!row) continue
    // An exchange's or a claim's inbound items come back as a return of theirs.
    if (row.return_id && !flows.some(([name, flowId]) => name === "return" && flowId === row.return_id)) {
      flows.push(["return", row.return_id])
    }
    const pending = (row.shipping_methods ?? []).filter((method) => method.shipping_option_id && !(method.data && "service" in method.data))
    for (const method of pending) {
      const { data: options } = await query.graph({
        entity: "shipping_option",
        fields: ["id", "provider_id", "data", "service_zone.fulfillment_set.location.*", "service_zone.fulfillment_set.location.address.*"],
        filters: { id: method.shipping_option_id },
      })
      const option = options[0] as OptionRow | undefined
      if (!option || !isFreteProvider(option.provider_id)) continue
      const { idKey, itemsKey, lines } = FLOWS[flow]
      const context = {
        ...order,
        [idKey]: row.id,
        [itemsKey]: (row[lines] ?? []).map((line) => ({ id: line.item_id, quantity: numberOf(line.quantity) })),
        from_location: option.service_zone?.fulfillment_set?.location ?? null,
      }
      try {
        const data = await fulfillment.validateFulfillmentData(option.provider_id as string, option.data ?? {}, {}, context as never)
        await orders.updateOrderShippingMethods([{ id: method.id, data }])
      } catch (error) {
        // The amount stays as priced; only the facts are missing, as they were before.
        logger.warn(`frete: the quote's facts could not be kept on shipping method ${method.id} of ${flow} ${row.id}: ${(error as Error).message}`)
      }
    }
  }
}

export const config: SubscriberConfig = {
  event: ["order.return_requested", "order.exchange_created", "order.claim_created"],
}
