import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcileShipments, type ReconcileProgress } from "../workflows/tracking/reconcile-shipments"

let progress: ReconcileProgress = {}

/** Medusa's event buses do not redeliver a failed subscriber: this looks for the shipment again. */
export default async function reconcileTrackingOrdersJob(container: MedusaContainer) {
  progress = (await reconcileShipments(container, progress)).progress
}

export const config = { name: "frete-reconcile-tracking-orders", schedule: "*/5 * * * *" }
