import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { maskPersonalText } from "../../lib/security/mask-personal-text"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import {
  decideAfterFailure,
  decideAfterUnbuiltOrder,
  decideWhileNotConfigured,
} from "../../lib/tracking/delivery-policy"
import { personalValues } from "../../lib/tracking/mask-payload"
import {
  shipmentFacts,
  type FulfillmentRow,
  type MethodRow,
  type OrderRow,
  type ShipmentRows,
} from "../../lib/tracking/shipment-facts"
import type { AttemptOutcome, ClaimedRow, TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import type { Query } from "../../shared/query"
import { freteOf, loggerOf, queryOf } from "../../bridge/medusa-bridge"

export const DELIVER_TRACKING_ORDER_WORKFLOW = "frete-deliver-tracking-order"

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** From Medusa's data as it is now ("Reenviar" sends what was fixed since); null, logged, when it cannot be read. */
export async function rebuildOrWarn(
  container: MedusaContainer,
  row: Pick<TrackingOrderRow, "id" | "fulfillment_id" | "no_notification">
): Promise<BuiltTrackingOrder | null> {
  const frete = freteOf(container)
  try {
    const rows = await readShipmentRows(queryOf(container), row.fulfillment_id)
    const facts = shipmentFacts(rows, frete.pluginOptions.units, row.no_notification)
    return buildTrackingOrder(facts, await frete.getSettings())
  } catch (error) {
    loggerOf(container).warn(`frete tracking: could not build tracking order ${row.id}: ${messageOf(error)}`)
    return null
  }
}

/** One step; its stored output is the row's state, never its payload. The row is the record: nothing to compensate. */
export const sendTrackingOrderStep = createStep(
  "frete-send-tracking-order",
  async (input: { id: string }, { container }) => {
    const claimed = await freteOf(container).trackingOrders.claim(input.id)
    const row = claimed && (await attempt(container, claimed))
    return new StepResponse(row && { id: row.id, status: row.status, attempts: row.attempts, remote_id: row.remote_id })
  }
)

async function attempt(container: MedusaContainer, claimed: ClaimedRow): Promise<TrackingOrderRow | null> {
  const frete = freteOf(container)
  const { trackingOrders } = frete
  const logger = loggerOf(container)
  const { retry } = frete.pluginOptions.tracking
  const tries = claimed.attempts + 1
  let built = await rebuildOrWarn(container, claimed)
  try {
    // Stored before the call: an order whose outcome could not be recorded is never sent.
    if (built && !(await trackingOrders.hold(claimed, built))) return (await trackingOrders.get(claimed.id)) ?? null
  } catch (error) {
    logger.warn(`frete tracking: could not store tracking order ${claimed.id}: ${messageOf(error)}`)
    built = null
  }
  const client = built && frete.trackingClient()
  let failure: unknown
  const outcome: AttemptOutcome = !built
    ? decideAfterUnbuiltOrder(tries, claimed.age_ms, retry)
    : !client
      ? decideWhileNotConfigured(claimed.age_ms, retry)
      : await client.createTrackingOrder(built.order).then(
          (created): AttemptOutcome => ({ kind: "created", remoteId: created.id }),
          (error: unknown) => {
            failure = error
            return decideAfterFailure(error, tries, claimed.age_ms, retry)
          }
        )
  // The service's refusal may quote the shopper, whose every value is known here.
  const known = built ? personalValues(built.order) : []
  const masked = outcome.kind === "created" ? outcome : { ...outcome, reason: maskPersonalText(outcome.reason, known) }
  const recorded = await trackingOrders.record(claimed, masked)
  if (!recorded) {
    logger.warn(
      `frete tracking: the outcome of an attempt on fulfillment ${claimed.fulfillment_id} came after a newer attempt; kept the newer one`
    )
    return (await trackingOrders.get(claimed.id)) ?? null
  }
  const cause = failure instanceof Error ? ` [${maskPersonalText(failure.message, known)}]` : ""
  const result =
    recorded.status === "created"
      ? `created as ${recorded.remote_id}`
      : `${recorded.status} after attempt ${recorded.attempts}: ${recorded.last_error}${cause}`
  logger[recorded.status === "failed" ? "warn" : "info"](
    `frete tracking: fulfillment ${recorded.fulfillment_id} ${result}`
  )
  return recorded
}

export const deliverTrackingOrderWorkflow = createWorkflow(
  // Stored 7 days, so each run shows in the admin's Workflows page.
  { name: DELIVER_TRACKING_ORDER_WORKFLOW, store: true, retentionTime: 7 * 24 * 60 * 60 },
  (input: { tracking_order_id: string }) => new WorkflowResponse(sendTrackingOrderStep({ id: input.tracking_order_id }))
)

/** Null when no attempt was made. */
export async function deliverTrackingOrder(container: MedusaContainer, id: string): Promise<TrackingOrderRow | null> {
  const { result } = await deliverTrackingOrderWorkflow(container).run({ input: { tracking_order_id: id } })
  return result ? ((await freteOf(container).trackingOrders.get(id)) ?? null) : null
}

/**
 * `in_progress`: an attempt holds the row, or it changed since it was read (sending now could send it twice).
 * `maybe_created`: the service may already have the order, and the merchant did not confirm this row: nothing sent.
 */
export type ResendOutcome = {
  kind: "sent" | "queued" | "already_created" | "in_progress" | "unreadable" | "maybe_created"
  row: TrackingOrderRow
}

/** Rebuilt from the order's current data and made due; `sendNow` false leaves the attempt to the job (`queued`). */
export async function resendTrackingOrder(
  container: MedusaContainer,
  row: TrackingOrderRow,
  { sendNow = true, maybeCreatedConfirmed = false } = {}
): Promise<ResendOutcome> {
  if (row.status === "created") return { kind: "already_created", row }
  if (row.status === "sending") return { kind: "in_progress", row }
  if (row.maybe_created && !maybeCreatedConfirmed) return { kind: "maybe_created", row }
  const { trackingOrders } = freteOf(container)
  const rebuilt = await rebuildOrWarn(container, row)
  if (!rebuilt) return { kind: "unreadable", row }
  const requeued = await trackingOrders.requeue(row.id, row.status, rebuilt, maybeCreatedConfirmed)
  if (!requeued) return { kind: "in_progress", row: (await trackingOrders.get(row.id)) ?? row }
  if (!sendNow) return { kind: "queued", row: requeued }
  // Null when another attempt (the job) claimed the row first.
  const sent = (await deliverTrackingOrder(container, requeued.id)) ?? (await trackingOrders.get(row.id))
  return { kind: "sent", row: sent ?? requeued }
}

const FULFILLMENT_FIELDS = ["*", "labels.tracking_number", "items.*", "order.id"]
// As Medusa's admin order route asks: Medusa 2.13 computes totals from the item and method fields a query names only.
const ORDER_FIELDS = [
  "id",
  "display_id",
  "email",
  "metadata",
  "total",
  "item_subtotal",
  "credit_lines.*",
  "sales_channel.name",
  ...["*", "detail.*", "tax_lines.*", "adjustments.*", "variant.*", "variant.product.weight"].map((f) => `items.${f}`),
  ...["*", "tax_lines.*", "adjustments.*"].map((f) => `shipping_methods.${f}`),
  "shipping_address.*",
  "customer.*",
]

export async function readShipmentRows(query: Query, fulfillmentId: string): Promise<ShipmentRows> {
  const fulfillment = (
    await query.graph({ entity: "fulfillment", fields: FULFILLMENT_FIELDS, filters: { id: fulfillmentId } })
  ).data[0] as FulfillmentRow | undefined
  if (!fulfillment?.order?.id) throw new Error(`fulfillment ${fulfillmentId} or its order was not found`)
  const orderId = fulfillment.order.id
  const locationId = fulfillment.location_id
  const [orders, locations, flowMethod] = await Promise.all([
    query.graph({ entity: "order", fields: ORDER_FIELDS, filters: { id: orderId } }),
    locationId
      ? query.graph({ entity: "stock_location", fields: ["id", "address.postal_code"], filters: { id: locationId } })
      : { data: [] },
    outboundMethodOf(query, orderId, fulfillment),
  ])
  const order = orders.data[0] as OrderRow | undefined
  if (!order) throw new Error(`fulfillment ${fulfillmentId} or its order was not found`)
  return {
    fulfillment,
    order,
    location: (locations.data[0] as ShipmentRows["location"] | undefined) ?? null,
    flowMethod,
  }
}

type FlowRow = {
  additional_items?: Array<{ item_id?: string | null; is_additional_item?: boolean | null }> | null
  shipping_methods?: MethodRow[] | null
}

/** The method of the exchange or claim whose new items the fulfillment ships (Medusa copies the order's onto it). */
async function outboundMethodOf(query: Query, orderId: string, fulfillment: FulfillmentRow): Promise<MethodRow | null> {
  const shipped = new Set((fulfillment.items ?? []).flatMap((item) => (item.line_item_id ? [item.line_item_id] : [])))
  if (!shipped.size) return null
  const fields = ["id", "additional_items.item_id", "shipping_methods.*"]
  // A claim's `additional_items` also holds the claimed items (the order's own): only the new ones count.
  const flows = [
    { entity: "order_exchange", fields, isNew: () => true },
    {
      entity: "order_claim",
      fields: [...fields, "additional_items.is_additional_item"],
      isNew: (item: { is_additional_item?: boolean | null }) => item.is_additional_item !== false,
    },
  ]
  for (const { entity, fields: wanted, isNew } of flows) {
    const { data } = await query.graph({ entity, fields: wanted, filters: { order_id: orderId } })
    const flow = (data as FlowRow[]).find((row) =>
      (row.additional_items ?? []).some((item) => isNew(item) && item.item_id && shipped.has(item.item_id))
    )
    if (flow) {
      const methods = flow.shipping_methods ?? []
      return (
        methods.find((method) => method.shipping_option_id === fulfillment.shipping_option_id) ?? methods[0] ?? null
      )
    }
  }
  return null
}
