import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcileShipments } from "../workflows/tracking/reconcile-shipments"

/** Medusa's event buses do not redeliver a failed subscriber: this looks for the shipment again. */
export default async function reconcileTrackingOrdersJob(container: MedusaContainer) {
  await reconcileShipments(container)
}

export const config = { name: "frete-reconcile-tracking-orders", schedule: "*/5 * * * *" }
