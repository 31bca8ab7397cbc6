import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import type { ShipmentReading } from "../../../modules/frete/tracking-delivery"
import type { TrackingOrderStatus } from "../../../modules/frete/tracking-order-store"
import { readShipmentRows } from "../read-shipment-rows"
import { handoffOf } from "./delivery-handoff"
import { freteOf, queryOf } from "../../../bridge/medusa-bridge"

/** What the workflow keeps of an attempt: never the tracking order (personal data). */
export type SentTrackingOrder = { id: string; status: TrackingOrderStatus; attempts: number; remote_id: string | null } | null

/**
 * One attempt to create the remote tracking order, walked forward: the module claims the row
 * (null: not due, or another attempt holds it; nothing is read then), the step reads the
 * shipment's rows with Medusa's Query, the module builds the order from them, stores it masked,
 * calls with no transaction open and records the outcome on the outbox row (see the module's
 * TrackingDelivery). Each is read once; the module never calls back into workflow code. Reading,
 * building and sending are one step on purpose: the shipment's rows hold the shopper's CPF, phone
 * and e-mail, and a step's output is written to the workflow's stored execution. Nothing to
 * compensate: the outbox row is the record, and a tracking order once created is never sent again.
 */
export const sendTrackingOrderStep = createStep(
  "frete-send-tracking-order",
  async (input: { id: string; handoff?: string }, { container }) => {
    const frete = freteOf(container)
    const handoff = handoffOf(input.handoff)
    const claimed = await frete.claimTrackingOrder(input.id)
    if (!claimed) {
      return new StepResponse<SentTrackingOrder>(null)
    }
    const prefetched = handoff?.fulfillment?.id === claimed.fulfillment_id ? handoff.fulfillment : undefined
    let reading: ShipmentReading
    try {
      reading = { rows: await readShipmentRows(queryOf(container), claimed.fulfillment_id, prefetched) }
    } catch (failure) {
      reading = { failure }
    }
    const row = await frete.attemptTrackingOrder(claimed, reading, handoff?.settings)
    if (handoff) {
      handoff.recorded = row
    }
    return new StepResponse<SentTrackingOrder>(row && { id: row.id, status: row.status, attempts: row.attempts, remote_id: row.remote_id })
  }
)
