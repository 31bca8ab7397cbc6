import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../../modules/frete"
import type FreteModuleService from "../../modules/frete/service"
import type { Query } from "../../shared/query"
import { trackShipment } from "./track-shipment"

/** How far back a shipment without a tracking order is looked for. */
export const RECONCILE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
/**
 * Shipments of the last moments are the subscriber's: it knows the event's `no_notification`,
 * which Medusa does not store on the fulfillment. Either way the unique row keeps it to one.
 */
export const RECONCILE_GRACE_MS = 2 * 60 * 1000
const PAGE = 200
/** At most this many fulfillments read per run (50 pages): the window is bounded, so is the work. */
const MAX_PAGES = 50

interface ShippedRow {
  id: string
  order?: { no_notification?: boolean | null } | null
}

/**
 * Finds the fulfillments of the tracked providers (`tracking.provider_ids`) shipped within the
 * window that have no tracking order row (an event lost, a row write that failed, a settings read
 * that failed), writes their row and delivers it like the subscriber does. A row is never written
 * twice for one fulfillment (unique on `fulfillment_id`, `on conflict do nothing`): several
 * instances may run this at once. Returns the rows it wrote.
 */
export async function reconcileShipments(container: MedusaContainer, now: Date = new Date()): Promise<number> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const logger = container.resolve<Logger>(ContainerRegistrationKeys.LOGGER)
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const providerIds = (await frete.getSettings()).tracking.provider_ids
  if (providerIds.length === 0) {
    return 0
  }
  const filters = {
    provider_id: providerIds,
    canceled_at: null,
    shipped_at: { $gte: new Date(now.getTime() - RECONCILE_WINDOW_MS), $lte: new Date(now.getTime() - RECONCILE_GRACE_MS) },
  }
  let written = 0
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const { data } = await query.graph({
      entity: "fulfillment",
      fields: ["id", "order.no_notification"],
      filters,
      pagination: { skip: page * PAGE, take: PAGE, order: { shipped_at: "ASC", id: "ASC" } },
    })
    const shipped = data as ShippedRow[]
    const tracked = await frete.trackedFulfillmentIds(shipped.map((row) => row.id))
    for (const fulfillment of shipped.filter((row) => !tracked.has(row.id))) {
      try {
        const row = await trackShipment(container, { fulfillmentId: fulfillment.id, noNotification: fulfillment.order?.no_notification === true })
        if (row) {
          written += 1
          logger.warn(`frete tracking: fulfillment ${fulfillment.id} was shipped with no tracking order; written by the reconciliation (${row.status})`)
        }
      } catch (error) {
        logger.error(`frete tracking: the reconciliation could not track fulfillment ${fulfillment.id}: ${error instanceof Error ? error.message : String(error)}`)
      }
    }
    if (shipped.length < PAGE) {
      return written
    }
  }
  logger.warn(`frete tracking: the reconciliation read ${MAX_PAGES * PAGE} shipments and stopped; the rest waits for its next run`)
  return written
}
