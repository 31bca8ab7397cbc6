// A shipment made before the tracking API is configured is not lost: its row waits ("rastreamento
// não configurado"), and the order is created once the merchant saves the URL and the credential.
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { NOT_CONFIGURED_REASON } from "../../src/lib/tracking/delivery-policy"
import { eventually } from "../../scripts/lib/store-api"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"
import { rememberSecret } from "../../test-support/log-guard"

const CREDENTIAL = "dW5jb25maWd1cmVkOnMzY3IzdC1jcmVkZW50aWFs"
const ENCRYPTION_KEY = "an-encryption-key-for-unconfigured-tracking-1"
const CARRIER_GUID = "0b7e4d2a-9c1f-4e8b-a3d6-5f2c1e0a9b87"
rememberSecret(CREDENTIAL, ENCRYPTION_KEY)

freteIntegrationTestRunner({
  sandbox: { trackingCredential: CREDENTIAL },
  env: { FRETE_TRACKING_URL: "", FRETE_TRACKING_CREDENTIAL: "", FRETE_ENCRYPTION_KEY: ENCRYPTION_KEY },
  pluginOptions: { tracking: { retry: { baseDelayMs: 10, maxDelayMs: 20 } } },
  testSuite: ({ api, getContainer, sandbox }) => {
    let tracking: TrackingStore

    beforeEach(async () => {
      sandbox().reset()
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
    })

    const { rowsOf, settled, ship } = trackingActions(api, () => tracking)

    it("keeps the tracking order of a shipment made before the credentials, and delivers it once after they are saved", async () => {
      const { order } = await ship("529.982.247-25")
      const [waiting] = await settled(order.id)
      expect(waiting).toMatchObject({ status: "pending", last_error: NOT_CONFIGURED_REASON })
      expect(waiting.payload).not.toBeNull()

      // Job runs while still unconfigured: the row keeps waiting, nothing is sent.
      await deliverTrackingOrdersJob(getContainer())
      await deliverTrackingOrdersJob(getContainer())
      expect((await rowsOf(order.id))[0]).toMatchObject({ status: "pending", last_error: NOT_CONFIGURED_REASON })
      expect(sandbox().calls({ service: "tracking" })).toHaveLength(0)

      await api.post("/admin/frete/settings", { tracking_url: sandbox().url, secrets: { tracking_credential: CREDENTIAL } }, tracking.store.admin)
      const [created] = await eventually(async () => {
        await deliverTrackingOrdersJob(getContainer())
        const rows = await rowsOf(order.id)
        return rows[0]?.status === "created" ? rows : undefined
      })
      expect(created.last_error).toBeNull()
      expect(sandbox().trackingOrders().filter((stored) => stored.order.OrderNumber === String(order.display_id))).toHaveLength(1)

      // Later runs send nothing more.
      await deliverTrackingOrdersJob(getContainer())
      expect(sandbox().calls({ service: "tracking" })).toHaveLength(1)
    })
  },
})
