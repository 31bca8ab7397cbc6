import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { buildTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { FRETE_MODULE } from "../../modules/frete"
import type FreteModuleService from "../../modules/frete/service"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { gatherShipmentFacts, readShippedFulfillment } from "./gather-shipment-facts"

/** Builds the payload of a row that has none yet, then makes one delivery attempt. */
export async function prepareAndDeliver(container: MedusaContainer, row: TrackingOrderRow): Promise<TrackingOrderRow | null> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  if (!row.payload) {
    try {
      const facts = await gatherShipmentFacts(container, row.fulfillment_id, row.no_notification, frete.pluginOptions.units)
      await frete.setTrackingPayload(row.id, buildTrackingOrder(facts, await frete.getSettings()))
    } catch (error) {
      await frete.recordTrackingPreparationFailure(row.id, error)
      return null
    }
  }
  return frete.deliverTrackingOrder(row.id)
}

/**
 * `shipment.created`: writes the fulfillment's tracking order row first (so nothing is lost if
 * anything after fails; the job picks it up), then tries to deliver it at once. A redelivered
 * event finds the row there and leaves it to whoever owns it.
 */
export async function recordShipment(container: MedusaContainer, fulfillmentId: string, noNotification: boolean): Promise<TrackingOrderRow | null> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const settings = await frete.getSettings()
  // Written even while the tracking API is not configured: delivered once it is (see delivery-policy).
  const fulfillment = await readShippedFulfillment(container, fulfillmentId)
  if (!fulfillment || !fulfillment.providerId || !settings.tracking.provider_ids.includes(fulfillment.providerId)) {
    logger.debug(`frete tracking: fulfillment ${fulfillmentId} is not shipped by a provider that gets tracking orders`)
    return null
  }
  const { row, inserted } = await frete.recordShipment({ fulfillmentId, orderId: fulfillment.orderId, noNotification })
  if (inserted && !frete.trackingClient()) {
    logger.warn(`frete tracking: not configured yet; the tracking order of fulfillment ${fulfillmentId} waits for the URL and the credential`)
  }
  return inserted ? prepareAndDeliver(container, row) : row
}

/**
 * The scheduled job: first the rows whose attempt died with its process (`sending` past the
 * lease) end failed, then every pending row whose time has come gets one attempt.
 */
export async function deliverDueTrackingOrders(container: MedusaContainer, limit = 50): Promise<number> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  await frete.sweepTrackingLeases()
  let delivered = 0
  for (const id of await frete.dueTrackingOrderIds(limit)) {
    try {
      const row = await frete.getTrackingOrder(id)
      if (row && (await prepareAndDeliver(container, row))?.status === "created") {
        delivered += 1
      }
    } catch (error) {
      logger.error(`frete tracking: attempt on ${id} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  return delivered
}
