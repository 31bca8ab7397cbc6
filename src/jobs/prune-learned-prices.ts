import type { MedusaContainer } from "@medusajs/framework/types"
import { freteOf } from "../bridge/medusa-bridge"

/** The learned prices past their retention and bounds (docs/learned-prices.md). */
export default async function pruneLearnedPricesJob(container: MedusaContainer) {
  await freteOf(container).pruneLearnedPrices()
}

export const config = { name: "frete-prune-learned-prices", schedule: "17 * * * *" }
