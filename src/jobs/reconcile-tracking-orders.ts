import type { MedusaContainer } from "@medusajs/framework/types"
import { reconcileShipments } from "../workflows/tracking/reconcile-shipments"

/**
 * Nothing lost: every 5 minutes, a shipment of the last 7 days that has no tracking order (its
 * event lost, its row's write failed) gets one, delivered like any other. Medusa's event buses do
 * not redeliver a failed subscriber; this is what looks for the shipment again. Each run reads
 * the newest shipments first, so a lost one is found by the next run, and goes on walking the
 * rest of the window where the previous run stopped; its work is bounded (see reconcileShipments).
 */
export default async function reconcileTrackingOrdersJob(container: MedusaContainer) {
  await reconcileShipments(container)
}

export const config = {
  name: "frete-reconcile-tracking-orders",
  schedule: "*/5 * * * *",
}
