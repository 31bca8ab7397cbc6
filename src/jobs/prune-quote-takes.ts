import type { MedusaContainer } from "@medusajs/framework/types"
import { FRETE_MODULE } from "../modules/frete"
import type FreteModuleService from "../modules/frete/service"

/** Forgets the store quote route's per-client takes older than its one-minute window. */
export default async function pruneQuoteTakesJob(container: MedusaContainer) {
  await container.resolve<FreteModuleService>(FRETE_MODULE).pruneQuoteTakes()
}

export const config = {
  name: "frete-prune-quote-takes",
  schedule: "*/5 * * * *",
}
