import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf, loggerOf } from "../bridge/medusa-bridge"

/** LGPD: payloads kept `tracking.payload_retention_days` after the row ended; the row stays (never tracked twice). */
export default async function purgeTrackingPayloadsJob(container: MedusaContainer) {
  const frete = freteOf(container)
  const days = (await frete.getSettings()).tracking.payload_retention_days
  const purged = await frete.repository.purgeTrackingPayloads(days)
  if (purged > 0)
    loggerOf(container).info(
      `frete tracking: purged the payloads of ${purged} tracking orders ended more than ${days} days ago`
    )
}

export const config = { name: "frete-purge-tracking-payloads", schedule: "23 * * * *" }
