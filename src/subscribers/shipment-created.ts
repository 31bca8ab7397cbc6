import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { recordShipment } from "../workflows/tracking/deliver-tracking-orders"

/**
 * Medusa v2 has no `order.shipped`: "Mark as shipped" runs createOrderShipmentWorkflow, which emits
 * `shipment.created` with the fulfillment's id.
 */
export default async function shipmentCreatedHandler({ event, container }: SubscriberArgs<{ id: string; no_notification?: boolean }>) {
  await recordShipment(container, event.data.id, event.data.no_notification === true)
}

export const config: SubscriberConfig = {
  event: "shipment.created",
}
