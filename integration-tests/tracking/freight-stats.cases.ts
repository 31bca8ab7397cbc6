// The admin's Frete page reads GET /admin/frete/stats: what freight did for the store, counted in memory per
// hour and written in batches. Its figures equal what the shoppers and the merchant did here, through a real
// Medusa app, Postgres and the sandbox: quotes by outcome, the API's answer times and errors, orders by service,
// tracking orders.
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { eventually, placeOrder } from "../../scripts/lib/store-api"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CARRIER_GUID = "7c6b5a49-3827-4165-9453-21f0e9d8c7b6"
type Row = { at: string; metric: string; key: string; count: number; total: number }
type Stats = { range: string; bucket: string; since: string; until: string; rows: Row[]; tracking: { created: number; failed: number; waiting: number } }

export const freightStatsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
  })

  const { ship, settled } = trackingActions(api, () => tracking)
  const stats = async (range = "24h") => (await api.get("/admin/frete/stats", { ...tracking.store.admin, params: { range } })).data as Stats
  /** Each metric:key's count and total over the range, added up across buckets. */
  const sums = (answer: Stats) => {
    const byKey: Record<string, { count: number; total: number }> = {}
    for (const row of answer.rows) {
      const sum = (byKey[`${row.metric}|${row.key}`] ??= { count: 0, total: 0 })
      sum.count += row.count
      sum.total += row.total
    }
    return byKey
  }
  const counted = (before: Stats, after: Stats) => {
    const [was, now] = [sums(before), sums(after)]
    return Object.fromEntries(Object.entries(now).flatMap(([key, { count }]) => (count - (was[key]?.count ?? 0) ? [[key, count - (was[key]?.count ?? 0)]] : [])))
  }
  const quote = (cep: string, quantity = 1) =>
    api.post("/store/frete/quotes", { postal_code: cep, items: [{ variant_id: tracking.mug, quantity }] }, tracking.store.store).then(
      (answer: { status: number }) => String(answer.status),
      (error: { response: { status: number; data: { code: string } } }) => `${error.response.status} ${error.response.data.code}`
    )

  it("counts each new query by outcome, the API's answer times and errors, and no cache hit", async () => {
    // A table for light carts only: 10 mugs (4.5 kg) have no price when the API fails.
    await api.post("/admin/frete/settings", { fallback: [{ service: "correios-pac", name: "PAC", carrier: "correios", bands: [{ max_weight_kg: 1, price: 39.9, days: 9 }] }] }, tracking.store.admin)
    const before = await stats()
    expect(await quote("30130-010")).toBe("200")
    expect(await quote("30130-010")).toBe("200") // kept in the cache: not a new query
    expect(await quote("40010-000")).toBe("200")
    expect(await quote("99999-999")).toBe("400 cep_not_served") // a CEP the API does not know: refused
    sandbox().setFault("freight", { mode: "status", status: 500, times: 4 })
    expect(await quote("50010-000")).toBe("200") // the table
    expect(await quote("60010-000", 10)).toBe("400 freight_unavailable") // no table for 4.5 kg: failed
    const after = await stats()
    // The answer times are checked below: their buckets depend on how fast the sandbox answered.
    const byOutcomeAndKind = Object.entries(counted(before, after)).filter(([key]) => !key.startsWith("api_ms|"))
    expect(Object.fromEntries(byOutcomeAndKind)).toEqual({
      "quote|page:api": 2,
      "quote|page:refused": 1,
      "quote|page:table": 1,
      "quote|page:failed": 1,
      "api_error|rejected": 1,
      "api_error|server": 2,
    })
    const answerTimes = after.rows.filter((row) => row.metric === "api_ms").reduce((sum, row) => sum + row.count, 0) - before.rows.filter((row) => row.metric === "api_ms").reduce((sum, row) => sum + row.count, 0)
    expect(answerTimes).toBe(2)
    expect(after).toMatchObject({ range: "24h", bucket: "hour" })
    expect(after.rows.every((row) => /^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/.test(row.at))).toBe(true)
  })

  it("counts each order by the service chosen, with its freight and promised days, those priced by the table, and the tracking orders", async () => {
    const before = await stats("7d")
    const { order } = await ship("52998224725")
    await deliverTrackingOrdersJob(getContainer())
    await settled(order.id)
    await api.post("/admin/frete/settings", { fallback: [{ service: "correios-sedex", name: "SEDEX", carrier: "correios", bands: [{ max_weight_kg: 30, price: 55.5, days: 3 }] }] }, tracking.store.admin)
    // Reset before the next test.
    sandbox().setFault("freight", { mode: "status", status: 500, times: 100 })
    const estimated = await placeOrder(api, tracking.store, tracking.optionId, [{ variant_id: tracking.shirt, quantity: 1 }], { postal_code: "70040-000" })
    const { data } = await api.get(`/admin/orders/${order.id}`, { ...tracking.store.admin, params: { fields: "shipping_methods.amount,shipping_methods.data" } })
    const method = data.order.shipping_methods[0]
    // The order.placed subscriber runs after the request answers.
    const after = await eventually(async () => {
      const now = await stats("7d")
      return (sums(now)["order|correios-sedex"]?.count ?? 0) - (sums(before)["order|correios-sedex"]?.count ?? 0) === 2 && now
    })
    const [was, now] = [sums(before), sums(after)]
    const delta = (key: string) => ({ count: now[key].count - (was[key]?.count ?? 0), total: Math.round((now[key].total - (was[key]?.total ?? 0)) * 100) / 100 })
    expect(delta("order|correios-sedex")).toEqual({ count: 2, total: Math.round((Number(method.amount) + 55.5) * 100) / 100 })
    expect(delta("order_days|correios-sedex")).toEqual({ count: 2, total: method.data.days + 3 })
    expect(delta("order_fallback|correios-sedex")).toEqual({ count: 1, total: 0 })
    expect(after.bucket).toBe("day")
    // Seven days of São Paulo's calendar, today's included: from a midnight there (03:00 UTC) six to seven days ago.
    expect(after.since).toMatch(/T03:00:00\.000Z$/)
    const days = (Date.parse(after.until) - Date.parse(after.since)) / 86_400_000
    expect(days > 6 && days <= 7).toBe(true)
    expect(after.rows.every((row) => /^\d{4}-\d{2}-\d{2}$/.test(row.at))).toBe(true)
    expect(after.tracking.created - before.tracking.created).toBe(1)

    // The order's widget asks what the API charges the estimated order's option now: nothing while it fails, then its price.
    const apiPrice = async () => (await api.get(`/admin/frete/orders/${estimated.id}/api-price`, tracking.store.admin)).data.api_prices as Array<{ shipping_method_id: string; api_amount: number | null }>
    expect(await apiPrice()).toEqual([{ shipping_method_id: expect.any(String), api_amount: null }])
    sandbox().reset()
    // The API answers again, and its failure is no longer remembered (freight.cache.failureTtlMs, 30 s): as a restart forgets it.
    getContainer().resolve<FreteModuleService>(FRETE_MODULE).forgetInProcessState()
    const [sedex] = (await api.post("/store/frete/quotes", { postal_code: "70040-000", items: [{ variant_id: tracking.shirt, quantity: 1 }] }, tracking.store.store)).data.quotes as Array<{ amount: number }>
    expect(await apiPrice()).toEqual([{ shipping_method_id: expect.any(String), api_amount: sedex.amount }])
    expect(sedex.amount).not.toBe(55.5)
    expect((await api.get(`/admin/frete/orders/${order.id}/api-price`, tracking.store.admin)).data.api_prices).toEqual([])
  })

  it("refuses a range it does not know, in Portuguese", async () => {
    const answer = await api.get("/admin/frete/stats", { ...tracking.store.admin, params: { range: "1y" } }).catch((error: { response: { status: number; data: { message: string } } }) => error.response)
    expect(answer.status).toBe(400)
    expect(answer.data.message).toBe("O período deve ser um de: 24h, 7d, 30d.")
  })
}
