// Nothing lost: a shipment whose tracking order row could not be written when it was marked as
// shipped (a database error at that moment; the event bus never redelivers) is found by the
// reconciliation and delivered once, through a real Medusa app, Postgres and the sandbox.
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import reconcileTrackingOrdersJob from "../../src/jobs/reconcile-tracking-orders"
import { RECONCILE_GRACE_MS, RECONCILE_WINDOW_MS, reconcileShipments } from "../../src/workflows/tracking/reconcile-shipments"
import { eventually } from "../../scripts/lib/store-api"
import { capturedLines } from "../../test-support/log-guard"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"

const CREDENTIAL = "cmVjb25jaWxlOnMzY3IzdC1yZWNvbmNpbGU="
const CPF_FORMATTED = "714.602.380-01"
const CARRIER_GUID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"

/** Makes every insert into tracking_order fail, as a database error at that moment would. */
const REFUSE_INSERTS = `
  create or replace function frete_test_refuse_insert() returns trigger language plpgsql as $$
  begin raise exception 'test: tracking_order insert refused'; end $$;
  create trigger frete_test_refuse_insert before insert on tracking_order for each row execute function frete_test_refuse_insert();`
const ALLOW_INSERTS = `drop trigger if exists frete_test_refuse_insert on tracking_order; drop function if exists frete_test_refuse_insert();`

freteIntegrationTestRunner({
  sandbox: { trackingCredential: CREDENTIAL },
  pluginOptions: { tracking: { retry: { baseDelayMs: 10, maxDelayMs: 20 } } },
  testSuite: ({ api, getContainer, sandbox, dbConnection }) => {
    let tracking: TrackingStore

    beforeEach(async () => {
      sandbox().reset()
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
    })

    afterEach(async () => {
      await dbConnection.raw(ALLOW_INSERTS)
    })

    const trackingPosts = () => sandbox().calls({ service: "tracking" }).filter((call) => call.method === "POST")
    const { rowsOf, ship } = trackingActions(api, () => tracking)
    /** The reconciliation as it runs once the subscriber's moments have passed. */
    const reconcileLater = () => reconcileShipments(getContainer(), new Date(Date.now() + RECONCILE_GRACE_MS + 1000))
    /** The subscriber's failures on the refused insert logged so far. */
    const insertFailures = () => capturedLines().filter((line) => line.includes("recording a shipment failed") && line.includes("P0001")).length
    /** Ships an order while inserts are refused, and waits for the subscriber to have failed on it. */
    const shipWhileInsertsFail = async () => {
      const before = insertFailures()
      await dbConnection.raw(REFUSE_INSERTS)
      const shipped = await ship(CPF_FORMATTED)
      await eventually(async () => insertFailures() > before)
      await dbConnection.raw(ALLOW_INSERTS)
      return shipped
    }
    const rowCount = async (fulfillmentId: string) =>
      Number((await dbConnection.raw(`select count(*)::int as n from tracking_order where fulfillment_id = ?`, [fulfillmentId])).rows[0].n)

    it("a shipment whose row write failed is delivered by the reconciliation, once", async () => {
      const { order, fulfillmentId } = await shipWhileInsertsFail()
      // The subscriber ran and failed on the insert: nothing written, nothing sent.
      expect(await rowsOf(order.id)).toHaveLength(0)
      expect(trackingPosts()).toHaveLength(0)
      // Not even the error's message carries the statement's values.
      expect(capturedLines().filter((line) => /insert into|tracking_order \(/i.test(line))).toEqual([])

      // A shipment of the last moments is the subscriber's: the reconciliation leaves it.
      expect(await reconcileShipments(getContainer())).toBe(0)
      expect(await rowCount(fulfillmentId)).toBe(0)

      expect(await reconcileLater()).toBe(1)
      const [row] = await rowsOf(order.id)
      expect(row).toMatchObject({ fulfillment_id: fulfillmentId, status: "created", attempts: 1 })
      expect(trackingPosts()).toHaveLength(1)
      const [received] = sandbox().trackingOrders()
      expect(row.remote_id).toBe(received.id)
      expect(received.order).toMatchObject({ OrderNumber: String(order.display_id), Code: "BR123456789BR", SendSms: true, SendEmail: true })

      // Run again, by several instances at once, with the delivery job: nothing more.
      const again = await Promise.all([reconcileLater(), reconcileLater(), reconcileTrackingOrdersJob(getContainer()), deliverTrackingOrdersJob(getContainer())])
      expect(again.slice(0, 2)).toEqual([0, 0])
      expect(trackingPosts()).toHaveLength(1)
      expect(await rowCount(fulfillmentId)).toBe(1)
    })

    it("several instances reconciling the same lost shipment at once write one row and send one order", async () => {
      const { fulfillmentId } = await shipWhileInsertsFail()

      const written = await Promise.all([reconcileLater(), reconcileLater(), reconcileLater()])
      expect(written.reduce((sum, count) => sum + count, 0)).toBe(1)
      expect(await rowCount(fulfillmentId)).toBe(1)
      expect(trackingPosts()).toHaveLength(1)
    })

    it("leaves alone a shipment older than the window, and one of a provider that gets no tracking orders", async () => {
      const { fulfillmentId: old } = await shipWhileInsertsFail()
      await dbConnection.raw(`update fulfillment set shipped_at = now() - (? * interval '1 millisecond') - interval '1 hour' where id = ?`, [RECONCILE_WINDOW_MS, old])

      // Shipped while its provider gets no tracking orders: the subscriber writes nothing.
      await api.post("/admin/frete/settings", { tracking: { provider_ids: ["manual_manual"] } }, tracking.store.admin)
      const { fulfillmentId: untracked } = await ship(CPF_FORMATTED)
      expect(await reconcileLater()).toBe(0)
      expect(await rowCount(untracked)).toBe(0)
      await api.post("/admin/frete/settings", { tracking: { provider_ids: ["frete_frete"] } }, tracking.store.admin)
      // The frete shipment inside the window is now tracked; the one of 7 days ago is not.
      expect(await reconcileLater()).toBe(1)
      expect(await rowCount(untracked)).toBe(1)
      expect(await rowCount(old)).toBe(0)
      expect(trackingPosts()).toHaveLength(1)
    })
  },
})
