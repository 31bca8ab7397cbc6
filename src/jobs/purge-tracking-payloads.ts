import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../modules/frete"
import type FreteModuleService from "../modules/frete/service"

/**
 * LGPD: a tracking order's payload (masked as it is) and its omitted fields' reasons are kept
 * `tracking.payload_retention_days` after the row ended (`created` or `failed`), then forgotten.
 * The row stays: its status, the service's `Id` and the fulfillment it belongs to.
 */
export default async function purgeTrackingPayloadsJob(container: MedusaContainer) {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const days = (await frete.getSettings()).tracking.payload_retention_days
  const purged = await frete.purgeTrackingPayloads(days)
  if (purged > 0) {
    container.resolve<Logger>(ContainerRegistrationKeys.LOGGER).info(`frete tracking: purged the payloads of ${purged} tracking orders ended more than ${days} days ago`)
  }
}

export const config = {
  name: "frete-purge-tracking-payloads",
  schedule: "23 * * * *",
}
