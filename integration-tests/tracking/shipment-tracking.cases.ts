import { Modules } from "@medusajs/framework/utils"
import { TestEventUtils } from "@medusajs/test-utils"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import shipmentCreatedHandler from "../../src/subscribers/shipment-created"
import { createProduct, eventually, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import {
  createTrackingStore,
  TRACKING_CREDENTIAL,
  trackingActions,
  trackingLogLines,
  type TrackingStore,
} from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CREDENTIAL = TRACKING_CREDENTIAL
const CPF = "52998224725"
const CPF_FORMATTED = "529.982.247-25"
const CARRIER_GUID = "8f2c6a3e-4b1d-4c9e-9a7f-2d5e8b1c0f34"

export const shipmentTrackingCases: FreteCases = ({ api, getContainer, sandbox, dbConnection }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID, { placeAheadFor: CPF_FORMATTED })
  })

  const trackingCalls = () => sandbox().calls({ service: "tracking" })
  const { rowsOf, settled, ship: shipWith } = trackingActions(api, () => tracking)
  const ship = (address: Record<string, unknown> = {}, shipment: Parameters<typeof shipWith>[2] = {}) =>
    shipWith(CPF_FORMATTED, address, shipment)

  it("creates exactly one tracking order when an order ships, every field mapped from the order and the settings", async () => {
    const { order } = await ship()
    const [row] = await settled(order.id)
    expect(row).toMatchObject({ status: "created", attempts: 1, last_error: null, omitted_fields: [] })
    expect(trackingCalls()).toHaveLength(1)
    const [received] = sandbox().trackingOrders()
    expect(row.remote_id).toBe(received.id)

    const { data } = await api.get(`/admin/orders/${order.id}`, {
      ...tracking.store.admin,
      params: { fields: "+total,+shipping_methods.amount,+shipping_methods.data,*fulfillments" },
    })
    const method = data.order.shipping_methods[0]
    const shippedAt = new Date(data.order.fulfillments[0].shipped_at)
    const saoPauloDate = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(shippedAt)
    expect(received.order).toEqual({
      OrderNumber: String(order.display_id),
      ReceiptNumber: "4521",
      ReceiptSerie: "1",
      Code: "BR123456789BR",
      carrierId: CARRIER_GUID,
      CarrierName: "Correios",
      Description: "Pedido " + order.display_id + ": 2× Camiseta, 1× Caneca",
      DatePosted: expect.stringMatching(new RegExp(`^${saoPauloDate}T\\d{2}:\\d{2}:\\d{2}$`)),
      DateToDelivery: method.data.delivery_estimate ?? expect.any(String),
      CompanyDocumentNumber: "11222333000181",
      CustomerEmail: "maria@example.com.br",
      CustomerPhone: "21987654321",
      CustomerName: "Maria da Silva",
      CustomerDocumentNumber: CPF,
      CustomerPostalCode: "20040002",
      CustomerCountry: "BR",
      CustomerState: "RJ",
      CustomerCity: "Rio de Janeiro",
      CustomerStreet: "Avenida Rio Branco",
      CustomerNumber: "1",
      CustomerComplement: "Sala 101",
      CompanyPostalCode: "01310100",
      DeliveryType: "Correios - SEDEX",
      SendSms: true,
      SendEmail: true,
      OrderSalesValue: data.order.total,
      FreightCost: method.amount,
      AutomaticDateDelivered: false,
      EntrySource: "Loja Teste",
      // 2 × 0.3 kg + 0.45 kg; the longest and widest item; heights stacked: 2 × 4 + 10 cm.
      Weight: 1.05,
      Length: 30,
      Width: 20,
      Height: 18,
      SalesChannel: "Loja virtual",
    })
    expect(received.order.DateToDelivery).toBe(method.data.delivery_estimate)
  })

  it("delivers through a Medusa workflow whose steps show in the admin's Workflows page, with no personal data kept there", async () => {
    const { order } = await ship()
    const [row] = await settled(order.id)
    expect(row.status).toBe("created")
    const { data: list } = await api.get("/admin/workflows-executions", {
      ...tracking.store.admin,
      params: { workflow_id: "frete-deliver-tracking-order" },
    })
    expect(list.workflow_executions).toHaveLength(1)
    const { data } = await api.get(
      `/admin/workflows-executions/${list.workflow_executions[0].id}`,
      tracking.store.admin
    )
    const execution = data.workflow_execution
    expect(execution.state).toBe("done")
    const steps = Object.entries(execution.execution.steps as Record<string, { invoke: { state: string } }>)
    expect(
      steps.filter(([key, step]) => key.endsWith(".frete-send-tracking-order") && step.invoke.state === "done")
    ).toHaveLength(1)
    const stored = JSON.stringify(execution)
    for (const personal of [CPF, "529.982.247", "maria@example.com.br", "987654321"]) {
      expect(stored).not.toContain(personal)
    }
    expect(stored).toContain(row.remote_id)
  })

  it("still creates one: the same event twice, two job runs at once, a retry after success", async () => {
    const { order, fulfillmentId } = await ship()
    const [row] = await settled(order.id)
    expect(row.status).toBe("created")

    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    const redelivered = TestEventUtils.waitSubscribersExecution("shipment.created", eventBus)
    await eventBus.emit({ name: "shipment.created", data: { id: fulfillmentId, no_notification: false } })
    await shipmentCreatedHandler({
      event: { name: "shipment.created", data: { id: fulfillmentId } },
      container: getContainer(),
    } as Parameters<typeof shipmentCreatedHandler>[0])
    await Promise.all([deliverTrackingOrdersJob(getContainer()), deliverTrackingOrdersJob(getContainer())])
    const retry = await api
      .post(`/admin/frete/tracking-orders/${row.id}/retry`, {}, tracking.store.admin)
      .catch((error: { response: { status: number } }) => error.response)
    expect(retry.status).toBe(409)
    await redelivered

    expect(sandbox().trackingOrders()).toHaveLength(1)
    expect(trackingCalls()).toHaveLength(1)
    expect(await rowsOf(order.id)).toHaveLength(1)
  })

  it("retries an unavailable service (503) until it answers: created, with one successful call", async () => {
    sandbox().setFault("tracking", { mode: "status", status: 503, times: 2 })
    const { order } = await ship()
    const [first] = await settled(order.id)
    expect(first).toMatchObject({ status: "pending", attempts: 1 })
    expect(first.last_error).toMatch(/^Falha temporária na tentativa 1/)

    // Two instances' jobs at the same moment: the row lock lets one of them through.
    await eventually(async () => {
      await Promise.all([deliverTrackingOrdersJob(getContainer()), deliverTrackingOrdersJob(getContainer())])
      const [row] = await rowsOf(order.id)
      return row.status === "created" ? row : undefined
    })
    expect(trackingCalls().map((call) => call.status)).toEqual([503, 503, 200])
    expect(sandbox().trackingOrders()).toHaveLength(1)
    expect((await rowsOf(order.id))[0]).toMatchObject({ status: "created", attempts: 3, last_error: null })
  })

  it("ends as failed, with the reason, when the credential is refused, and does not keep trying", async () => {
    sandbox().configure({ trackingCredential: "another-credential" })
    const { order } = await ship()
    const [row] = await settled(order.id)
    expect(row.status).toBe("failed")
    expect(row.last_error).toMatch(/recusou a credencial/)
    for (let run = 0; run < 3; run += 1) {
      await deliverTrackingOrdersJob(getContainer())
    }
    expect(trackingCalls()).toHaveLength(1)

    // The merchant fixes the credential and retries from the admin: created.
    sandbox().configure({ trackingCredential: CREDENTIAL })
    const retried = await api.post(`/admin/frete/tracking-orders/${row.id}/retry`, {}, tracking.store.admin)
    expect(retried.data.tracking_order).toMatchObject({ status: "created", attempts: 2 })
    expect(sandbox().trackingOrders()).toHaveLength(1)
  })

  it("delivers a row that a stopped app left pending, from any instance's job", async () => {
    // Ship while this provider gets no tracking orders: nothing is written...
    await api.post("/admin/frete/settings", { tracking: { provider_ids: [] } }, tracking.store.admin)
    const shipped = TestEventUtils.waitSubscribersExecution(
      "shipment.created",
      getContainer().resolve(Modules.EVENT_BUS)
    )
    const { order, fulfillmentId } = await ship()
    await shipped
    expect(await rowsOf(order.id)).toHaveLength(0)
    await api.post("/admin/frete/settings", { tracking: { provider_ids: ["frete_frete"] } }, tracking.store.admin)

    // ...then leave the row as an app killed right after writing it would: pending, no payload.
    await dbConnection.raw(
      `insert into tracking_order (id, fulfillment_id, order_id, status, attempts, next_attempt_at) values ('frtrk_left_behind', ?, ?, 'pending', 0, now())`,
      [fulfillmentId, order.id]
    )
    await deliverTrackingOrdersJob(getContainer())
    const [row] = await rowsOf(order.id)
    expect(row).toMatchObject({ id: "frtrk_left_behind", status: "created", attempts: 1 })
    expect(sandbox().trackingOrders()).toHaveLength(1)
    expect(sandbox().trackingOrders()[0].order).toMatchObject({
      OrderNumber: String(order.display_id),
      Code: "BR123456789BR",
    })
  })

  it("sends SendSms and SendEmail false with no_notification, and leaves out an invalid phone and CPF, saying why", async () => {
    const { order } = await ship({ phone: "123", metadata: { cpf: "111.111.111-11" } }, { noNotification: true })
    const [row] = await settled(order.id)
    expect(row.status).toBe("created")
    const [received] = sandbox().trackingOrders()
    expect(received.order).toMatchObject({ SendSms: false, SendEmail: false })
    expect(received.order).not.toHaveProperty("CustomerPhone")
    expect(received.order).not.toHaveProperty("CustomerDocumentNumber")
    expect(row.omitted_fields.map((omitted) => omitted.field).sort()).toEqual([
      "CustomerDocumentNumber",
      "CustomerPhone",
    ])
    expect(JSON.stringify(row.omitted_fields)).not.toContain("11111111111")
  })

  it("measures the parcel as the freight query does: an implausible weight counts the default package's", async () => {
    const { store, optionId } = tracking
    // 1e30 g: a typing error, not a parcel; the lamp's own dimensions are kept.
    const { variantId: lamp } = await createProduct(api, store, {
      title: "Luminária",
      sku: "LUMINARIA",
      price: 80,
      weight: 1e30,
      length: 25,
      width: 25,
      height: 40,
    })
    const order = await placeOrder(api, store, optionId, [{ variant_id: lamp, quantity: 2 }], {
      metadata: { cpf: CPF_FORMATTED },
    })
    await shipOrder(api, store, order, { trackingNumber: "BR555666777BR" })
    const [row] = await settled(order.id)
    expect(row.status).toBe("created")
    // The default package weighs 0.3 kg: two lamps, 0.6 kg; stacked, 80 cm high.
    expect(sandbox().trackingOrders()[0].order).toMatchObject({ Weight: 0.6, Length: 25, Width: 25, Height: 80 })
  })

  it("masks the CPF in the admin API and refuses it without admin authentication", async () => {
    const { order } = await ship()
    const [row] = await settled(order.id)
    expect(row.payload?.CustomerDocumentNumber).toBe("***.982.247-**")
    for (const call of [
      () => api.get("/admin/frete/tracking-orders", { params: { order_id: order.id } }),
      () => api.post(`/admin/frete/tracking-orders/${row.id}/retry`, {}),
      () => api.get("/admin/frete/tracking-orders", { ...tracking.store.store, params: { order_id: order.id } }),
    ]) {
      expect((await call().catch((error: { response: { status: number } }) => error.response)).status).toBe(401)
    }
  })

  it("never logs the credential or a full CPF", () => {
    // The log guard fails any file whose logs carry these; here, the lines of this file's cases.
    const lines = trackingLogLines()
    expect(lines).toContainEqual(expect.stringContaining("created as"))
    for (const line of lines) {
      expect(line).not.toContain(CREDENTIAL)
      expect(line).not.toContain(CPF)
      expect(line).not.toContain(CPF_FORMATTED)
    }
  })
}
