// A Medusa process killed (kill -9) while its tracking call is under way: the row it claimed is
// left `sending`; another app's job, once the lease has run out, ends it `failed` with the
// "check the service's panel" reason. One call, never two: the service may have the order.
import path from "node:path"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { INTERRUPTED_REASON } from "../../src/lib/tracking/delivery-policy"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { LEASE_MARGIN_MS } from "../../src/modules/frete/tracking-delivery"
import { resendTrackingOrder } from "../../src/workflows/tracking/resend-tracking-order"
import { ROOT, startMedusaServer, type MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import { eventually, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import { freshMinute } from "../helpers/fresh-minute"
import { createTrackingStore, TRACKING_CREDENTIAL, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"
import { rememberSecret } from "../../test-support/log-guard"

const CREDENTIAL = TRACKING_CREDENTIAL
const CPF_FORMATTED = "529.982.247-25"
const CARRIER_GUID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"
/** The killed server's tracking deadline: its lease is this plus LEASE_MARGIN_MS. */
const CHILD_TIMEOUT_MS = 6_000
rememberSecret(CREDENTIAL)

jest.setTimeout(600_000)

export const trackingCrashCases: FreteCases = ({ api, getContainer, sandbox, dbConfig, dbConnection }) => {
  let tracking: TrackingStore
  let server: MedusaServer | undefined

  afterEach(async () => {
    await server?.stop()
  })

  const { rowsOf, ship } = trackingActions(api, () => tracking)
  const trackingCalls = () => sandbox().calls({ service: "tracking" })
  const job = () => deliverTrackingOrdersJob(getContainer())

  it("a process killed mid-call leaves a failed row and one call, never two", async () => {
    sandbox().reset()
    // A second Medusa, a process of its own on this test's database: the one that will die. It
    // boots while this app makes the store (the store is read at the calls, not at the boot).
    const booting = startMedusaServer({
      port: await freePort(),
      logs: path.join(ROOT, ".cache", "tracking-crash-logs"),
      admin: false,
      // The database is this app's, migrated when it booted, and the calls go as this app's admin.
      prepared: true,
      login: false,
      env: {
        ...process.env,
        DATABASE_URL: dbConfig.clientUrl,
        FRETE_PLUGIN_OPTIONS_JSON: JSON.stringify({ tracking: { timeoutMs: CHILD_TIMEOUT_MS } }),
        LOG_LEVEL: "info",
      },
    })
    const [booted, made] = await Promise.allSettled([booting, createTrackingStore(api, getContainer(), CARRIER_GUID)])
    // Kept first, so that the server is stopped after the test even when the store failed.
    if (booted.status === "fulfilled") server = booted.value
    if (booted.status === "rejected") throw booted.reason
    if (made.status === "rejected") throw made.reason
    tracking = made.value
    const child = booted.value
    const shop = tracking.store

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

  it("a slow attempt's answer, after the sweeper failed its row and the merchant requeued it, is recorded: created, never sent again", async () => {
    sandbox().reset()
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
    const frete = getContainer().resolve<FreteModuleService>(FRETE_MODULE)
    // Medusa runs the delivery job at each minute of the clock: were it to meet the requeued row
    // before the late answer arrives, it would make the second call the merchant asked for. The
    // test is of the late answer, so its window (the shipment, then at most 20 s) lies between two runs.
    await freshMinute(25_000)
    // The service takes its time (well within the call's deadline): the attempt is in flight meanwhile.
    sandbox().setFault("tracking", { mode: "latency", ms: 6000, times: 1 })
    const { order } = await ship(CPF_FORMATTED)
    const [sending] = await eventually(async () => {
      const rows = await rowsOf(order.id)
      return rows[0]?.status === "sending" && trackingCalls().length === 1 ? rows : undefined
    }, 100, "the first attempt's call under way")

    // Its lease taken as run out (as for a process presumed dead): the sweeper ends it failed.
    await dbConnection.raw(`update tracking_order set lease_until = now() - interval '1 second' where id = ?`, [sending.id])
    await frete.sweepTrackingLeases()
    const swept = await frete.getTrackingOrder(sending.id)
    expect({ status: swept?.status, reason: swept?.last_error }).toEqual({ status: "failed", reason: INTERRUPTED_REASON })

    // The merchant requeues it (queued for the job, as a bulk resend past its time budget does).
    const requeued = await resendTrackingOrder(getContainer(), swept!, false)
    expect({ outcome: requeued.kind, status: requeued.row.status }).toEqual({ outcome: "queued", status: "pending" })

    // The old attempt's answer ("created") arrives: no newer attempt owns the row, so it is recorded.
    const created = await eventually(async () => {
      const row = await frete.getTrackingOrder(sending.id)
      return row?.status === "created" ? row : undefined
    }, 100, "the late answer recorded as created")
    expect({ status: created.status, remoteId: created.remote_id, next: created.next_attempt_at, failedAt: created.failed_at }).toEqual({
      status: "created",
      remoteId: sandbox().trackingOrders()[0].id,
      next: null,
      failedAt: null,
    })
    for (let run = 0; run < 2; run += 1) {
      await job()
    }
    expect({ trackingCalls: trackingCalls().length, ordersReceived: sandbox().trackingOrders().length }).toEqual({ trackingCalls: 1, ordersReceived: 1 })
  })
}
