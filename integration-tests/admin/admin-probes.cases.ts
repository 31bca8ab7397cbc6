// The admin's own asks of the services are bounded: an order's "Consultar a API agora" is kept per
// order and capped per minute over every order (a 429 with Retry-After past the cap), and the status
// page's probe is kept, so that loads in a row cost the sandbox at most the bound's calls. The quote
// cache is off in this file: every ask the bound lets through is a call to the freight API. Each
// test stops the app's clock in a minute of its own (ownMinute), so the kept answers never expire
// in the middle of it.
import { API_PRICE_PER_MINUTE } from "../../src/lib/services/kept-probe"
import { placeOrder } from "../../scripts/lib/store-api"
import { ownMinute } from "../helpers/fresh-minute"
import { createTrackingStore, type TrackingStore } from "../helpers/tracking-store"
import type { FreteConfiguredCases } from "../helpers/frete-runner"

const CARRIER_GUID = "5e4d3c2b-1a09-4f8e-9d7c-6b5a4f3e2d1c"
const SEDEX_BANDS = [{ max_weight_kg: 30, price: 55.5, days: 3 }]
const SEDEX_TABLE = [{ service: "correios-sedex", name: "SEDEX", carrier: "correios", bands: SEDEX_BANDS }]
const LIMITED = /^Muitas consultas à API de frete pelo painel neste minuto\. Tente de novo em \d+ s\.$/

type Answer = {
  status: number
  headers: Record<string, string>
  data: { api_prices?: Array<{ api_amount: number | null }>; code?: string; message?: string }
}

export const adminProbesCases: FreteConfiguredCases = {
  pluginOptions: { freight: { cache: { enabled: false } } },
  cases: ({ api, getContainer, sandbox }) => {
    let tracking: TrackingStore
    /** Orders priced by the fallback table (the API failed at checkout): one more than the cap. */
    const orderIds: string[] = []

    beforeAll(async () => {
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
      await api.post("/admin/frete/settings", { fallback: SEDEX_TABLE }, tracking.store.admin)
      sandbox().setFault("freight", { mode: "status", status: 500 })
      for (let index = 0; index <= API_PRICE_PER_MINUTE; index += 1) {
        const items = [{ variant_id: tracking.shirt, quantity: 1 }]
        const order = await placeOrder(api, tracking.store, tracking.optionId, items, { postal_code: "70040-000" })
        orderIds.push(order.id)
      }
    })

    beforeEach(() => ownMinute(getContainer()))

    const freightCalls = () => sandbox().calls({ service: "freight" })
    const askApiPrice = (orderId: string): Promise<Answer> =>
      api
        .get(`/admin/frete/orders/${orderId}/api-price`, tracking.store.admin)
        .catch((error: { response: Answer }) => error.response)

    it("an order's API price asked 12 times in a row costs one call to the freight API", async () => {
      const answers = []
      for (let ask = 0; ask < 12; ask += 1) {
        answers.push(await askApiPrice(orderIds[0]))
      }
      const amounts = answers.map((answer) => [answer.status, answer.data.api_prices?.[0]?.api_amount])
      const [first] = amounts
      expect(typeof first[1]).toBe("number")
      expect(amounts).toEqual(Array.from({ length: 12 }, () => first))
      expect(freightCalls()).toHaveLength(1)
    })

    it(`${API_PRICE_PER_MINUTE} new asks a minute over all orders: then a 429, kept answers still served`, async () => {
      const first = []
      for (const orderId of orderIds) {
        first.push(await askApiPrice(orderId))
      }
      const allowed = Array.from({ length: API_PRICE_PER_MINUTE }, () => 200)
      expect(first.map((answer) => answer.status)).toEqual([...allowed, 429])
      expect(freightCalls()).toHaveLength(API_PRICE_PER_MINUTE)
      const refused = first[API_PRICE_PER_MINUTE]
      expect(refused.data).toMatchObject({ code: "too_many_api_prices", message: expect.stringMatching(LIMITED) })
      const retryAfter = Number(refused.headers["retry-after"])
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true)

      // Every order asked again: the kept answers, the same refusal, and no call more.
      const again = []
      for (const orderId of orderIds) {
        again.push(await askApiPrice(orderId))
      }
      const shown = (answers: Answer[]) => answers.map((answer) => [answer.status, answer.data.api_prices])
      expect(shown(again)).toEqual(shown(first))
      expect(freightCalls()).toHaveLength(API_PRICE_PER_MINUTE)
    })

    it("the status page loaded 10 times in a row probes each service once", async () => {
      const loads = []
      for (let load = 0; load < 10; load += 1) {
        loads.push((await api.get("/admin/frete/status", tracking.store.admin)).data)
      }
      const reachable = loads.map((status) => [status.freight.reachable, status.tracking.reachable])
      expect(reachable).toEqual(Array.from({ length: 10 }, () => [true, true]))
      const calls = { freight: freightCalls().length, tracking: sandbox().calls({ service: "tracking" }).length }
      expect(calls).toEqual({ freight: 1, tracking: 1 })
    })
  },
}
