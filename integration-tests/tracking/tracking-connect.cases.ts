// A tracking API that refuses the connection: the request never left the process, so the row
// stays `pending` and is retried; once the service listens, the order is created, once.
import net from "node:net"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { eventually } from "../../scripts/lib/store-api"
import { createSandbox, type Sandbox } from "../../sandbox/server"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteConfiguredCases } from "../helpers/frete-runner"

const CREDENTIAL = "Y29ubmVjdDpzM2NyM3QtY29ubmVjdC1jcmVkZW50aWFs"
const CARRIER_GUID = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"

/**
 * A port nothing listens on, below Linux's ephemeral range (32768 and up): the other lane's
 * servers and sandboxes listen on ports the system picks from that range, so none of them can take
 * this one while the test counts on it being refused (as one did a port picked by `listen(0)`).
 */
async function refusingPort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000)
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer()
      probe.once("error", () => resolve(false))
      probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)))
    })
    if (free) return port
  }
}

/** The port the tracking URL points at, nothing listening on it until the test starts a service there. */
let trackingPort = 0

export const trackingConnectCases: FreteConfiguredCases = {
  sandbox: { trackingCredential: CREDENTIAL },
  env: async () => {
    trackingPort = await refusingPort()
    return { FRETE_TRACKING_URL: `http://127.0.0.1:${trackingPort}` }
  },
  pluginOptions: { tracking: { retry: { baseDelayMs: 10, maxDelayMs: 20 } } },
  cases: ({ api, getContainer, sandbox }) => {
    let tracking: TrackingStore
    let trackingService: Sandbox | undefined

    beforeAll(async () => {
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
    })

    afterEach(async () => {
      await trackingService?.close()
      trackingService = undefined
    })

    const { rowsOf, settled, ship } = trackingActions(api, () => tracking)
    const job = () => deliverTrackingOrdersJob(getContainer())

    it("a refused connection is retried (pending), then created once the service is reachable", async () => {
      const { order } = await ship("529.982.247-25")
      const [first] = await settled(order.id)
      expect(first).toMatchObject({
        status: "pending",
        attempts: 1,
        remote_id: null,
        last_error: "Falha temporária na tentativa 1: não foi possível conectar ao serviço",
      })
      expect(first.next_attempt_at).not.toBeNull()

      // Still refused at the next runs: retried, never failed.
      const retried = await eventually(async () => {
        await job()
        const [row] = await rowsOf(order.id)
        return row.attempts >= 3 ? row : undefined
      })
      expect(retried).toMatchObject({ status: "pending", remote_id: null })
      expect(retried.last_error).toMatch(/^Falha temporária na tentativa \d+: não foi possível conectar ao serviço$/)

      trackingService = await createSandbox({ port: trackingPort, trackingCredential: CREDENTIAL })
      const created = await eventually(async () => {
        await job()
        const [row] = await rowsOf(order.id)
        return row.status === "created" ? row : undefined
      })
      expect(created).toMatchObject({ last_error: null, next_attempt_at: null })
      const received = trackingService.trackingOrders()
      expect(received).toHaveLength(1)
      expect(created.remote_id).toBe(received[0].id)
      expect(received[0].order).toMatchObject({ OrderNumber: String(order.display_id), Code: "BR123456789BR" })

      for (let run = 0; run < 3; run += 1) {
        await job()
      }
      expect(trackingService.calls({ service: "tracking" })).toHaveLength(1)
      expect(sandbox().calls({ service: "tracking" })).toHaveLength(0)
    })
  },
}
