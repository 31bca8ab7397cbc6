import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf, loggerOf } from "../bridge/medusa-bridge"

/**
 * LGPD: a tracking order's payload (masked as it is) and its omitted fields' reasons are kept
 * `tracking.payload_retention_days` after the row ended (`created` or `failed`), then forgotten.
 * The row stays: its status, the service's `Id` and the fulfillment it belongs to.
 */
export default async function purgeTrackingPayloadsJob(container: MedusaContainer) {
  const frete = freteOf(container)
  const days = (await frete.getSettings()).tracking.payload_retention_days
  const purged = await frete.purgeTrackingPayloads(days)
  if (purged > 0) {
    loggerOf(container).info(`frete tracking: purged the payloads of ${purged} tracking orders ended more than ${days} days ago`)
  }
}

export const config = {
  name: "frete-purge-tracking-payloads",
  schedule: "23 * * * *",
}
