import type { SubscriberArgs, SubscriberConfig } from "@medusajs/framework"
import { trackShipment } from "../workflows"

/** Medusa v2 has no `order.shipped`: "Mark as shipped" emits `shipment.created` with the fulfillment's id. */
export default async function shipmentCreatedHandler({
  event,
  container,
}: SubscriberArgs<{ id: string; no_notification?: boolean }>) {
  await trackShipment(container, { fulfillmentId: event.data.id, noNotification: event.data.no_notification === true })
}

export const config: SubscriberConfig = { event: "shipment.created" }
