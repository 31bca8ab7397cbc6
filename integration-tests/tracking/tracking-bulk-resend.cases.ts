// After an outage: the tracking orders that ended `failed` are listed for the admin and sent again
// many at once, each rebuilt from its order's current data, through a real Medusa app, Postgres
// and the sandbox. A created row is never sent again, and a row the service may already have
// created (a 500 after it wrote the order) only when the merchant names it.
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import purgeTrackingPayloadsJob from "../../src/jobs/purge-tracking-payloads"
import { MAYBE_CREATED_MESSAGE } from "../../src/api/admin/frete/tracking-orders/present"
import {
  createTrackingStore,
  TRACKING_CREDENTIAL,
  trackingActions,
  type TrackingStore,
} from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CREDENTIAL = TRACKING_CREDENTIAL
const CPF_FORMATTED = "153.509.460-56"
const CARRIER_GUID = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e"

type ApiError = { response: { status: number; data: { message?: string } } }
type Result = {
  id: string
  outcome: string
  message: string | null
  tracking_order?: { status: string; remote_id: string | null; maybe_created: boolean }
}

export const trackingBulkResendCases: FreteCases = ({ api, getContainer, sandbox, dbConnection }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  const admin = () => tracking.store.admin
  const posts = () =>
    sandbox()
      .calls({ service: "tracking" })
      .filter((call) => call.method === "POST")
  const { settled, ship } = trackingActions(api, () => tracking)
  const resend = (body: unknown) =>
    api.post("/admin/frete/tracking-orders/retry", body, admin()).catch((error: ApiError) => error.response)
  const failedList = async (params: Record<string, unknown> = {}) =>
    (await api.get("/admin/frete/tracking-orders", { ...admin(), params: { status: "failed", ...params } })).data
  const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString()
  /** The calls that carried this order to the service, as its call log shows them. */
  const sentOf = (order: { display_id: number }) =>
    posts().filter((call) => (call.body as { OrderNumber?: unknown } | null)?.OrderNumber === String(order.display_id))
  const retryOne = (id: string, body: unknown) =>
    api.post(`/admin/frete/tracking-orders/${id}/retry`, body, admin()).catch((error: ApiError) => error.response)
  /** An order whose tracking call the service acted on, then answered 500: failed, and it may have the order. */
  const shipCreatedThen500 = async () => {
    sandbox().setFault("tracking", { mode: "fail-after-create", times: 1 })
    const { order } = await ship(CPF_FORMATTED)
    const [row] = await settled(order.id)
    expect({ status: row.status, maybeCreated: row.maybe_created, sent: sentOf(order).length }).toEqual({
      status: "failed",
      maybeCreated: true,
      sent: 1,
    })
    expect(row.last_error).toMatch(/pode ter criado o pedido: confira no painel do serviço/)
    // The service did create it: a resend would be its second.
    const stored = sandbox()
      .trackingOrders()
      .filter((kept) => kept.order.OrderNumber === String(order.display_id))
    expect(stored).toHaveLength(1)
    return { order, row }
  }

  it("resends the failed rows chosen, then every failed row of a period, each once; a created one never", async () => {
    // The service refused the credential (it created nothing): each row ends failed.
    sandbox().configure({ trackingCredential: "credencial-trocada" })
    const shipped = [await ship(CPF_FORMATTED), await ship(CPF_FORMATTED), await ship(CPF_FORMATTED)]
    const rows = []
    for (const { order } of shipped) {
      const [row] = await settled(order.id)
      expect({ status: row.status, maybeCreated: row.maybe_created }).toEqual({ status: "failed", maybeCreated: false })
      expect(row.last_error).toMatch(/recusou a credencial/)
      rows.push(row)
    }
    expect(posts()).toHaveLength(3)
    const listed = await failedList({ limit: 2 })
    expect(listed.count).toBe(3)
    expect(listed.tracking_orders).toHaveLength(2)
    expect(listed.tracking_orders[0].payload.CustomerName).toBe("M*** d*** S***")

    // The credential is fixed; the merchant resends two of them.
    sandbox().configure({ trackingCredential: CREDENTIAL })
    const chosen = await resend({ ids: [rows[0].id, rows[1].id, rows[1].id] })
    expect(chosen.status).toBe(200)
    expect(chosen.data.results.map((result: Result) => [result.id, result.outcome])).toEqual([
      [rows[0].id, "created"],
      [rows[1].id, "created"],
    ])
    expect(posts()).toHaveLength(5)
    expect((await failedList()).count).toBe(1)

    // "Reenviar todos": every failure since an hour ago, the one left.
    const all = await resend({ failed_since: hourAgo() })
    expect(all.data).toMatchObject({ remaining: 0, results: [{ id: rows[2].id, outcome: "created" }] })
    expect(posts()).toHaveLength(6)
    const received = sandbox().trackingOrders()
    expect(received).toHaveLength(3)
    expect(received.map((stored) => stored.order.OrderNumber).sort()).toEqual(
      shipped.map(({ order }) => String(order.display_id)).sort()
    )
    expect((await failedList()).count).toBe(0)

    // Created rows and unknown ids: answered per row, nothing sent.
    const again = await resend({ ids: [rows[0].id, "frtrk_nao_existe"] })
    expect(again.data.results).toEqual([
      expect.objectContaining({
        id: rows[0].id,
        outcome: "already_created",
        message: "Este pedido de rastreamento já foi criado no serviço de rastreamento.",
      }),
      { id: "frtrk_nao_existe", outcome: "not_found", message: "Pedido de rastreamento não encontrado." },
    ])
    expect((await resend({ failed_since: hourAgo() })).data).toEqual({ results: [], remaining: 0 })
    expect(posts()).toHaveLength(6)
  })

  it('"Reenviar todos" leaves out a row the service may have created (created, then 500); sent by name', async () => {
    const maybe = await shipCreatedThen500()
    // Another order failed on a refused credential: the service certainly has nothing of it.
    sandbox().configure({ trackingCredential: "credencial-trocada" })
    const { order: refusedOrder } = await ship(CPF_FORMATTED)
    const [refused] = await settled(refusedOrder.id)
    expect([refused.status, refused.maybe_created]).toEqual(["failed", false])
    sandbox().configure({ trackingCredential: CREDENTIAL })

    // "Reenviar todos": the safe row is sent; the other is answered, not sent, with the reason, for the admin to ask.
    const all = await resend({ failed_since: hourAgo() })
    expect(all.status).toBe(200)
    expect(all.data.results.map((result: Result) => [result.id, result.outcome, result.message])).toEqual([
      [refused.id, "created", null],
      [maybe.row.id, "maybe_created", MAYBE_CREATED_MESSAGE],
    ])
    expect(all.data.results[1].tracking_order).toMatchObject({ status: "failed", maybe_created: true })
    const sent = { maybe: sentOf(maybe.order).length, refused: sentOf(refusedOrder).length }
    expect(sent).toEqual({ maybe: 1, refused: 2 })
    // Neither the job nor the same rows named without the confirmation send it.
    await deliverTrackingOrdersJob(getContainer())
    const named = await resend({ ids: [maybe.row.id] })
    expect(named.data.results).toEqual([expect.objectContaining({ id: maybe.row.id, outcome: "maybe_created" })])
    expect(sentOf(maybe.order)).toHaveLength(1)
    // The admin's list still shows it, marked.
    const listed = (await failedList()).tracking_orders as Array<{ id: string; maybe_created: boolean }>
    expect(listed.map((row) => [row.id, row.maybe_created])).toEqual([[maybe.row.id, true]])

    // The merchant checked the service's panel and asks for it by name: sent a second time, on purpose.
    const confirmed = await resend({ ids: [maybe.row.id], resend_maybe_created: [maybe.row.id] })
    expect(confirmed.data.results).toEqual([expect.objectContaining({ id: maybe.row.id, outcome: "created" })])
    expect(confirmed.data.results[0].tracking_order).toMatchObject({ status: "created", maybe_created: false })
    expect(sentOf(maybe.order)).toHaveLength(2)
    expect((await failedList()).count).toBe(0)
  })

  it('the single "Reenviar" refuses a row the service may already have created unless asked explicitly', async () => {
    const { order, row } = await shipCreatedThen500()

    // No confirmation: a 409 that says why, and nothing sent.
    const refused = await retryOne(row.id, {})
    expect([refused.status, refused.data.message]).toEqual([409, MAYBE_CREATED_MESSAGE])
    expect(refused.data.tracking_order).toMatchObject({ id: row.id, status: "failed", maybe_created: true })
    const unconfirmed = await retryOne(row.id, { resend_maybe_created: false })
    expect(unconfirmed.status).toBe(409)
    const wrong = await retryOne(row.id, { resend_maybe_created: "sim" })
    expect({ status: wrong.status, message: wrong.data.message }).toEqual({
      status: 400,
      message: "resend_maybe_created deve ser true ou false.",
    })
    expect(sentOf(order)).toHaveLength(1)

    // Asked explicitly: sent once more, created.
    const retried = await retryOne(row.id, { resend_maybe_created: true })
    expect(retried.status).toBe(200)
    expect(retried.data.tracking_order).toMatchObject({ status: "created", attempts: 2, maybe_created: false })
    expect(sentOf(order)).toHaveLength(2)
    // Created now: never again, confirmed or not.
    expect((await retryOne(row.id, { resend_maybe_created: true })).status).toBe(409)
    expect(sentOf(order)).toHaveLength(2)
  })

  it("a failure 100 days old stays 100 days old once its payload is purged: not among the last 31 days' failures, not resent by a period", async () => {
    sandbox().setFault("tracking", { mode: "status", status: 500, times: 1 })
    const { order } = await ship(CPF_FORMATTED)
    const [row] = await settled(order.id)
    expect({ status: row.status }).toEqual({ status: "failed" })
    // It failed 100 days ago: every time it carries says so.
    await dbConnection.raw(
      `update tracking_order set created_at = now() - interval '100 days', updated_at = now() - interval '100 days', failed_at = now() - interval '100 days' where id = ?`,
      [row.id]
    )
    await purgeTrackingPayloadsJob(getContainer())
    const purged = (
      await dbConnection.raw(
        `select payload, extract(epoch from (now() - failed_at)) / 86400 as failed_days_ago from tracking_order where id = ?`,
        [row.id]
      )
    ).rows[0]
    expect({
      payloadPurged: purged.payload === null,
      failedDaysAgo: Math.round(Number(purged.failed_days_ago)),
    }).toEqual({ payloadPurged: true, failedDaysAgo: 100 })

    // The admin's list shows it as the old failure it is.
    const listed = (await failedList({ limit: 100 })).tracking_orders.find(
      (candidate: { id: string }) => candidate.id === row.id
    )
    const monthAgo = Date.now() - 31 * 86_400_000
    expect({
      listed: Boolean(listed),
      failedWithinTheLast31Days: new Date(listed?.failed_at ?? 0).getTime() >= monthAgo,
    }).toEqual({ listed: true, failedWithinTheLast31Days: false })

    // "Reenviar todos" (the last 31 days) leaves it alone: nothing is sent.
    const all = await resend({ failed_since: new Date(monthAgo + 60_000).toISOString() })
    expect({ resentIds: all.data.results.map((result: Result) => result.id), tracking_posts: posts().length }).toEqual({
      resentIds: [],
      tracking_posts: 1,
    })
    const [after] = await dbConnection
      .raw(`select status from tracking_order where id = ?`, [row.id])
      .then((answer: { rows: Array<{ status: string }> }) => answer.rows)
    expect({ statusAfterTheResend: after.status }).toEqual({ statusAfterTheResend: "failed" })
  })

  it("refuses a body it cannot take, in Portuguese, and sends nothing", async () => {
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString()
    for (const [body, message] of [
      [{}, /Informe ids .* ou failed_since/],
      [[], /Informe ids .* ou failed_since/],
      [{ ids: [] }, /ao menos um/],
      [{ ids: "frtrk_1" }, /ids deve ser uma lista/],
      [{ ids: Array.from({ length: 101 }, (_, index) => `frtrk_${index}`) }, /No máximo 100/],
      [{ ids: ["frtrk_1"], outro: 1 }, /Campo desconhecido: outro/],
      [{ ids: ["frtrk_1"], resend_maybe_created: ["frtrk_2"] }, /resend_maybe_created deve estar também em ids/],
      [{ failed_since: hourAgo(), resend_maybe_created: ["frtrk_1"] }, /resend_maybe_created vale só com ids/],
      [{ failed_since: "ontem" }, /failed_since inválido/],
      [{ failed_since: longAgo }, /no máximo 31 dias/],
      [{ failed_since: new Date().toISOString(), failed_until: longAgo }, /antes de failed_until/],
    ] as Array<[unknown, RegExp]>) {
      const answer = await resend(body)
      expect(answer.status).toBe(400)
      expect(answer.data.message).toMatch(message)
    }
    expect(
      (
        await api
          .get("/admin/frete/tracking-orders", { ...admin(), params: { status: "created" } })
          .catch((error: ApiError) => error.response)
      ).status
    ).toBe(400)
    expect(
      (
        await api
          .post("/admin/frete/tracking-orders/retry", { ids: ["frtrk_1"] })
          .catch((error: ApiError) => error.response)
      ).status
    ).toBe(401)
    expect(posts()).toHaveLength(0)
  })
}
