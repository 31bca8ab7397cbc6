import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf } from "../bridge/medusa-bridge"

export default async function pruneQuoteTakesJob(container: MedusaContainer) {
  await freteOf(container).quoteTakes.prune()
}

export const config = { name: "frete-prune-quote-takes", schedule: "*/5 * * * *" }
