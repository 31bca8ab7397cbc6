import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { trackShipment } from "../workflows"

/**
 * Medusa v2 has no `order.shipped`: "Mark as shipped" runs createOrderShipmentWorkflow, which emits
 * `shipment.created` with the fulfillment's id. Its tracking order row is written, then delivered
 * at once (see trackShipment). A shipment whose event is lost or whose row could not be written
 * here is found by the reconciliation job (reconcile-tracking-orders).
 */
export default async function shipmentCreatedHandler({ event, container }: SubscriberArgs<{ id: string; no_notification?: boolean }>) {
  await trackShipment(container, { fulfillmentId: event.data.id, noNotification: event.data.no_notification === true })
}

export const config: SubscriberConfig = {
  event: "shipment.created",
}
