import type { MedusaContainer } from "@medusajs/framework/types"
import { FRETE_MODULE } from "../modules/frete"
import type FreteModuleService from "../modules/frete/service"

/** Forgets the quota guard's counts (per client and store-wide) of the minutes that ended. */
export default async function pruneQuoteTakesJob(container: MedusaContainer) {
  await container.resolve<FreteModuleService>(FRETE_MODULE).pruneQuoteTakes()
}

export const config = {
  name: "frete-prune-quote-takes",
  schedule: "*/5 * * * *",
}
