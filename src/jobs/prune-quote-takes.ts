import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf } from "../bridge/medusa-bridge"

/** Forgets the quota guard's counts (per client and store-wide) of the minutes that ended. */
export default async function pruneQuoteTakesJob(container: MedusaContainer) {
  await freteOf(container).pruneQuoteTakes()
}

export const config = { name: "frete-prune-quote-takes", schedule: "*/5 * * * *" }
