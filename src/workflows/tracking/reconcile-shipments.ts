import type { Logger, MedusaContainer } from "@medusajs/framework/types"
import type FreteModuleService from "../../modules/frete/service"
import type { Query } from "../../shared/query"
import { trackShipment } from "./track-shipment"
import { freteOf, loggerOf, queryOf } from "../../bridge/medusa-bridge"

/** How far back a shipment without a tracking order is looked for. */
export const RECONCILE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
/**
 * Shipments of the last moments are the subscriber's: it knows the event's `no_notification`,
 * which Medusa keeps nowhere else. Either way the unique row keeps it to one.
 */
export const RECONCILE_GRACE_MS = 2 * 60 * 1000
export const RECONCILE_PAGE = 200
/**
 * What one run may do at most: fulfillments read (pages of RECONCILE_PAGE) and shipments tracked
 * (each one delivered at once, one call to the tracking service). The newest-first pass may use
 * at most `head`; the walk gets the rest, so neither can take all of a run.
 */
export const RECONCILE_BUDGET = { pages: 50, tracked: 100, head: { pages: 25, tracked: 50 } }
/**
 * The newest-first pass reads back to where the previous run's began, less this much: a shipment
 * committed a little after its `shipped_at` (or stamped by an instance whose clock is behind) is
 * still read by it. Anything later than that is the walk's.
 */
const HEAD_OVERLAP_MS = RECONCILE_GRACE_MS

/** A place in the order both passes read in: `shipped_at` descending, then id descending. */
interface Position {
  shippedAt: Date
  id: string
}
type Start = { below: Position } | { atOrBelow: Date }

/**
 * Where this app's reconciliation got to. In memory, per module instance (one per app): losing it
 * (a restart, another instance running the job next) only costs one run reading more, within
 * its budget; newest first, so a recent shipment is still found first.
 */
interface Progress {
  /** The newest `shipped_at` the previous run's newest-first pass started from. */
  headFrom?: Date
  /** Where the walk goes on; none when its next sweep starts. */
  walkFrom?: Position
}
const progressOf = new WeakMap<object, Progress>()

interface Reader {
  frete: FreteModuleService
  query: Query
  logger: Logger
  providerIds: string[]
}
interface Pass {
  start: Start
  /** The oldest `shipped_at` this pass reads. */
  floor: Date
  pages: number
  tracked: number
}
interface PassResult {
  pages: number
  /** Shipments found without a row: what counts against `tracked`, written by this run or not. */
  found: number
  written: number
  /** The last fulfillment the pass looked at: the next one resumes below it. */
  last?: Position
  /** Whether it read everything down to its floor. */
  done: boolean
}

/**
 * Finds the fulfillments of the tracked providers (`tracking.provider_ids`) shipped within the
 * window that have no tracking order row (an event lost, a row write that failed, a settings read
 * that failed), writes their row and delivers it like the subscriber does.
 *
 * Why two passes rather than paging the window from its oldest shipment, as it once did: a store
 * with more shipments a week than one run reads never got to its newest ones. Newest first (from
 * now, back to where the previous run started) finds a lost event by the next run, however many
 * shipments the week holds, as long as those since the previous run fit in `head`; a cursor alone
 * would find it only when its walk came round. Newest first alone would starve older lost ones on
 * a busy store, so the rest of the budget walks the whole window, newest to oldest, going on
 * across runs from where it stopped, and starting again when it reaches the window's start: every
 * shipment of the window is read within a bounded number of runs.
 *
 * A row is never written twice for one fulfillment (unique on `fulfillment_id`, `on conflict do
 * nothing`): several instances may run this at once. Returns the rows it wrote.
 */
export async function reconcileShipments(container: MedusaContainer, now: Date = new Date()): Promise<number> {
  const frete = freteOf(container)
  const logger = loggerOf(container)
  const providerIds = (await frete.getSettings()).tracking.provider_ids
  if (providerIds.length === 0) {
    return 0
  }
  const reader: Reader = { frete, logger, providerIds, query: queryOf(container) }
  const progress = progressOf.get(frete) ?? {}
  const windowStart = new Date(now.getTime() - RECONCILE_WINDOW_MS)
  const headFrom = new Date(now.getTime() - RECONCILE_GRACE_MS)
  const headFloor = new Date(Math.max(windowStart.getTime(), (progress.headFrom?.getTime() ?? 0) - HEAD_OVERLAP_MS))

  const head = await readDown(container, reader, { start: { atOrBelow: headFrom }, floor: headFloor, ...RECONCILE_BUDGET.head })
  if (!head.done && progress.headFrom) {
    logger.warn(`frete tracking: more shipments since the last reconciliation than one run reads newest first (${head.pages} pages, ${head.found} without a row); the rest is left to its walk`)
  }
  // A new sweep starts below what the newest-first pass read: above it, that pass reads each run.
  const walkStart: Start = progress.walkFrom
    ? { below: progress.walkFrom }
    : head.done ? { below: { shippedAt: headFloor, id: "" } } : head.last ? { below: head.last } : { atOrBelow: headFrom }
  const walk = await readDown(container, reader, {
    start: walkStart,
    floor: windowStart,
    pages: RECONCILE_BUDGET.pages - head.pages,
    tracked: RECONCILE_BUDGET.tracked - head.found,
  })
  progressOf.set(frete, { headFrom, walkFrom: walk.done ? undefined : (walk.last ?? progress.walkFrom) })
  return head.written + walk.written
}

/** Reads the shipments from `start` down to `floor`, newest first, tracking those with no row, within its budget. */
async function readDown(container: MedusaContainer, reader: Reader, pass: Pass): Promise<PassResult> {
  const result: PassResult = { pages: 0, found: 0, written: 0, done: false }
  let start = pass.start
  while (result.pages < pass.pages) {
    const shipped = await readPage(reader, start, pass.floor)
    result.pages += 1
    const tracked = await reader.frete.trackedFulfillmentIds(shipped.map((row) => row.id))
    for (const row of shipped) {
      if (!tracked.has(row.id)) {
        if (result.found >= pass.tracked) {
          return result
        }
        result.found += 1
        result.written += await track(container, reader.logger, row.id)
      }
      result.last = { shippedAt: row.shipped_at, id: row.id }
      start = { below: result.last }
    }
    if (shipped.length < RECONCILE_PAGE) {
      return { ...result, done: true }
    }
  }
  return result
}

async function readPage(reader: Reader, start: Start, floor: Date): Promise<Array<{ id: string; shipped_at: Date }>> {
  const position =
    "below" in start
      ? { $or: [{ shipped_at: { $lt: start.below.shippedAt } }, { shipped_at: start.below.shippedAt, id: { $lt: start.below.id } }] }
      : { shipped_at: { $lte: start.atOrBelow } }
  const { data } = await reader.query.graph({
    entity: "fulfillment",
    fields: ["id", "shipped_at"],
    filters: { provider_id: reader.providerIds, canceled_at: null, $and: [{ shipped_at: { $gte: floor } }, position] },
    pagination: { take: RECONCILE_PAGE, order: { shipped_at: "DESC", id: "DESC" } },
  })
  return (data as Array<{ id: string; shipped_at: Date | string }>).map((row) => ({ id: row.id, shipped_at: new Date(row.shipped_at) }))
}

/**
 * Writes and delivers the row of a shipment found without one; 1 when this run wrote it.
 *
 * `no_notification` is true: Medusa keeps the shipment's choice only in its `shipment.created`
 * event (the fulfillment has no such column; the order change it records leaves it empty), and
 * the order's value is only the admin's default, which the merchant may have switched for this
 * shipment. An SMS or e-mail the merchant declined cannot be taken back; one left out costs the
 * customer only the service's message, the tracking order itself is created.
 */
async function track(container: MedusaContainer, logger: Logger, fulfillmentId: string): Promise<number> {
  try {
    const row = await trackShipment(container, { fulfillmentId, noNotification: true })
    if (row) {
      logger.warn(`frete tracking: fulfillment ${fulfillmentId} was shipped with no tracking order; written by the reconciliation (${row.status}), without SMS or e-mail`)
      return 1
    }
  } catch (error) {
    logger.error(`frete tracking: the reconciliation could not track fulfillment ${fulfillmentId}: ${error instanceof Error ? error.message : String(error)}`)
  }
  return 0
}
