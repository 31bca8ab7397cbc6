// A tracking order's lease run out while its attempt was still under way (as for a process
// presumed dead): the sweeper ends the row `failed`, and the old attempt's answer, arriving after
// the merchant requeued the row, is recorded (created), never sent again. A process really killed
// mid-call (kill -9) is in scale/multi-instance.spec.ts: the worker, restarted, ends its row
// `failed` after the lease, with one call.
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { INTERRUPTED_REASON } from "../../src/lib/tracking/delivery-policy"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { resendTrackingOrder } from "../../src/workflows/tracking/deliver-tracking-order"
import { eventually } from "../../scripts/lib/store-api"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CPF_FORMATTED = "529.982.247-25"
const CARRIER_GUID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f"

jest.setTimeout(600_000)

export const trackingLeaseCases: FreteCases = ({ api, getContainer, sandbox, dbConnection }) => {
  let tracking: TrackingStore

  const { rowsOf, ship } = trackingActions(api, () => tracking)
  const trackingCalls = () => sandbox().calls({ service: "tracking" })
  const job = () => deliverTrackingOrdersJob(getContainer())

  it("a slow attempt's answer, after the sweeper failed its row and the merchant requeued it, is recorded: created, never sent again", async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
    const frete = getContainer().resolve<FreteModuleService>(FRETE_MODULE)
    // A run of the delivery job meeting the requeued row before the late answer arrives would make
    // the second call the merchant asked for. The test is of the late answer: the app of
    // store.spec.ts runs the job only when a test calls it (FRETE_TRACKING_JOB_SECONDS), and this
    // test calls it only after the answer is recorded.
    // The service takes its time (well within the call's deadline): the attempt is in flight meanwhile.
    sandbox().setFault("tracking", { mode: "latency", ms: 6000, times: 1 })
    const { order } = await ship(CPF_FORMATTED)
    const [sending] = await eventually(
      async () => {
        const rows = await rowsOf(order.id)
        return rows[0]?.status === "sending" && trackingCalls().length === 1 ? rows : undefined
      },
      100,
      "the first attempt's call under way"
    )

    // Its lease taken as run out (as for a process presumed dead): the sweeper ends it failed.
    await dbConnection.raw(`update tracking_order set lease_until = now() - interval '1 second' where id = ?`, [
      sending.id,
    ])
    await frete.sweepTrackingLeases()
    const swept = await frete.trackingOrders.get(sending.id)
    expect({ status: swept?.status, reason: swept?.last_error }).toEqual({
      status: "failed",
      reason: INTERRUPTED_REASON,
    })

    // The merchant, told the service may have it, requeues it by name (queued for the job, as a bulk resend past its time budget does).
    const requeued = await resendTrackingOrder(getContainer(), swept!, { sendNow: false, maybeCreatedConfirmed: true })
    expect({ outcome: requeued.kind, status: requeued.row.status }).toEqual({ outcome: "queued", status: "pending" })

    // The old attempt's answer ("created") arrives: no newer attempt owns the row, so it is recorded.
    const created = await eventually(
      async () => {
        const row = await frete.trackingOrders.get(sending.id)
        return row?.status === "created" ? row : undefined
      },
      100,
      "the late answer recorded as created"
    )
    expect({
      status: created.status,
      remoteId: created.remote_id,
      next: created.next_attempt_at,
      failedAt: created.failed_at,
    }).toEqual({
      status: "created",
      remoteId: sandbox().trackingOrders()[0].id,
      next: null,
      failedAt: null,
    })
    for (let run = 0; run < 2; run += 1) {
      await job()
    }
    expect({ trackingCalls: trackingCalls().length, ordersReceived: sandbox().trackingOrders().length }).toEqual({
      trackingCalls: 1,
      ordersReceived: 1,
    })
  })
}
