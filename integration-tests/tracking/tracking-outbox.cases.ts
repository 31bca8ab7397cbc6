// The tracking outbox under load and after a fix: a burst of shipments against a slow tracking
// API holds no database connection during its calls (Medusa keeps answering), a created row
// keeps only masked personal data, and "Reenviar" sends the order rebuilt from current data.
import type { AxiosResponse } from "axios"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { eventually, placeOrder } from "../../scripts/lib/store-api"
import {
  createTrackingStore,
  TRACKING_CREDENTIAL,
  trackingActions,
  type TrackingStore,
} from "../helpers/tracking-store"
import type { FreteConfiguredCases } from "../helpers/frete-runner"

const CPF = "39053344705"
const CPF_FORMATTED = "390.533.447-05"
const FIXED_CPF = "11144477735"
const CARRIER_GUID = "5e1d7c3b-2a4f-4b6e-9c8d-7f0a1b2c3d4e"
/**
 * The tracking API's answer time in the burst, well past anything a route may wait for a connection:
 * the calls hang until the test, its requests made, releases them.
 */
const SLOW_ANSWER_MS = 25_000
/** More shipments than the pool has connections, so that all of them hanging at once would starve it if a call held one. */
const BURST = 12
/** Medusa's database pool (knex's default of 10 connections): more calls than this hang at once. */
const DATABASE_POOL = 10

type ApiError = { response: { status: number; data: Record<string, unknown> } }

/** An admin call that must succeed; a refusal fails the test with its status and body (an axios error would not serialise). */
const ok = (call: Promise<AxiosResponse>): Promise<AxiosResponse> =>
  call.catch((error: ApiError) => {
    throw new Error(`HTTP ${error.response?.status}: ${JSON.stringify(error.response?.data)}`)
  })

export const trackingOutboxCases: FreteConfiguredCases = {
  // As many sockets as shipments, and a deadline past the slow answer: all 12 calls hang at once.
  pluginOptions: { tracking: { timeoutMs: 40_000, connections: BURST, retry: { baseDelayMs: 10, maxDelayMs: 20 } } },
  cases: ({ api, getContainer, sandbox, dbConnection }) => {
    let tracking: TrackingStore

    beforeAll(async () => {
      tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
    })

    const trackingCalls = () => sandbox().calls({ service: "tracking" })
    const { rowsOf, settled, ship } = trackingActions(api, () => tracking)
    const admin = () => tracking.store.admin

    it("a burst of 12 shipments against a tracking API that hangs leaves Medusa's other routes answering", async () => {
      const { store, optionId, mug } = tracking
      // 12 orders, each fulfilled, none shipped yet: then all 12 marked as shipped at once.
      const fulfilled: Array<{
        orderId: string
        fulfillmentId: string
        items: Array<{ id: string; quantity: number }>
      }> = []
      for (let index = 0; index < BURST; index += 1) {
        const order = await placeOrder(api, store, optionId, [{ variant_id: mug, quantity: 1 }], {
          metadata: { cpf: CPF_FORMATTED },
        })
        const items = order.items.map((item) => ({ id: item.id, quantity: item.quantity }))
        const { data } = await api.post(
          `/admin/orders/${order.id}/fulfillments`,
          { items, location_id: store.stockLocationId },
          { ...admin(), params: { fields: "id,*fulfillments" } }
        )
        fulfilled.push({ orderId: order.id, fulfillmentId: data.order.fulfillments.at(-1).id, items })
      }
      const orderIds = fulfilled.map((entry) => entry.orderId)
      const rowsOfBurst = async () => (await Promise.all(orderIds.map((orderId) => rowsOf(orderId)))).flat()

      sandbox().setFault("tracking", { mode: "latency", ms: SLOW_ANSWER_MS, times: BURST })
      const shipments = Promise.all(
        fulfilled.map(({ orderId, fulfillmentId, items }, index) =>
          api.post(
            `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`,
            {
              items,
              labels: [
                {
                  tracking_number: `BR${String(index).padStart(9, "0")}BR`,
                  tracking_url: "https://rastreamento.correios.com.br",
                  label_url: "https://loja-teste.com.br/etiqueta.pdf",
                },
              ],
            },
            admin()
          )
        )
      )
      // More calls hanging at once than Medusa has database connections.
      const hanging = () => trackingCalls().filter((call) => call.status === null).length
      await eventually(async () => hanging() > DATABASE_POOL, 300)

      const [products, orderPage] = await Promise.all([
        api.get("/store/products", { ...store.store, params: { limit: 5 } }),
        api.get(`/admin/orders/${orderIds[0]}`, admin()),
      ])
      expect(products.data.products.length).toBeGreaterThan(0)
      expect(orderPage.data.order.id).toBe(orderIds[0])
      // Those answers came while the calls were still hanging, their rows claimed, not locked.
      expect(hanging()).toBeGreaterThan(DATABASE_POOL)
      const { rows: claimed } = await dbConnection.raw(
        `select count(*)::int as n from tracking_order where status = 'sending'`
      )
      expect(claimed[0].n).toBeGreaterThan(DATABASE_POOL)
      // The status page answers too (its probe of the busy tracking API ends at its own deadline).
      const status = await api.get("/admin/frete/status", admin())
      expect(status.data).toHaveProperty("freight.configured", true)
      expect(status.data).toHaveProperty("tracking.configured", true)

      sandbox().release("tracking")
      await shipments
      const rows = await eventually(async () => {
        await deliverTrackingOrdersJob(getContainer())
        const all = await rowsOfBurst()
        return all.length === BURST && all.every((row) => row.status !== "pending" && row.status !== "sending")
          ? all
          : undefined
      }, 300)
      expect(rows.filter((row) => row.status !== "created")).toEqual([])
      expect(new Set(rows.map((row) => row.remote_id)).size).toBe(BURST)
      // One call per shipment (the status page's probe is a GET).
      expect(trackingCalls().filter((call) => call.method === "POST")).toHaveLength(BURST)
      expect(sandbox().trackingOrders()).toHaveLength(BURST)
    }, 600_000)

    it("keeps only a masked copy of the name, CPF, phone, e-mail and address once the tracking order is created", async () => {
      const { order } = await ship(CPF_FORMATTED)
      const [row] = await settled(order.id)
      expect(row.status).toBe("created")
      expect(sandbox().trackingOrders()[0].order).toMatchObject({
        CustomerDocumentNumber: CPF,
        CustomerPhone: "21987654321",
        CustomerEmail: "maria@example.com.br",
      })

      const { rows } = await dbConnection.raw(`select payload from tracking_order where id = ?`, [row.id])
      const stored = JSON.stringify(rows[0].payload)
      expect(rows[0].payload).toMatchObject({
        CustomerDocumentNumber: "***.533.447-**",
        CustomerPhone: "(21) *****-4321",
        CustomerEmail: "m***@example.com.br",
        CustomerName: "M*** d*** S***",
        CustomerStreet: "A*** R*** B***",
        CustomerNumber: "***",
        CustomerComplement: "S*** 1***",
      })
      for (const secret of [
        CPF,
        "21987654321",
        "98765-4321",
        "maria@example.com.br",
        "Maria da Silva",
        "Rio Branco",
        "Sala 101",
      ]) {
        expect(stored).not.toContain(secret)
      }
      expect(row.payload).toMatchObject({ CustomerDocumentNumber: "***.533.447-**", CustomerPhone: "(21) *****-4321" })
    })

    it("Reenviar shows, then sends, the tracking order rebuilt from the order's current data", async () => {
      // The credential is refused: failed. The merchant then fixes the shopper's phone and CPF.
      sandbox().configure({ trackingCredential: "outra-credencial" })
      const { order } = await ship(CPF_FORMATTED, { phone: "123", metadata: { cpf: "111.111.111-11" } })
      const [failed] = await settled(order.id)
      expect(failed.status).toBe("failed")
      expect(failed.omitted_fields.map((omitted) => omitted.field).sort()).toEqual([
        "CustomerDocumentNumber",
        "CustomerPhone",
      ])

      const { data: before } = await ok(
        api.get(`/admin/orders/${order.id}`, { ...admin(), params: { fields: "id,shipping_address.*" } })
      )
      const address = before.order.shipping_address
      await ok(
        api.post(
          `/admin/orders/${order.id}`,
          { shipping_address: { phone: "(11) 91234-5678", metadata: { ...(address.metadata ?? {}), cpf: FIXED_CPF } } },
          admin()
        )
      )

      const { data: preview } = await ok(api.get(`/admin/frete/tracking-orders/${failed.id}/preview`, admin()))
      expect(preview.preview.payload).toMatchObject({
        CustomerPhone: "(11) *****-5678",
        CustomerDocumentNumber: "***.444.777-**",
        CustomerName: "M*** d*** S***",
      })
      expect(preview.preview.changed_fields).toEqual(
        expect.arrayContaining(["CustomerPhone", "CustomerDocumentNumber"])
      )
      expect(preview.preview.omitted_fields).toEqual([])
      expect(JSON.stringify(preview)).not.toContain(FIXED_CPF)
      // The preview sends nothing.
      expect(trackingCalls()).toHaveLength(1)

      sandbox().configure({ trackingCredential: TRACKING_CREDENTIAL })
      const { data: retried } = await ok(api.post(`/admin/frete/tracking-orders/${failed.id}/retry`, {}, admin()))
      expect(retried.tracking_order).toMatchObject({ status: "created", attempts: 2, omitted_fields: [] })
      const [received] = sandbox().trackingOrders()
      expect(received.order).toMatchObject({ CustomerPhone: "11912345678", CustomerDocumentNumber: FIXED_CPF })

      // A created row has no preview and no retry.
      for (const call of [
        () => api.get(`/admin/frete/tracking-orders/${failed.id}/preview`, admin()),
        () => api.post(`/admin/frete/tracking-orders/${failed.id}/retry`, {}, admin()),
      ]) {
        expect((await call().catch((error: ApiError) => error.response)).status).toBe(409)
      }
      expect(
        (
          await api
            .get(`/admin/frete/tracking-orders/frtrk_none/preview`, admin())
            .catch((error: ApiError) => error.response)
        ).status
      ).toBe(404)
      expect(
        (await api.get(`/admin/frete/tracking-orders/${failed.id}/preview`).catch((error: ApiError) => error.response))
          .status
      ).toBe(401)
    })
  },
}
