import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf, loggerOf } from "../bridge/medusa-bridge"
import { deliveryJobSchedule, JOB_SECONDS_VARIABLE } from "../lib/tracking/job-schedule"
import { deliverTrackingOrder } from "../workflows/tracking/deliver-tracking-order"

const BATCH = 50

/** On Medusa's worker (and `shared`) instances; row claims keep them apart. While tracking is off, rows wait. */
export default async function deliverTrackingOrdersJob(container: MedusaContainer) {
  const frete = freteOf(container)
  await frete.sweepTrackingLeases()
  if (await frete.trackingOff()) return
  for (const id of await frete.trackingOrders.dueIds(BATCH)) {
    try {
      await deliverTrackingOrder(container, id)
    } catch (error) {
      loggerOf(container).error(
        `frete tracking: attempt on ${id} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`
      )
    }
  }
}

export const config = {
  name: "frete-deliver-tracking-orders",
  schedule: deliveryJobSchedule(process.env[JOB_SECONDS_VARIABLE]),
}
