// After an outage: the tracking orders that ended `failed` are listed for the admin and sent again
// many at once, each rebuilt from its order's current data, through a real Medusa app, Postgres
// and the sandbox. A created row is never sent again.
import purgeTrackingPayloadsJob from "../../src/jobs/purge-tracking-payloads"
import { createTrackingStore, TRACKING_CREDENTIAL, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CREDENTIAL = TRACKING_CREDENTIAL
const CPF_FORMATTED = "153.509.460-56"
const CARRIER_GUID = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e"

type ApiError = { response: { status: number; data: { message?: string } } }
type Result = { id: string; outcome: string; message: string | null; tracking_order?: { status: string; remote_id: string | null } }

export const trackingBulkResendCases: FreteCases = ({ api, getContainer, sandbox, dbConnection }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  const admin = () => tracking.store.admin
  const posts = () => sandbox().calls({ service: "tracking" }).filter((call) => call.method === "POST")
  const { settled, ship } = trackingActions(api, () => tracking)
  const resend = (body: unknown) => api.post("/admin/frete/tracking-orders/retry", body, admin()).catch((error: ApiError) => error.response)
  const failedList = async (params: Record<string, unknown> = {}) => (await api.get("/admin/frete/tracking-orders", { ...admin(), params: { status: "failed", ...params } })).data

  it("resends the failed rows chosen, then every failed row of a period, each once; a created one never", async () => {
    // An outage: the service answers 500 (it may have made the order): each row ends failed.
    sandbox().setFault("tracking", { mode: "status", status: 500 })
    const shipped = [await ship(CPF_FORMATTED), await ship(CPF_FORMATTED), await ship(CPF_FORMATTED)]
    const rows = []
    for (const { order } of shipped) {
      const [row] = await settled(order.id)
      expect(row.status).toBe("failed")
      expect(row.last_error).toMatch(/confira no painel do serviço/)
      rows.push(row)
    }
    expect(posts()).toHaveLength(3)
    const listed = await failedList({ limit: 2 })
    expect(listed.count).toBe(3)
    expect(listed.tracking_orders).toHaveLength(2)
    expect(listed.tracking_orders[0].payload.CustomerName).toBe("M*** d*** S***")

    // The service is back; the merchant checked its panel and resends two of them.
    sandbox().setFault("tracking", null)
    const chosen = await resend({ ids: [rows[0].id, rows[1].id, rows[1].id] })
    expect(chosen.status).toBe(200)
    expect(chosen.data.results.map((result: Result) => [result.id, result.outcome])).toEqual([
      [rows[0].id, "created"],
      [rows[1].id, "created"],
    ])
    expect(posts()).toHaveLength(5)
    expect((await failedList()).count).toBe(1)

    // "Reenviar todos": every failure since an hour ago, the one left.
    const all = await resend({ failed_since: new Date(Date.now() - 3_600_000).toISOString() })
    expect(all.data).toMatchObject({ remaining: 0, results: [{ id: rows[2].id, outcome: "created" }] })
    expect(posts()).toHaveLength(6)
    const received = sandbox().trackingOrders()
    expect(received).toHaveLength(3)
    expect(received.map((stored) => stored.order.OrderNumber).sort()).toEqual(shipped.map(({ order }) => String(order.display_id)).sort())
    expect((await failedList()).count).toBe(0)

    // Created rows and unknown ids: answered per row, nothing sent.
    const again = await resend({ ids: [rows[0].id, "frtrk_nao_existe"] })
    expect(again.data.results).toEqual([
      expect.objectContaining({ id: rows[0].id, outcome: "already_created", message: "Este pedido de rastreamento já foi criado no serviço de rastreamento." }),
      { id: "frtrk_nao_existe", outcome: "not_found", message: "Pedido de rastreamento não encontrado." },
    ])
    expect((await resend({ failed_since: new Date(Date.now() - 3_600_000).toISOString() })).data).toEqual({ results: [], remaining: 0 })
    expect(posts()).toHaveLength(6)
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
    const purged = (await dbConnection.raw(`select payload, extract(epoch from (now() - failed_at)) / 86400 as failed_days_ago from tracking_order where id = ?`, [row.id])).rows[0]
    expect({ payloadPurged: purged.payload === null, failedDaysAgo: Math.round(Number(purged.failed_days_ago)) }).toEqual({ payloadPurged: true, failedDaysAgo: 100 })

    // The admin's list shows it as the old failure it is.
    const listed = (await failedList({ limit: 100 })).tracking_orders.find((candidate: { id: string }) => candidate.id === row.id)
    const monthAgo = Date.now() - 31 * 86_400_000
    expect({ listed: Boolean(listed), failedWithinTheLast31Days: new Date(listed?.failed_at ?? 0).getTime() >= monthAgo }).toEqual({ listed: true, failedWithinTheLast31Days: false })

    // "Reenviar todos" (the last 31 days) leaves it alone: nothing is sent.
    const all = await resend({ failed_since: new Date(monthAgo + 60_000).toISOString() })
    expect({ resentIds: all.data.results.map((result: Result) => result.id), tracking_posts: posts().length }).toEqual({ resentIds: [], tracking_posts: 1 })
    const [after] = await dbConnection.raw(`select status from tracking_order where id = ?`, [row.id]).then((answer: { rows: Array<{ status: string }> }) => answer.rows)
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
      [{ failed_since: "ontem" }, /failed_since inválido/],
      [{ failed_since: longAgo }, /no máximo 31 dias/],
      [{ failed_since: new Date().toISOString(), failed_until: longAgo }, /antes de failed_until/],
    ] as Array<[unknown, RegExp]>) {
      const answer = await resend(body)
      expect(answer.status).toBe(400)
      expect(answer.data.message).toMatch(message)
    }
    expect((await api.get("/admin/frete/tracking-orders", { ...admin(), params: { status: "created" } }).catch((error: ApiError) => error.response)).status).toBe(400)
    expect((await api.post("/admin/frete/tracking-orders/retry", { ids: ["frtrk_1"] }).catch((error: ApiError) => error.response)).status).toBe(401)
    expect(posts()).toHaveLength(0)
  })
}
