import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, createWorkflow, StepResponse, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { FreteSettings } from "../../lib/settings/schema"
import type { FulfillmentRow } from "../../lib/tracking/shipment-rows"
import type { ShipmentReading } from "../../modules/frete/tracking-delivery"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { readShipmentRows } from "./read-shipment-rows"
import { freteOf, queryOf } from "../../bridge/medusa-bridge"

export const DELIVER_TRACKING_ORDER_WORKFLOW = "frete-deliver-tracking-order"

/**
 * A workflow's input and its step's output are written to its stored execution, where neither the shipment's rows nor
 * the recorded row (personal data) belong: the caller and the step hand them over in this process, under a key. A step
 * resumed in another process finds no handoff: it reads what it needs, and its caller reads the row.
 */
interface Handoff {
  fulfillment?: FulfillmentRow
  settings?: FreteSettings
  recorded?: TrackingOrderRow | null
}
const handoffs = new Map<string, Handoff>()
let sequence = 0

/**
 * One attempt: the module claims the row (null: nothing to do), the step reads the shipment with Medusa's Query, the
 * module builds, stores masked, calls with no transaction open and records. Reading and sending are one step on purpose:
 * a step's output is stored. Nothing to compensate: the outbox row is the record.
 */
export const sendTrackingOrderStep = createStep("frete-send-tracking-order", async (input: { id: string; handoff?: string }, { container }) => {
  const frete = freteOf(container)
  const handoff = input.handoff ? handoffs.get(input.handoff) : undefined
  const claimed = await frete.claimTrackingOrder(input.id)
  if (!claimed) return new StepResponse(null)
  const prefetched = handoff?.fulfillment?.id === claimed.fulfillment_id ? handoff.fulfillment : undefined
  const reading: ShipmentReading = await readShipmentRows(queryOf(container), claimed.fulfillment_id, prefetched).then((rows) => ({ rows }), (failure: unknown) => ({ failure }))
  const row = await frete.attemptTrackingOrder(claimed, reading, handoff?.settings)
  if (handoff) handoff.recorded = row
  return new StepResponse(row && { id: row.id, status: row.status, attempts: row.attempts, remote_id: row.remote_id })
})

export const deliverTrackingOrderWorkflow = createWorkflow(
  // Stored 7 days, so each run shows in the admin's Workflows page.
  { name: DELIVER_TRACKING_ORDER_WORKFLOW, store: true, retentionTime: 7 * 24 * 60 * 60 },
  (input: { tracking_order_id: string; handoff?: string }) => new WorkflowResponse(sendTrackingOrderStep({ id: input.tracking_order_id, handoff: input.handoff }))
)

/** The row as its attempt recorded it, or null when none was made. `known`: what the caller already read. */
export async function deliverTrackingOrder(container: MedusaContainer, id: string, known: Omit<Handoff, "recorded"> = {}): Promise<TrackingOrderRow | null> {
  const key = `${process.pid}-${++sequence}`
  const handoff: Handoff = { ...known }
  handoffs.set(key, handoff)
  try {
    const { result } = await deliverTrackingOrderWorkflow(container).run({ input: { tracking_order_id: id, handoff: key } })
    if (!result) return null
    return handoff.recorded !== undefined ? handoff.recorded : ((await freteOf(container).getTrackingOrder(id)) ?? null)
  } finally {
    handoffs.delete(key)
  }
}
