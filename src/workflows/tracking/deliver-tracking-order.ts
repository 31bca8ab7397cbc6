import type { MedusaContainer } from "@medusajs/framework/types"
import { createWorkflow, WorkflowResponse } from "@medusajs/framework/workflows-sdk"
import { FRETE_MODULE } from "../../modules/frete"
import type FreteModuleService from "../../modules/frete/service"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { sendTrackingOrderStep } from "./steps/send-tracking-order"

export const DELIVER_TRACKING_ORDER_WORKFLOW = "frete-deliver-tracking-order"

/** How long the admin's Workflows page keeps each delivery's execution: 7 days. */
const RETENTION_SECONDS = 7 * 24 * 60 * 60

/**
 * One delivery of a tracking order from the outbox (`tracking_order`, the source of truth): one
 * attempt to create it in the tracking service, built from Medusa's data for that call. Stored,
 * so each run and its step show in the admin's Workflows page; the step's output holds no
 * personal data.
 */
export const deliverTrackingOrderWorkflow = createWorkflow(
  { name: DELIVER_TRACKING_ORDER_WORKFLOW, store: true, retentionTime: RETENTION_SECONDS },
  (input: { tracking_order_id: string }) => {
    return new WorkflowResponse(sendTrackingOrderStep({ id: input.tracking_order_id }))
  }
)

/** Runs the delivery workflow for one row; the row after its attempt, or null when none was made. */
export async function deliverTrackingOrder(container: MedusaContainer, id: string): Promise<TrackingOrderRow | null> {
  const { result } = await deliverTrackingOrderWorkflow(container).run({ input: { tracking_order_id: id } })
  return result ? ((await container.resolve<FreteModuleService>(FRETE_MODULE).getTrackingOrder(id)) ?? null) : null
}
