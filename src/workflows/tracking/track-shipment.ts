import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../../modules/frete"
import type FreteModuleService from "../../modules/frete/service"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { deliverTrackingOrder } from "./deliver-tracking-order"

/**
 * Writes the tracking order row of a shipped fulfillment, then makes its first attempt at once.
 * The row is written before any call, so nothing is lost if anything after fails (the job picks it
 * up). The unique fulfillment id makes a second writer (a redelivered event, the reconciliation,
 * another instance) find the row there and leave it to whoever wrote it: null then.
 */
export async function trackShipment(
  container: MedusaContainer,
  shipment: { fulfillmentId: string; orderId: string | null; noNotification: boolean }
): Promise<TrackingOrderRow | null> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const { row, inserted } = await frete.recordShipment(shipment)
  if (!inserted) {
    return null
  }
  if (!frete.trackingClient()) {
    container
      .resolve<Logger>(ContainerRegistrationKeys.LOGGER)
      .warn(`frete tracking: not configured yet; the tracking order of fulfillment ${shipment.fulfillmentId} waits for the URL and the credential`)
  }
  return (await deliverTrackingOrder(container, row.id)) ?? row
}
