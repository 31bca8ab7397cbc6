import type { MedusaContainer } from "@medusajs/framework/types"
import { deliverDueTrackingOrders } from "../workflows/tracking/deliver-tracking-orders"

/** Retries the tracking orders not delivered yet; Medusa runs it on its worker (and `shared`) instances, row claims keep them apart. */
export default async function deliverTrackingOrdersJob(container: MedusaContainer) {
  await deliverDueTrackingOrders(container)
}

export const config = {
  name: "frete-deliver-tracking-orders",
  schedule: "* * * * *",
}
