// Nothing lost: a shipment whose tracking order row could not be written when it was marked as
// shipped (a database error at that moment; the event bus never redelivers) is found by the
// reconciliation and delivered once, through a real Medusa app, Postgres and the sandbox; on a
// busy store too, newest first, without leaving the oldest behind.
import { Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import reconcileTrackingOrdersJob from "../../src/jobs/reconcile-tracking-orders"
import {
  RECONCILE_BUDGET,
  RECONCILE_GRACE_MS,
  RECONCILE_PAGE,
  RECONCILE_WINDOW_MS,
  reconcileShipments,
} from "../../src/workflows/tracking/reconcile-shipments"
import { eventually } from "../../scripts/lib/store-api"
import { capturedLines } from "../../test-support/log-guard"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CPF_FORMATTED = "714.602.380-01"
const CARRIER_GUID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"

/** Makes every insert into tracking_order fail, as a database error at that moment would. */
const REFUSE_INSERTS = `
  create or replace function frete_test_refuse_insert() returns trigger language plpgsql as $$
  begin raise exception 'test: tracking_order insert refused'; end $$;
  create trigger frete_test_refuse_insert before insert on tracking_order for each row execute function frete_test_refuse_insert();`
const ALLOW_INSERTS = `drop trigger if exists frete_test_refuse_insert on tracking_order; drop function if exists frete_test_refuse_insert();`

/**
 * `count` shipped fulfillments of the provider and stock location of `like`, each with its
 * tracking order already created: the store's other shipments. The newest is shipped
 * `newestAgoMs` ago, each next one `stepMs` before (milliseconds, as Medusa stamps them).
 */
const INSERT_TRACKED_SHIPMENTS = `
  with shipped as (
    insert into fulfillment (id, location_id, provider_id, shipped_at, data)
    select 'ful_load_' || :batch || '_' || lpad(g::text, 6, '0'), f.location_id, f.provider_id,
           date_trunc('milliseconds', now() - (:newestAgoMs * interval '1 millisecond') - ((g - 1) * :stepMs * interval '1 millisecond')), '{}'::jsonb
    from generate_series(1, :count) g, (select location_id, provider_id from fulfillment where id = :like) f
    returning id
  )
  insert into tracking_order (id, fulfillment_id, status, remote_id, no_notification, attempts, delivered_at)
  select 'frtrk_load_' || substr(id, 10), id, 'created', 'remote-' || id, false, 1, now() from shipped`

/** The value under `what`, so that a failed assertion's diff says what was checked. */
const that = (what: string, actual: unknown) => ({
  toEqual: (expected: unknown) => expect({ [what]: actual }).toEqual({ [what]: expected }),
  toMatchObject: (expected: Record<string, unknown>) => expect({ [what]: actual }).toMatchObject({ [what]: expected }),
})

export const trackingReconcileCases: FreteCases = ({ api, getContainer, sandbox, dbConnection }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  afterEach(async () => {
    await dbConnection.raw(ALLOW_INSERTS)
  })

  const trackingPosts = () =>
    sandbox()
      .calls({ service: "tracking" })
      .filter((call) => call.method === "POST")
  const { rowsOf, ship } = trackingActions(api, () => tracking)
  /** The reconciliation as it runs once the subscriber's moments have passed. */
  const reconcileLater = async () =>
    (await reconcileShipments(getContainer(), {}, new Date(Date.now() + RECONCILE_GRACE_MS + 1000))).written
  /** The subscriber's failures on the refused insert logged so far. */
  const insertFailures = () =>
    capturedLines().filter((line) => line.includes("recording a shipment failed") && line.includes("P0001")).length
  /** Ships an order while inserts are refused, and waits for the subscriber to have failed on it. */
  const shipWhileInsertsFail = async (shipment: { noNotification?: boolean } = {}) => {
    const before = insertFailures()
    await dbConnection.raw(REFUSE_INSERTS)
    const shipped = await ship(CPF_FORMATTED, {}, shipment)
    await eventually(async () => insertFailures() > before)
    await dbConnection.raw(ALLOW_INSERTS)
    return shipped
  }
  const rowCount = async (fulfillmentId: string) =>
    Number(
      (
        await dbConnection.raw(`select count(*)::int as n from tracking_order where fulfillment_id = ?`, [
          fulfillmentId,
        ])
      ).rows[0].n
    )
  const noNotificationOf = async (fulfillmentId: string) =>
    (await dbConnection.raw(`select no_notification from tracking_order where fulfillment_id = ?`, [fulfillmentId]))
      .rows[0]?.no_notification as boolean | undefined
  /** Moves a shipment to `agoMs` before now, to the millisecond as Medusa stamps it. */
  const shippedAgo = (fulfillmentId: string, agoMs: number) =>
    dbConnection.raw(
      `update fulfillment set shipped_at = date_trunc('milliseconds', now() - (? * interval '1 millisecond')) where id = ?`,
      [agoMs, fulfillmentId]
    )
  const insertTrackedShipments = (batch: string, like: string, count: number, newestAgoMs: number, stepMs: number) =>
    dbConnection.raw(INSERT_TRACKED_SHIPMENTS, { batch, like, count, newestAgoMs, stepMs })

  it("a shipment whose row write failed is delivered by the reconciliation, once, without SMS or e-mail", async () => {
    // This test's log lines only: the app's files before it (one process) logged their own.
    const earlierLines = capturedLines().length
    const { order, fulfillmentId } = await shipWhileInsertsFail()
    // The subscriber ran and failed on the insert: nothing written, nothing sent.
    that("rows of the order after the failed insert", await rowsOf(order.id)).toEqual([])
    that("tracking calls after the failed insert", trackingPosts()).toEqual([])
    // Not even the error's message carries the statement's values.
    that(
      "log lines carrying the statement",
      capturedLines()
        .slice(earlierLines)
        .filter((line) => /insert into|tracking_order \(/i.test(line))
    ).toEqual([])

    // A shipment of the last moments is the subscriber's: the reconciliation leaves it.
    that(
      "rows written by a reconciliation within the grace",
      (await reconcileShipments(getContainer())).written
    ).toEqual(0)
    that("rows of the shipment within the grace", await rowCount(fulfillmentId)).toEqual(0)

    that("rows written by the reconciliation", await reconcileLater()).toEqual(1)
    const [row] = await rowsOf(order.id)
    that("the reconciled row", row).toMatchObject({ fulfillment_id: fulfillmentId, status: "created", attempts: 1 })
    that("tracking calls after the reconciliation", trackingPosts().length).toEqual(1)
    const [received] = sandbox().trackingOrders()
    that("the row's remote id", row.remote_id).toEqual(received.id)
    // The event's no_notification is gone with it: the reconciliation takes the cautious value.
    that("the tracking order sent", received.order).toMatchObject({
      OrderNumber: String(order.display_id),
      Code: "BR123456789BR",
      SendSms: false,
      SendEmail: false,
    })

    // Run again, by several instances at once, with the delivery job: nothing more.
    const again = await Promise.all([
      reconcileLater(),
      reconcileLater(),
      reconcileTrackingOrdersJob(getContainer()),
      deliverTrackingOrdersJob(getContainer()),
    ])
    that("rows written by the runs after it", again.slice(0, 2)).toEqual([0, 0])
    that("tracking calls after the runs after it", trackingPosts().length).toEqual(1)
    that("rows of the shipment after the runs after it", await rowCount(fulfillmentId)).toEqual(1)
  })

  it("several instances reconciling the same lost shipment at once write one row and send one order", async () => {
    const { fulfillmentId } = await shipWhileInsertsFail()

    const written = await Promise.all([reconcileLater(), reconcileLater(), reconcileLater()])
    that(
      "rows written by three instances at once",
      written.reduce((sum, count) => sum + count, 0)
    ).toEqual(1)
    that("rows of the shipment", await rowCount(fulfillmentId)).toEqual(1)
    that("tracking calls", trackingPosts().length).toEqual(1)
  })

  it("leaves alone a shipment older than the window, and one of a provider that gets no tracking orders", async () => {
    const { fulfillmentId: old } = await shipWhileInsertsFail()
    await dbConnection.raw(
      `update fulfillment set shipped_at = now() - (? * interval '1 millisecond') - interval '1 hour' where id = ?`,
      [RECONCILE_WINDOW_MS, old]
    )

    // Shipped while its provider gets no tracking orders: the subscriber writes nothing.
    await api.post("/admin/frete/settings", { tracking: { provider_ids: ["manual_manual"] } }, tracking.store.admin)
    const { fulfillmentId: untracked } = await ship(CPF_FORMATTED)
    that("rows written while its provider gets none", await reconcileLater()).toEqual(0)
    that("rows of the shipment while its provider gets none", await rowCount(untracked)).toEqual(0)
    await api.post("/admin/frete/settings", { tracking: { provider_ids: ["frete_frete"] } }, tracking.store.admin)
    // The frete shipment inside the window is now tracked; the one of 7 days ago is not.
    that("rows written once its provider gets them", await reconcileLater()).toEqual(1)
    that("rows of the shipment inside the window", await rowCount(untracked)).toEqual(1)
    that("rows of the shipment older than the window", await rowCount(old)).toEqual(0)
    that("tracking calls", trackingPosts().length).toEqual(1)
  })

  it("on a store of 12,000 shipments a week, the job tracks the newest lost one at its next run, and the oldest soon after", async () => {
    const { fulfillmentId: newest } = await shipWhileInsertsFail()
    const { fulfillmentId: oldest } = await shipWhileInsertsFail()
    // The newest lost shipment is past the subscriber's moments; the oldest is at the window's end.
    await shippedAgo(newest, RECONCILE_GRACE_MS + 60_000)
    await shippedAgo(oldest, RECONCILE_WINDOW_MS - 60 * 60 * 1000)
    // 12,000 tracked shipments between them: every 49 s over the week, the newest 10 minutes ago.
    await insertTrackedShipments("week", newest, 12_000, 10 * 60 * 1000, 49_000)
    const lost = async () => ({ newest: await rowCount(newest), oldest: await rowCount(oldest) })

    // Run as the job runs: Medusa's scheduler calls it with the app's container, at the present time.
    await reconcileTrackingOrdersJob(getContainer())
    // A run reads at most RECONCILE_BUDGET.pages pages: the oldest of 12,002 is not reached yet.
    that(
      `rows of the lost shipments after one run (${RECONCILE_BUDGET.pages * RECONCILE_PAGE} shipments read at most)`,
      await lost()
    ).toEqual({ newest: 1, oldest: 0 })
    that("tracking calls after one run", trackingPosts().length).toEqual(1)

    // A steady stream: 6,000 more shipments since, more than one run reads newest first. The
    // walk still gets its share of every run and goes on where it stopped: the oldest is reached.
    await insertTrackedShipments("stream", newest, 6_000, RECONCILE_GRACE_MS + 1000, 9)
    const walkShare = (RECONCILE_BUDGET.pages - RECONCILE_BUDGET.head.pages) * RECONCILE_PAGE
    const bound = Math.ceil(18_002 / walkShare) + 1
    let runs = 1
    while (runs < bound && (await lost()).oldest === 0) {
      await reconcileTrackingOrdersJob(getContainer())
      runs += 1
    }
    that(
      `rows of the lost shipments after ${runs} runs (at most ${bound}: each walks ${walkShare} shipments)`,
      await lost()
    ).toEqual({ newest: 1, oldest: 1 })
    that("tracking calls: the two lost shipments", trackingPosts().length).toEqual(2)
    that(
      "rows of the store's other shipments",
      Number(
        (await dbConnection.raw(`select count(*)::int as n from tracking_order where id like 'frtrk_load_%'`)).rows[0].n
      )
    ).toEqual(18_000)
  })

  it("writes the cautious no_notification: a shipment marked without notification is never notified, even when its event comes after", async () => {
    // The order notifies (its no_notification is false); this shipment was marked without.
    const { order, fulfillmentId } = await shipWhileInsertsFail({ noNotification: true })
    that(
      "the order's no_notification",
      (await dbConnection.raw(`select no_notification from "order" where id = ?`, [order.id])).rows[0].no_notification
    ).toEqual(false)
    // Medusa keeps the shipment's choice only in the event: the order change of the shipment has none.
    const kept = await dbConnection.raw(
      `select count(*)::int as n from order_change oc where oc.order_id = ? and (to_jsonb(oc) ->> 'no_notification') is not null`,
      [order.id]
    )
    that("order changes of the order that keep a no_notification", kept.rows[0].n).toEqual(0)

    that("rows written by the reconciliation", await reconcileLater()).toEqual(1)
    that("the row's no_notification", await noNotificationOf(fulfillmentId)).toEqual(true)
    that("the tracking order sent", sandbox().trackingOrders()[0]?.order).toMatchObject({
      SendSms: false,
      SendEmail: false,
    })

    // The event comes after the reconciliation (a bus that delivered it late): nothing changes.
    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    const delivered = TestEventUtils.waitSubscribersExecution("shipment.created", eventBus)
    await eventBus.emit({ name: "shipment.created", data: { id: fulfillmentId, no_notification: true } })
    await delivered
    that("rows of the shipment after its late event", await rowCount(fulfillmentId)).toEqual(1)
    that("tracking calls after its late event", trackingPosts().length).toEqual(1)
  })
}
