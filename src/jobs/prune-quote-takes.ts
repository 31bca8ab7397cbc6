import type { MedusaContainer } from "@medusajs/framework/types"
import { FRETE_MODULE } from "../modules/frete"
import type FreteModuleService from "../modules/frete/service"

/** Forgets the quota guard's takes (per client and store-wide) older than their one-minute window. */
export default async function pruneQuoteTakesJob(container: MedusaContainer) {
  await container.resolve<FreteModuleService>(FRETE_MODULE).pruneQuoteTakes()
}

export const config = {
  name: "frete-prune-quote-takes",
  schedule: "*/5 * * * *",
}
