import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf, loggerOf } from "../bridge/medusa-bridge"
import { deliveryJobSchedule, JOB_SECONDS_VARIABLE } from "../lib/tracking/job-schedule"
import { deliverTrackingOrder } from "../workflows/tracking/deliver-tracking-order"

/** Rows given an attempt per run; the rest wait for the next run. */
const BATCH = 50

/**
 * Retries the tracking orders not delivered yet. First the rows whose attempt died with its
 * process (`sending` past the lease) end failed, then every pending row whose time has come gets
 * one attempt, unless tracking is off (switched off, or no URL or credential): then no workflow
 * runs, and the rows wait for it to be on. Medusa runs it on its worker (and `shared`)
 * instances; row claims keep them apart.
 */
export default async function deliverTrackingOrdersJob(container: MedusaContainer) {
  const frete = freteOf(container)
  const logger = loggerOf(container)
  await frete.sweepTrackingLeases()
  if (await frete.trackingOff()) {
    return
  }
  for (const id of await frete.dueTrackingOrderIds(BATCH)) {
    try {
      await deliverTrackingOrder(container, id)
    } catch (error) {
      logger.error(`frete tracking: attempt on ${id} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
}

export const config = {
  name: "frete-deliver-tracking-orders",
  // Every minute on the minute, or every FRETE_TRACKING_JOB_SECONDS seconds.
  schedule: deliveryJobSchedule(process.env[JOB_SECONDS_VARIABLE]),
}
