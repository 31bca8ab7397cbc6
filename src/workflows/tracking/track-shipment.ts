import type { MedusaContainer } from "@medusajs/framework/types"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { deliverTrackingOrder } from "./deliver-tracking-order"
import { freteOf, loggerOf, queryOf } from "../../bridge/medusa-bridge"

// The row is written before any call (the job picks it up if anything after fails), then attempted at once. Tracking
// off: nothing written, no shopper data kept. A second writer (a redelivered event) finds the row and gets null.
export async function trackShipment(
  container: MedusaContainer,
  shipment: { fulfillmentId: string; noNotification: boolean }
): Promise<TrackingOrderRow | null> {
  const frete = freteOf(container)
  const logger = loggerOf(container)
  const settings = await frete.getSettings()
  const off = await frete.trackingOff(settings)
  if (off) {
    logger.debug(
      `frete tracking: fulfillment ${shipment.fulfillmentId} gets no tracking order: tracking is ${off === "disabled" ? "switched off in the settings" : "not configured (no URL or credential)"}`
    )
    return null
  }
  const { data } = await queryOf(container).graph({
    entity: "fulfillment",
    fields: ["id", "provider_id", "order.id"],
    filters: { id: shipment.fulfillmentId },
  })
  const shipped = data[0] as { provider_id?: string | null; order?: { id?: string } | null } | undefined
  if (!shipped?.provider_id || !settings.tracking.provider_ids.includes(shipped.provider_id)) {
    logger.debug(
      `frete tracking: fulfillment ${shipment.fulfillmentId} is not shipped by a provider that gets tracking orders`
    )
    return null
  }
  const { fulfillmentId, noNotification } = shipment
  const orderId = shipped.order?.id ?? null
  const recorded = await frete.repository.insertTracking<TrackingOrderRow>(fulfillmentId, orderId, noNotification)
  return recorded ? ((await deliverTrackingOrder(container, recorded.id)) ?? recorded) : null
}
