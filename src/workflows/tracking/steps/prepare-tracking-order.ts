import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { FRETE_MODULE } from "../../../modules/frete"
import type FreteModuleService from "../../../modules/frete/service"
import { rebuildTrackingOrder } from "../rebuild-tracking-order"

export type PreparedTrackingOrder = { id: string; ready: boolean }

/**
 * Gathers the shipment's facts from Medusa, maps them to the tracking order and records it on the
 * outbox row, masked (what the admin shows while the row waits); the send step builds it again, in
 * clear, for its call only. Gathering, mapping and recording are one step on purpose: the facts
 * hold the shopper's CPF, phone and e-mail, and a step's output is written to the workflow's
 * stored execution. Not ready when it failed: the failure is recorded on the row like an attempt
 * that sent nothing, for the job or "Reenviar" to try again. A row that is not `pending` is left
 * as it is (the send step's claim refuses it).
 */
export async function prepareTrackingOrder(container: MedusaContainer, id: string): Promise<PreparedTrackingOrder> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const row = await frete.getTrackingOrder(id)
  if (!row || row.status !== "pending") {
    return { id, ready: Boolean(row) }
  }
  try {
    await frete.setTrackingPayload(row.id, await rebuildTrackingOrder(container, row))
    return { id, ready: true }
  } catch (error) {
    await frete.recordTrackingPreparationFailure(row.id, error)
    return { id, ready: false }
  }
}

export const prepareTrackingOrderStep = createStep("frete-prepare-tracking-order", async (input: { id: string }, { container }) => {
  return new StepResponse(await prepareTrackingOrder(container, input.id))
})
