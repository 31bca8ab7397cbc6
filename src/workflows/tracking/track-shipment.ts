import type { MedusaContainer } from "@medusajs/framework/types"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { deliverTrackingOrder } from "./deliver-tracking-order"
import { readShippedFulfillment } from "./read-shipment-rows"
import { freteOf, loggerOf, queryOf } from "../../bridge/medusa-bridge"

/**
 * Writes the row before any call (the job picks it up if anything after fails), then makes the first attempt at once.
 * While tracking is off nothing is written: no shopper data is kept for a service the store does not use. A second
 * writer (a redelivered event, the reconciliation) finds the row there and gets null, as for another provider's fulfillment.
 */
export async function trackShipment(container: MedusaContainer, shipment: { fulfillmentId: string; noNotification: boolean }): Promise<TrackingOrderRow | null> {
  const frete = freteOf(container)
  const logger = loggerOf(container)
  const settings = await frete.getSettings()
  const off = await frete.trackingOff(settings)
  if (off) {
    logger.debug(`frete tracking: fulfillment ${shipment.fulfillmentId} gets no tracking order: tracking is ${off === "disabled" ? "switched off in the settings" : "not configured (no URL or credential)"}`)
    return null
  }
  const shipped = await readShippedFulfillment(queryOf(container), shipment.fulfillmentId)
  const recorded = shipped && (await frete.recordShipment({ ...shipment, providerId: shipped.providerId, orderId: shipped.orderId }, settings))
  if (!recorded) {
    logger.debug(`frete tracking: fulfillment ${shipment.fulfillmentId} is not shipped by a provider that gets tracking orders`)
    return null
  }
  if (!recorded.inserted) return null
  return (await deliverTrackingOrder(container, recorded.row.id, { fulfillment: shipped.fulfillment, settings })) ?? recorded.row
}
