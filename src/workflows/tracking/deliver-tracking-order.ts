import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { openHandoff, type DeliveryHandoff } from "./steps/delivery-handoff"
import { sendTrackingOrderStep } from "./steps/send-tracking-order"
import { freteOf } from "../../bridge/medusa-bridge"

export const DELIVER_TRACKING_ORDER_WORKFLOW = "frete-deliver-tracking-order"

/** How long the admin's Workflows page keeps each delivery's execution: 7 days. */
const RETENTION_SECONDS = 7 * 24 * 60 * 60

/**
 * One delivery of a tracking order from the outbox (`tracking_order`, the source of truth): one
 * attempt to create it in the tracking service, built from Medusa's data for that call (claim,
 * read the shipment, attempt: see the step). Stored, so each run and its step show in the admin's
 * Workflows page; its input and the step's output hold no personal data.
 */
export const deliverTrackingOrderWorkflow = createWorkflow(
  { name: DELIVER_TRACKING_ORDER_WORKFLOW, store: true, retentionTime: RETENTION_SECONDS },
  (input: { tracking_order_id: string; handoff?: string }) => {
    return new WorkflowResponse(sendTrackingOrderStep({ id: input.tracking_order_id, handoff: input.handoff }))
  }
)

/**
 * Runs the delivery workflow for one row; the row as its attempt recorded it, or null when none
 * was made. `known`: what the caller already read (the fulfillment, the settings), not read again.
 */
export async function deliverTrackingOrder(container: MedusaContainer, id: string, known: Omit<DeliveryHandoff, "recorded"> = {}): Promise<TrackingOrderRow | null> {
  const { key, handoff, close } = openHandoff(known)
  try {
    const { result } = await deliverTrackingOrderWorkflow(container).run({ input: { tracking_order_id: id, handoff: key } })
    if (!result) {
      return null
    }
    // The step ran in another process: the row is read from the outbox.
    return handoff.recorded !== undefined ? handoff.recorded : ((await freteOf(container).getTrackingOrder(id)) ?? null)
  } finally {
    close()
  }
}
