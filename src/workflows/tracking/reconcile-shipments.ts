import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import type { Query } from "../../shared/query"
import { trackShipment } from "./track-shipment"
import { freteOf, loggerOf, queryOf } from "../../bridge/medusa-bridge"

export const RECONCILE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
/** The last moments' shipments are the subscriber's: only the event knows their `no_notification`. */
export const RECONCILE_GRACE_MS = 2 * 60 * 1000
export const RECONCILE_PAGE = 200
/** Per run: pages read and shipments tracked; the newest-first pass gets at most `head`. */
export const RECONCILE_BUDGET = { pages: 50, tracked: 100, head: { pages: 25, tracked: 50 } }
/** Below where the previous run's newest-first pass began: a shipment committed after its `shipped_at` is read. */
const HEAD_OVERLAP_MS = RECONCILE_GRACE_MS

type Position = { shippedAt: Date; id: string }
type Start = { below: Position } | { atOrBelow: Date }
/** Where the previous run stopped. Losing it (a restart) only costs one run reading more, within its budget. */
export type ReconcileProgress = { headFrom?: Date; walkFrom?: Position }

type Reader = { container: MedusaContainer; query: Query; logger: Logger; providerIds: string[] }
/** `found`: shipments without a row, written by this run or not; `done`: read down to its floor. */
type PassResult = { pages: number; found: number; written: number; last?: Position; done: boolean }

// Writes and delivers a row for each tracked shipment of the window without one. Newest first back to the previous
// run's start finds a lost event by the next run; the rest of the budget walks the window across runs, so older ones
// are not starved.
export async function reconcileShipments(
  container: MedusaContainer,
  progress: ReconcileProgress = {},
  now: Date = new Date()
): Promise<{ written: number; progress: ReconcileProgress }> {
  const logger = loggerOf(container)
  const providerIds = (await freteOf(container).getSettings()).tracking.provider_ids
  if (providerIds.length === 0) return { written: 0, progress }
  const reader: Reader = { container, logger, providerIds, query: queryOf(container) }
  const windowStart = new Date(now.getTime() - RECONCILE_WINDOW_MS)
  const headFrom = new Date(now.getTime() - RECONCILE_GRACE_MS)
  const headFloor = new Date(Math.max(windowStart.getTime(), (progress.headFrom?.getTime() ?? 0) - HEAD_OVERLAP_MS))
  const head = await readDown(reader, { start: { atOrBelow: headFrom }, floor: headFloor, ...RECONCILE_BUDGET.head })
  if (!head.done && progress.headFrom) {
    logger.warn(
      `frete tracking: more shipments since the last reconciliation than one run reads newest first (${head.pages} pages, ${head.found} without a row); the rest is left to its walk`
    )
  }
  // A new walk starts below what the newest-first pass read: above it, that pass reads each run.
  const walkStart: Start = progress.walkFrom
    ? { below: progress.walkFrom }
    : head.done
      ? { below: { shippedAt: headFloor, id: "" } }
      : head.last
        ? { below: head.last }
        : { atOrBelow: headFrom }
  const walk = await readDown(reader, {
    start: walkStart,
    floor: windowStart,
    pages: RECONCILE_BUDGET.pages - head.pages,
    tracked: RECONCILE_BUDGET.tracked - head.found,
  })
  const walkFrom = walk.done ? undefined : (walk.last ?? progress.walkFrom)
  return { written: head.written + walk.written, progress: { headFrom, walkFrom } }
}

async function readDown(
  reader: Reader,
  pass: { start: Start; floor: Date; pages: number; tracked: number }
): Promise<PassResult> {
  const result: PassResult = { pages: 0, found: 0, written: 0, done: false }
  let start = pass.start
  while (result.pages < pass.pages) {
    const shipped = await readPage(reader, start, pass.floor)
    result.pages += 1
    for (const row of shipped) {
      if (!row.tracked) {
        if (result.found >= pass.tracked) return result
        result.found += 1
        result.written += await track(reader, row.id)
      }
      result.last = { shippedAt: row.shippedAt, id: row.id }
      start = { below: result.last }
    }
    if (shipped.length < RECONCILE_PAGE) return { ...result, done: true }
  }
  return result
}

type ShippedRow = { id: string; shipped_at: Date | string; tracking_order?: { id: string } | null }

/** A page of shipments, newest first, each with its row through the link (src/links/fulfillment-tracking-order.ts). */
async function readPage({ query, providerIds }: Reader, start: Start, floor: Date) {
  const position =
    "below" in start
      ? {
          $or: [
            { shipped_at: { $lt: start.below.shippedAt } },
            { shipped_at: start.below.shippedAt, id: { $lt: start.below.id } },
          ],
        }
      : { shipped_at: { $lte: start.atOrBelow } }
  const { data } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "shipped_at", "tracking_order.id"],
    filters: { provider_id: providerIds, canceled_at: null, $and: [{ shipped_at: { $gte: floor } }, position] },
    pagination: { take: RECONCILE_PAGE, order: { shipped_at: "DESC", id: "DESC" } },
  })
  return (data as ShippedRow[]).map((row) => ({
    id: row.id,
    shippedAt: new Date(row.shipped_at),
    tracked: Boolean(row.tracking_order),
  }))
}

// `no_notification` true: Medusa keeps the shipment's choice only in its event, and an SMS the merchant declined
// cannot be taken back.
async function track({ container, logger }: Reader, fulfillmentId: string): Promise<number> {
  try {
    const row = await trackShipment(container, { fulfillmentId, noNotification: true })
    if (row) {
      logger.warn(
        `frete tracking: fulfillment ${fulfillmentId} was shipped with no tracking order; written by the reconciliation (${row.status}), without SMS or e-mail`
      )
      return 1
    }
  } catch (error) {
    logger.error(
      `frete tracking: the reconciliation could not track fulfillment ${fulfillmentId}: ${error instanceof Error ? error.message : String(error)}`
    )
  }
  return 0
}
