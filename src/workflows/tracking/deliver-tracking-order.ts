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
import { shipmentFacts } from "../../lib/tracking/shipment-facts"
import type { AttemptOutcome, ClaimedRow, TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { readShipmentRows } from "./read-shipment-rows"
import { freteOf, loggerOf, queryOf } from "../../bridge/medusa-bridge"

export const DELIVER_TRACKING_ORDER_WORKFLOW = "frete-deliver-tracking-order"

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** From Medusa's data as it is now: "Reenviar" sends what the merchant has fixed since (the phone, the CPF). */
async function rebuildTrackingOrder(
  container: MedusaContainer,
  row: Pick<TrackingOrderRow, "fulfillment_id" | "no_notification">
): Promise<BuiltTrackingOrder> {
  const frete = freteOf(container)
  const rows = await readShipmentRows(queryOf(container), row.fulfillment_id)
  const facts = shipmentFacts(rows, frete.pluginOptions.units, row.no_notification)
  return buildTrackingOrder(facts, await frete.getSettings())
}

/** Null, logged, when the order or its fulfillment cannot be read. */
export const rebuildOrWarn = (container: MedusaContainer, row: TrackingOrderRow): Promise<BuiltTrackingOrder | null> =>
  rebuildTrackingOrder(container, row).catch((error: unknown) => {
    loggerOf(container).warn(`frete tracking: could not rebuild tracking order ${row.id}: ${messageOf(error)}`)
    return null
  })

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
  let built: BuiltTrackingOrder | undefined
  try {
    built = await rebuildTrackingOrder(container, claimed)
    // Stored before the call: an order whose outcome could not be recorded is never sent.
    if (!(await trackingOrders.hold(claimed, built))) return (await trackingOrders.get(claimed.id)) ?? null
  } catch (error) {
    logger.warn(`frete tracking: could not build tracking order ${claimed.id}: ${messageOf(error)}`)
    built = undefined
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

/** The row as its attempt recorded it, or null when none was made. */
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
