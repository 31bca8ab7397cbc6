import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf } from "../bridge/medusa-bridge"

/** The quota guard's past minutes, and the figures past the admin's longest range. */
export default async function pruneQuoteTakesJob(container: MedusaContainer) {
  const { repository } = freteOf(container)
  await Promise.all([repository.pruneGrants(), repository.pruneFigures()])
}

export const config = { name: "frete-prune-quote-takes", schedule: "*/5 * * * *" }
