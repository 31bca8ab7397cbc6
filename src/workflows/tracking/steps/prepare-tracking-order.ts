import type { MedusaContainer } from "@medusajs/framework/types"
import { createStep, StepResponse } from "@medusajs/framework/workflows-sdk"
import { buildTrackingOrder } from "../../../lib/tracking/build-tracking-order"
import { FRETE_MODULE } from "../../../modules/frete"
import type FreteModuleService from "../../../modules/frete/service"
import { gatherShipmentFacts } from "../gather-shipment-facts"

export type PreparedTrackingOrder = { id: string; ready: boolean }

/**
 * Gathers the shipment's facts from Medusa, maps them to the tracking order and records it on the
 * outbox row; a row that already has its tracking order is left as it is. Gathering, mapping and
 * recording are one step on purpose: the facts hold the shopper's CPF, phone and e-mail, and a
 * step's output is written to the workflow's stored execution. Not ready when it failed: the
 * failure is recorded on the row like a failed call, for the job or "Reenviar" to try again.
 */
export async function prepareTrackingOrder(container: MedusaContainer, id: string): Promise<PreparedTrackingOrder> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const row = await frete.getTrackingOrder(id)
  if (!row || row.payload) {
    return { id, ready: Boolean(row) }
  }
  try {
    const facts = await gatherShipmentFacts(container, row.fulfillment_id, row.no_notification, frete.pluginOptions.units)
    await frete.setTrackingPayload(row.id, buildTrackingOrder(facts, await frete.getSettings()))
    return { id, ready: true }
  } catch (error) {
    await frete.recordTrackingPreparationFailure(row.id, error)
    return { id, ready: false }
  }
}

export const prepareTrackingOrderStep = createStep("frete-prepare-tracking-order", async (input: { id: string }, { container }) => {
  return new StepResponse(await prepareTrackingOrder(container, input.id))
})
