import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import type { Logger } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../modules/frete"
import type FreteModuleService from "../modules/frete/service"
import { readShippedFulfillment } from "../workflows/tracking/gather-shipment-facts"
import { trackShipment } from "../workflows/tracking/track-shipment"

/**
 * Medusa v2 has no `order.shipped`: "Mark as shipped" runs createOrderShipmentWorkflow, which emits
 * `shipment.created` with the fulfillment's id. The fulfillment's tracking order row is written
 * first, then delivered at once (see trackShipment). A shipment whose event is lost or whose row
 * could not be written here is found by the reconciliation job (reconcile-tracking-orders).
 */
export default async function shipmentCreatedHandler({ event, container }: SubscriberArgs<{ id: string; no_notification?: boolean }>) {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const fulfillmentId = event.data.id
  const settings = await frete.getSettings()
  // Written even while the tracking API is not configured: delivered once it is (see delivery-policy).
  const fulfillment = await readShippedFulfillment(container, fulfillmentId)
  if (!fulfillment || !fulfillment.providerId || !settings.tracking.provider_ids.includes(fulfillment.providerId)) {
    logger.debug(`frete tracking: fulfillment ${fulfillmentId} is not shipped by a provider that gets tracking orders`)
    return
  }
  await trackShipment(container, { fulfillmentId, orderId: fulfillment.orderId, noNotification: event.data.no_notification === true })
}

export const config: SubscriberConfig = {
  event: "shipment.created",
}
