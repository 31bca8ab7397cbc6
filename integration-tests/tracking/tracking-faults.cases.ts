import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import type { SandboxFault } from "../../sandbox/server"
import { eventually } from "../../scripts/lib/store-api"
import {
  createTrackingStore,
  TRACKING_CREDENTIAL,
  trackingActions,
  trackingLogLines,
  type TrackingRow,
  type TrackingStore,
} from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

// The tracking service failing in every way the sandbox can make it fail, through a real Medusa
// app, Postgres and HTTP: nothing lost, nothing sent twice. Credential and CPF of this file only.
const CREDENTIAL = TRACKING_CREDENTIAL
const CREDENTIAL_USER_PASSWORD = Buffer.from(CREDENTIAL, "base64").toString()
const CPF = "86288366757"
const CPF_FORMATTED = "862.883.667-57"
const CARRIER_GUID = "3d7b9e21-6c4a-4f0e-8b2d-5a1c9e7f4b60"
/**
 * The file's `tracking.timeoutMs` (tracking.group.ts): short, so a hanging service costs a few
 * seconds per case, and long enough that the service's answers (from this same busy process)
 * and a test's clicks while a call hangs fit in it; well above the slow-but-fine latency below.
 */
export const TRACKING_FAULTS_TIMEOUT_MS = 4000
const SLOW_BUT_IN_TIME_MS = 1000

type Row = TrackingRow
type ApiError = { response: { status: number; data: { message?: string } } }

/** The documented reason of a row the service may have created: check its panel before resending. */
const maybeCreated = (detail: RegExp) =>
  new RegExp(
    `^Sem resposta legível do serviço de rastreamento depois do envio \\(.*${detail.source}.*\\)\\. ` +
      "Ele pode ter criado o pedido: confira no painel do serviço antes de reenviar\\.$",
    "s"
  )

export const trackingFaultsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  const job = () => deliverTrackingOrdersJob(getContainer())
  const trackingCalls = () => sandbox().calls({ service: "tracking" })
  const { rowsOf, settled, ship: shipWith } = trackingActions(api, () => tracking)
  /** Runs the job until the order's row passes `check`. */
  const jobUntil = (orderId: string, check: (row: Row) => boolean) =>
    eventually(async () => {
      await job()
      const [row] = await rowsOf(orderId)
      return check(row) ? row : undefined
    })
  // As the admin sends it once the merchant, told the service may already have the order, confirmed.
  const retry = (rowId: string) =>
    api
      .post(`/admin/frete/tracking-orders/${rowId}/retry`, { resend_maybe_created: true }, tracking.store.admin)
      .catch((error: ApiError) => error.response)
  const ship = () => shipWith(CPF_FORMATTED)
  /** Every call carried the credential and the same stored payload: a resend is the same order. */
  const expectOneOrderSentEachTime = () => {
    const calls = trackingCalls()
    expect(
      calls.filter((call) => !(call.method === "POST" && call.path === "/v1/tracking" && call.authorized))
    ).toEqual([])
    for (const call of calls) {
      expect(call.body).toEqual(calls[0].body)
    }
  }
  /** More job runs and a second admin retry send nothing more. */
  const expectNothingMoreSent = async (rowId: string) => {
    const before = trackingCalls().length
    for (let run = 0; run < 3; run += 1) {
      await job()
    }
    const again = await retry(rowId)
    expect(again.status).toBe(409)
    expect(trackingCalls()).toHaveLength(before)
  }

  describe("a fault that says the service did not act: pending, retried, then created once", () => {
    it.each<[string, SandboxFault, number]>([
      ["503 with the service's JSON", { mode: "status", status: 503 }, 503],
      ["503 with a proxy's HTML page", { mode: "html" }, 503],
      ["429", { mode: "status", status: 429 }, 429],
    ])("%s", async (_name, fault, status) => {
      sandbox().setFault("tracking", { ...fault, times: 2 })
      const { order } = await ship()

      const [first] = await settled(order.id)
      expect(first).toMatchObject({ status: "pending", attempts: 1, remote_id: null })
      expect(first.next_attempt_at).not.toBeNull()
      expect(first.last_error).toMatch(new RegExp(`^Falha temporária na tentativa 1: .*HTTP ${status}`))
      // The merchant reads the reason: no HTML page pasted into it.
      expect(first.last_error).not.toMatch(/<|nginx|DOCTYPE/i)
      expect(sandbox().trackingOrders()).toHaveLength(0)

      const second = await jobUntil(order.id, (row) => row.attempts >= 2)
      expect(second).toMatchObject({ status: "pending", attempts: 2, remote_id: null })
      expect(second.last_error).toMatch(new RegExp(`^Falha temporária na tentativa 2: .*HTTP ${status}`))

      const created = await jobUntil(order.id, (row) => row.status !== "pending")
      expect(created).toMatchObject({ status: "created", attempts: 3, last_error: null, next_attempt_at: null })
      expect(trackingCalls().map((call) => call.status)).toEqual([status, status, 200])
      expect(trackingCalls().map((call) => call.fault)).toEqual([fault.mode, fault.mode, null])
      expectOneOrderSentEachTime()
      const received = sandbox().trackingOrders()
      expect(received).toHaveLength(1)
      expect(created.remote_id).toBe(received[0].id)
      expect(received[0].order).toMatchObject({
        OrderNumber: String(order.display_id),
        Code: "BR123456789BR",
        CustomerDocumentNumber: CPF,
      })

      await expectNothingMoreSent(created.id)
      expect(sandbox().trackingOrders()).toHaveLength(1)
      expect(await rowsOf(order.id)).toHaveLength(1)
    })
  })

  describe("a fault after which the service may have created the order: failed, never resent on its own", () => {
    it.each<[string, SandboxFault, number | null, RegExp]>([
      ["the service hangs past tracking.timeoutMs", { mode: "hang" }, null, maybeCreated(/dentro do prazo/)],
      [
        "the connection is reset after the request was sent",
        { mode: "reset" },
        null,
        maybeCreated(/a conexão caiu depois do envio/),
      ],
      ["a 200 with malformed JSON", { mode: "malformed-json" }, 200, maybeCreated(/não é JSON no formato documentado/)],
      ["a 200 of the wrong shape", { mode: "wrong-shape" }, 200, maybeCreated(/não é JSON no formato documentado/)],
      // "An error occurred, contact support": the service may have made the order before it.
      [
        "a 500 with the service's JSON",
        { mode: "status", status: 500 },
        500,
        maybeCreated(/o serviço falhou \(HTTP 500\)/),
      ],
      // A proxy in front of the service: the service behind it may have made the order.
      [
        "a 502 with a proxy's HTML page",
        { mode: "html", status: 502 },
        502,
        maybeCreated(/o serviço falhou \(HTTP 502\)/),
      ],
      [
        "a 504 with a proxy's HTML page",
        { mode: "html", status: 504 },
        504,
        maybeCreated(/o serviço falhou \(HTTP 504\)/),
      ],
      // Not outcome-unknown, but also never resent on its own: the order was refused.
      [
        "a 400 refusal",
        { mode: "status", status: 400 },
        400,
        /^O serviço de rastreamento recusou o pedido: Ocorreu um erro, contate o suporte$/,
      ],
    ])("%s", async (_name, fault, status, reason) => {
      sandbox().setFault("tracking", { ...fault, times: 1 })
      const { order } = await ship()

      const [row] = await settled(order.id)
      expect(row).toMatchObject({ status: "failed", attempts: 1, remote_id: null, next_attempt_at: null })
      expect(row.last_error).toMatch(reason)
      expect(row.last_error).not.toMatch(/<|nginx|DOCTYPE/i)
      expect(trackingCalls()).toHaveLength(1)
      expect(trackingCalls()[0]).toMatchObject({ fault: fault.mode, status })
      expect(sandbox().trackingOrders()).toHaveLength(0)

      // The service answers normally again; the job still leaves the row alone.
      for (let run = 0; run < 3; run += 1) {
        await job()
      }
      expect(trackingCalls()).toHaveLength(1)
      expect((await rowsOf(order.id))[0]).toMatchObject({ status: "failed", attempts: 1, last_error: row.last_error })

      // The merchant checked the panel and asks for it: sent once, on purpose.
      const retried = await retry(row.id)
      expect(retried.status).toBe(200)
      expect(retried.data.tracking_order).toMatchObject({ status: "created", attempts: 2, last_error: null })
      expect(trackingCalls().map((call) => call.status)).toEqual([status, 200])
      expectOneOrderSentEachTime()
      const received = sandbox().trackingOrders()
      expect(received).toHaveLength(1)
      expect(retried.data.tracking_order.remote_id).toBe(received[0].id)

      await expectNothingMoreSent(row.id)
      expect(sandbox().trackingOrders()).toHaveLength(1)
    })
  })

  it("a retry by the job that times out ends failed too, and two jobs at once send it only once", async () => {
    sandbox().setFault("tracking", { mode: "status", status: 503, times: 1 })
    const { order } = await ship()
    const [first] = await settled(order.id)
    expect(first).toMatchObject({ status: "pending", attempts: 1 })

    // Wait until the retry is due, then two instances' jobs at once while the service hangs.
    await eventually(async () => {
      const [row] = await rowsOf(order.id)
      return row.next_attempt_at && new Date(row.next_attempt_at).getTime() < Date.now() - 50
    })
    sandbox().setFault("tracking", { mode: "hang", times: 1 })
    await Promise.all([job(), job()])
    const [row] = await rowsOf(order.id)
    expect(row).toMatchObject({ status: "failed", attempts: 2, remote_id: null, next_attempt_at: null })
    expect(row.last_error).toMatch(maybeCreated(/dentro do prazo/))
    expect(trackingCalls().map((call) => call.status)).toEqual([503, null])
    expect(trackingCalls().map((call) => call.fault)).toEqual(["status", "hang"])

    for (let run = 0; run < 3; run += 1) {
      await job()
    }
    expect(trackingCalls()).toHaveLength(2)
    expect(sandbox().trackingOrders()).toHaveLength(0)
  })

  it("an admin retry clicked while the first attempt hangs does not send the order a second time", async () => {
    sandbox().setFault("tracking", { mode: "hang", times: 1 })
    const { order } = await ship()
    // The first attempt is on its way (the service holds it): the row is claimed, `sending`.
    await eventually(async () => trackingCalls().length === 1)
    const [sending] = await rowsOf(order.id)
    expect(sending).toMatchObject({ status: "sending", attempts: 0 })

    // Refused as in progress, never a 500 and never a second call.
    const clicked = await retry(sending.id)
    expect(clicked.status).toBe(409)
    const [row] = await settled(order.id)
    // The first attempt's outcome is unknown: the merchant must be told to check the panel,
    // not have the order sent a second time behind that message.
    expect(trackingCalls().map((call) => call.status)).toEqual([null])
    expect(row).toMatchObject({ status: "failed", attempts: 1 })
    expect(row.last_error).toMatch(maybeCreated(/dentro do prazo/))
    expect(sandbox().trackingOrders()).toHaveLength(0)

    // Once the merchant has read that, a retry sends it once, on purpose.
    const retried = await retry(row.id)
    expect(retried.data.tracking_order).toMatchObject({ status: "created", attempts: 2 })
    expect(trackingCalls().map((call) => call.status)).toEqual([null, 200])
  })

  it("orders shipped while the service is down (503): each gets exactly one tracking order once it recovers", async () => {
    sandbox().setFault("tracking", { mode: "status", status: 503 })
    const orders: Array<Awaited<ReturnType<typeof ship>>["order"]> = []
    for (let index = 0; index < 3; index += 1) {
      orders.push((await ship()).order)
    }
    for (const order of orders) {
      const [row] = await settled(order.id)
      // Whatever attempt it is at, it waits, pending, with the 503 as its reason.
      expect(row.status).toBe("pending")
      expect(row.last_error).toMatch(new RegExp(`^Falha temporária na tentativa ${row.attempts}: .*HTTP 503`))
    }

    // Still down at the next runs: retried, still pending, nothing created.
    await eventually(async () => {
      await job()
      const rows = (await Promise.all(orders.map((order) => rowsOf(order.id)))).flat()
      return rows.every((row) => row.attempts >= 2)
    })
    for (const order of orders) {
      expect((await rowsOf(order.id))[0]).toMatchObject({ status: "pending", remote_id: null })
    }
    expect(sandbox().trackingOrders()).toHaveLength(0)

    sandbox().setFault("tracking", null)
    const rows = await eventually(async () => {
      await job()
      const all = (await Promise.all(orders.map((order) => rowsOf(order.id)))).flat()
      return all.every((row) => row.status !== "pending") ? all : undefined
    })
    expect(rows).toHaveLength(3)
    expect(rows.map((row) => row.status)).toEqual(["created", "created", "created"])

    const received = sandbox().trackingOrders()
    expect(received).toHaveLength(3)
    expect(received.map((stored) => stored.order.OrderNumber).sort()).toEqual(
      orders.map((order) => String(order.display_id)).sort()
    )
    expect(rows.map((row) => row.remote_id).sort()).toEqual(received.map((stored) => stored.id).sort())
    // One call per attempt, one success per order.
    const calls = trackingCalls()
    expect(calls).toHaveLength(rows.reduce((sum, row) => sum + row.attempts, 0))
    expect(calls.filter((call) => call.status === 200)).toHaveLength(3)
    expect(calls.filter((call) => call.status !== 200 && call.status !== 503)).toEqual([])

    const before = calls.length
    for (let run = 0; run < 3; run += 1) {
      await job()
    }
    expect(trackingCalls()).toHaveLength(before)
    expect(sandbox().trackingOrders()).toHaveLength(3)
  })

  it("a 200 that is slow but within tracking.timeoutMs: created once", async () => {
    sandbox().setFault("tracking", { mode: "latency", ms: SLOW_BUT_IN_TIME_MS, times: 1 })
    const { order } = await ship()
    const [row] = await settled(order.id)
    expect(row).toMatchObject({ status: "created", attempts: 1, last_error: null })
    expect(trackingCalls()).toHaveLength(1)
    expect(trackingCalls()[0]).toMatchObject({ fault: "latency", status: 200, authorized: true })
    const received = sandbox().trackingOrders()
    expect(received).toHaveLength(1)
    expect(row.remote_id).toBe(received[0].id)
    await expectNothingMoreSent(row.id)
  })

  it("never logs the credential, the Basic credential or a full CPF", () => {
    // The log guard fails any file whose logs carry these; here, the lines of this file's cases.
    const lines = trackingLogLines()
    expect(lines).toContainEqual(expect.stringContaining("failed after attempt 1"))
    for (const line of lines) {
      expect(line).not.toContain(CREDENTIAL)
      expect(line).not.toContain(CREDENTIAL_USER_PASSWORD)
      expect(line).not.toContain(CPF)
      expect(line).not.toContain(CPF_FORMATTED)
    }
  })
}
