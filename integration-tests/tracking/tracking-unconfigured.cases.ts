// A store that does not use tracking keeps nothing for it: with no tracking URL or credential (the
// default `provider_ids` in force), or with tracking switched off in the settings, a shipment gets
// no row, no tracking order and no workflow run, so none of the shopper's data is kept. Turned on,
// the shipments from then on are tracked.
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { DELIVER_TRACKING_ORDER_WORKFLOW } from "../../src/workflows/tracking/deliver-tracking-order"
import { trackShipment } from "../../src/workflows/tracking/track-shipment"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { rememberSecret } from "../../test-support/log-guard"

const CREDENTIAL = "dW5jb25maWd1cmVkOnMzY3IzdC1jcmVkZW50aWFs"
const ENCRYPTION_KEY = "an-encryption-key-for-unconfigured-tracking-1"
const CARRIER_GUID = "0b7e4d2a-9c1f-4e8b-a3d6-5f2c1e0a9b87"
const CPF_FORMATTED = "529.982.247-25"
rememberSecret(CREDENTIAL, ENCRYPTION_KEY)

type ApiError = { response: { status: number; data: { message?: string } } }

export const trackingUnconfiguredCases: FreteConfiguredCases = {
  sandbox: { trackingCredential: CREDENTIAL },
  env: { FRETE_TRACKING_URL: "", FRETE_TRACKING_CREDENTIAL: "", FRETE_ENCRYPTION_KEY: ENCRYPTION_KEY },
  pluginOptions: { tracking: { retry: { baseDelayMs: 10, maxDelayMs: 20 } } },
  cases: ({ api, getContainer, sandbox, dbConnection }) => {
    let tracking: TrackingStore

    beforeAll(async () => {
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
    })

    const admin = () => tracking.store.admin
    const { ship, settled } = trackingActions(api, () => tracking)
    const saveSettings = (body: Record<string, unknown>) => api.post("/admin/frete/settings", body, admin())
    /** Everything the plugin keeps of a shipment, read from the database: its rows, and the delivery workflow's stored runs. */
    const keptFor = async (fulfillmentId: string) => {
      // The subscriber may still be running: the same path, awaited here, settles what it would write.
      const tracked = await trackShipment(getContainer(), { fulfillmentId, noNotification: false })
      await deliverTrackingOrdersJob(getContainer())
      const rows = (
        await dbConnection.raw(`select id, payload, last_error from tracking_order where fulfillment_id = ?`, [
          fulfillmentId,
        ])
      ).rows as unknown[]
      const runs = (
        await dbConnection.raw(`select count(*)::int as count from workflow_execution where workflow_id = ?`, [
          DELIVER_TRACKING_ORDER_WORKFLOW,
        ])
      ).rows[0].count as number
      return { tracked, rows, runs }
    }

    it("with no tracking URL or credential, a shipment gets no row, no workflow run and no call; once configured, the shipments from then on are tracked", async () => {
      const before = await ship(CPF_FORMATTED)
      expect({
        kept: await keptFor(before.fulfillmentId),
        trackingCalls: sandbox().calls({ service: "tracking" }).length,
      }).toEqual({
        kept: { tracked: null, rows: [], runs: 0 },
        trackingCalls: 0,
      })
      const { data } = await api.get("/admin/frete/tracking-orders", {
        ...admin(),
        params: { order_id: before.order.id },
      })
      expect({ trackingOrdersOfTheOrder: data.tracking_orders }).toEqual({ trackingOrdersOfTheOrder: [] })

      await saveSettings({ tracking_url: sandbox().url, secrets: { tracking_credential: CREDENTIAL } })
      const after = await ship(CPF_FORMATTED)
      const [created] = await settled(after.order.id)
      expect({ statusOfTheShipmentAfterConfiguring: created.status }).toEqual({
        statusOfTheShipmentAfterConfiguring: "created",
      })
      // The shipment made while tracking was off stays untracked: only the later one was sent.
      await deliverTrackingOrdersJob(getContainer())
      const earlierRows = (
        await dbConnection.raw(`select id from tracking_order where fulfillment_id = ?`, [before.fulfillmentId])
      ).rows as unknown[]
      expect({ rowsOfTheEarlierShipment: earlierRows }).toEqual({ rowsOfTheEarlierShipment: [] })
      expect({
        ordersReceived: sandbox()
          .trackingOrders()
          .map((stored) => stored.order.OrderNumber),
      }).toEqual({ ordersReceived: [String(after.order.display_id)] })
    })

    it("switched off in the settings, a configured store tracks nothing; switched on, it tracks again", async () => {
      await saveSettings({
        tracking_url: sandbox().url,
        secrets: { tracking_credential: CREDENTIAL },
        tracking: { enabled: false },
      })
      expect({
        enabledSaved: (await api.get("/admin/frete/settings", admin())).data.settings.tracking.enabled,
      }).toEqual({ enabledSaved: false })
      const runsBefore = (
        await dbConnection.raw(`select count(*)::int as count from workflow_execution where workflow_id = ?`, [
          DELIVER_TRACKING_ORDER_WORKFLOW,
        ])
      ).rows[0].count as number

      const off = await ship(CPF_FORMATTED)
      const kept = await keptFor(off.fulfillmentId)
      expect({
        tracked: kept.tracked,
        rows: kept.rows,
        newRuns: kept.runs - runsBefore,
        trackingCalls: sandbox().calls({ service: "tracking" }).length,
      }).toEqual({
        tracked: null,
        rows: [],
        newRuns: 0,
        trackingCalls: 0,
      })

      const refused = await saveSettings({ tracking: { enabled: "sim" } }).catch((error: ApiError) => error.response)
      expect({
        status: refused.status,
        namesTheField: JSON.stringify(refused.data).includes("tracking.enabled"),
      }).toEqual({ status: 400, namesTheField: true })

      await saveSettings({ tracking: { enabled: true } })
      const on = await ship(CPF_FORMATTED)
      expect({ statusOnceSwitchedOn: (await settled(on.order.id))[0].status }).toEqual({
        statusOnceSwitchedOn: "created",
      })
    })
  },
}
