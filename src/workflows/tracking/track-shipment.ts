import type { MedusaContainer } from "@medusajs/framework/types"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { deliverTrackingOrder } from "./deliver-tracking-order"
import { readShippedFulfillment } from "./read-shipment-rows"
import { freteOf, loggerOf, queryOf } from "../../bridge/medusa-bridge"

/**
 * Writes the tracking order row of a shipped fulfillment whose provider gets tracking orders, then
 * makes its first attempt at once. The row is written before any call, so nothing is lost if
 * anything after fails (the job picks it up). While tracking is off (switched off in the settings,
 * or no tracking URL or credential in force) nothing is written, built or run: no shopper data is
 * kept for a service the store does not use. The unique fulfillment id makes a second writer (a
 * redelivered event, the reconciliation, another instance) find the row there and leave it to
 * whoever wrote it: null then, as for a fulfillment of another provider.
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
  if (!recorded.inserted) {
    return null
  }
  // The first attempt at once, with the fulfillment and the settings read here: neither is read twice.
  return (await deliverTrackingOrder(container, recorded.row.id, { fulfillment: shipped.fulfillment, settings })) ?? recorded.row
}
