import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { FRETE_MODULE } from "../../../modules/frete"
import type FreteModuleService from "../../../modules/frete/service"
import type { TrackingOrderStatus } from "../../../modules/frete/tracking-order-store"
import { shipmentRowsReader } from "../read-shipment-rows"

/** What the workflow keeps of an attempt: never the tracking order (personal data). */
export type SentTrackingOrder = { id: string; status: TrackingOrderStatus; attempts: number; remote_id: string | null } | null

/**
 * One attempt to create the remote tracking order: claimed, built from Medusa's data as it is
 * now, stored masked, called with no transaction open, recorded on the outbox row (see the
 * module's TrackingDelivery). Building and sending are one step on purpose: the shipment's rows
 * hold the shopper's CPF, phone and e-mail, and a step's output is written to the workflow's
 * stored execution. Null when there was nothing to do: not due, or another attempt holds the row.
 * Nothing to compensate: the outbox row is the record, and a tracking order once created is never
 * sent again.
 */
export const sendTrackingOrderStep = createStep("frete-send-tracking-order", async (input: { id: string }, { container }) => {
  const row = await container.resolve<FreteModuleService>(FRETE_MODULE).deliverTrackingOrder(input.id, shipmentRowsReader(container))
  return new StepResponse<SentTrackingOrder>(row && { id: row.id, status: row.status, attempts: row.attempts, remote_id: row.remote_id })
})
