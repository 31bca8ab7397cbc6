import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf } from "../bridge/medusa-bridge"

export default async function pruneQuoteTakesJob(container: MedusaContainer) {
  const frete = freteOf(container)
  await Promise.all([frete.quoteTakes.prune(), frete.stats.prune()])
}

export const config = { name: "frete-prune-quote-takes", schedule: "*/5 * * * *" }
