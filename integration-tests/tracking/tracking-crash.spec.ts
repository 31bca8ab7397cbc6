// A Medusa process killed (kill -9) while its tracking call is under way: the row it claimed is
// left `sending`; another app's job, once the lease has run out, ends it `failed` with the
// "check the service's panel" reason. One call, never two: the service may have the order.
import path from "node:path"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { INTERRUPTED_REASON } from "../../src/lib/tracking/delivery-policy"
import { LEASE_MARGIN_MS } from "../../src/modules/frete/tracking-delivery"
import { ROOT, startMedusaServer, type MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import { eventually, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"
import { rememberSecret } from "../../test-support/log-guard"

const CREDENTIAL = "Y3Jhc2g6czNjcjN0LWNyYXNoLWNyZWRlbnRpYWw="
const CPF_FORMATTED = "529.982.247-25"
const CARRIER_GUID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
/** The killed server's tracking deadline: its lease is this plus LEASE_MARGIN_MS. */
const CHILD_TIMEOUT_MS = 10_000
rememberSecret(CREDENTIAL)

jest.setTimeout(600_000)

freteIntegrationTestRunner({
  sandbox: { trackingCredential: CREDENTIAL },
  pluginOptions: { tracking: { retry: { baseDelayMs: 10, maxDelayMs: 20 } } },
  testSuite: ({ api, getContainer, sandbox, dbConfig, dbConnection }) => {
    let tracking: TrackingStore
    let server: MedusaServer | undefined

    afterEach(async () => {
      await server?.stop()
    })

    const { rowsOf } = trackingActions(api, () => tracking)
    const trackingCalls = () => sandbox().calls({ service: "tracking" })
    const job = () => deliverTrackingOrdersJob(getContainer())

    it("a process killed mid-call leaves a failed row and one call, never two", async () => {
      sandbox().reset()
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
      // A second Medusa, a process of its own on this test's database: the one that will die.
      server = await startMedusaServer({
        port: await freePort(),
        logs: path.join(ROOT, ".cache", "tracking-crash-logs"),
        admin: false,
        env: {
          ...process.env,
          DATABASE_URL: dbConfig.clientUrl,
          FRETE_PLUGIN_OPTIONS_JSON: JSON.stringify({ tracking: { timeoutMs: CHILD_TIMEOUT_MS } }),
          LOG_LEVEL: "info",
        },
      })
      const child = server
      const shop = { ...tracking.store, admin: child.admin }

      // The service holds the call; the killed server never hears back.
      sandbox().setFault("tracking", { mode: "hang", times: 1 })
      const order = await placeOrder(child.api, shop, tracking.optionId, [{ variant_id: tracking.mug, quantity: 1 }], { metadata: { cpf: CPF_FORMATTED } })
      await shipOrder(child.api, shop, order, { trackingNumber: "BR987654321BR" })
      await eventually(async () => trackingCalls().length === 1, 300)
      const [sending] = await rowsOf(order.id)
      expect(sending).toMatchObject({ status: "sending", attempts: 0 })
      process.kill(-child.pid, "SIGKILL")
      await child.stop()

      // Within the lease, the row is left alone: the call might still be answered.
      await job()
      expect((await rowsOf(order.id))[0]).toMatchObject({ status: "sending" })
      const { rows } = await dbConnection.raw(`select extract(epoch from (lease_until - now())) * 1000 as left_ms from tracking_order where id = ?`, [sending.id])
      expect(Number(rows[0].left_ms)).toBeLessThanOrEqual(CHILD_TIMEOUT_MS + LEASE_MARGIN_MS)

      // Past the lease, this app's job ends it as a timeout would.
      const failed = await eventually(async () => {
        await job()
        const [row] = await rowsOf(order.id)
        return row.status === "failed" ? row : undefined
      }, 400)
      expect(failed).toMatchObject({ attempts: 1, remote_id: null, next_attempt_at: null, last_error: INTERRUPTED_REASON })
      expect(failed.last_error).toMatch(/confira no painel do serviço antes de reenviar/)
      for (let run = 0; run < 3; run += 1) {
        await job()
      }
      expect(trackingCalls()).toHaveLength(1)
      expect((await rowsOf(order.id))[0]).toMatchObject({ status: "failed", attempts: 1 })

      // The merchant checked the panel and resends on purpose: created, the second call.
      const { data } = await api.post(`/admin/frete/tracking-orders/${failed.id}/retry`, {}, tracking.store.admin)
      expect(data.tracking_order).toMatchObject({ status: "created", attempts: 2 })
      expect(trackingCalls()).toHaveLength(2)
      expect(sandbox().trackingOrders()).toHaveLength(1)
    })
  },
})
