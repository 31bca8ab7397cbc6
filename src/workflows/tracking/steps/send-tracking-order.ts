import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { FRETE_MODULE } from "../../../modules/frete"
import type FreteModuleService from "../../../modules/frete/service"
import type { TrackingOrderRow, TrackingOrderStatus } from "../../../modules/frete/tracking-order-store"
import { rebuildTrackingOrder } from "../rebuild-tracking-order"
import type { PreparedTrackingOrder } from "./prepare-tracking-order"

/** What the workflow keeps of an attempt: never the row's payload (personal data). */
export type SentTrackingOrder = { id: string; status: TrackingOrderStatus; attempts: number; remote_id: string | null } | null

/**
 * One attempt to create the remote tracking order (claimed, built, called with no transaction
 * open, recorded on the outbox row: see the module's TrackingDelivery). Null when there was nothing to
 * do: not ready, not due, or another attempt holds the row. Nothing to compensate: the outbox row
 * is the record, and a tracking order once created is never sent again.
 */
export const sendTrackingOrderStep = createStep("frete-send-tracking-order", async (input: PreparedTrackingOrder, { container }) => {
  if (!input.ready) {
    return new StepResponse<SentTrackingOrder>(null)
  }
  // Built again here, from Medusa's data as it is now, so the clear order never rests anywhere.
  const build = (claimed: TrackingOrderRow) => rebuildTrackingOrder(container, claimed)
  const row = await container.resolve<FreteModuleService>(FRETE_MODULE).deliverTrackingOrder(input.id, build)
  return new StepResponse<SentTrackingOrder>(row && { id: row.id, status: row.status, attempts: row.attempts, remote_id: row.remote_id })
})
