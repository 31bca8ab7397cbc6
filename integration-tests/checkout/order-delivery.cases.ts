import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { createManualOption, eventually, placeOrder, shipOrder, SHOPPER_ADDRESS } from "../../scripts/lib/store-api"
import { createTrackingStore, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

// The order page's delivery block, through a real Medusa app, Postgres and the sandbox: an order
// placed with this plugin's SEDEX option, followed from checkout to the shopper's door.
const CPF = "39053344705"
const CPF_FORMATTED = "390.533.447-05"
const CARRIER_GUID = "5b8e2f14-7c3a-4d6e-9f1b-2a4c6e8d0b13"
const TRACKING_CODE = "BR123456789BR"
const TRACKING_URL = "https://rastreamento.correios.com.br/app/index.php"
const UNKNOWN_ORDER = "order_01JZZZZZZZZZZZZZZZZZZZZZZZ"
const INVALID_ID_MESSAGE = "Id de pedido inválido: use o id do pedido (order_…)."

/** What the shopper gave at checkout (see SHOPPER_ADDRESS and placeOrder): none of it may be in the answer. */
const PERSONAL_DATA = [
  "maria@example.com.br",
  SHOPPER_ADDRESS.first_name,
  SHOPPER_ADDRESS.last_name,
  "Rio Branco",
  SHOPPER_ADDRESS.address_2,
  "Rio de Janeiro",
  "20040",
  "98765",
  CPF,
  CPF_FORMATTED,
  "390533",
]

type Answer = { status: number; data: Record<string, unknown> }
type Delivery = Record<string, unknown> & { status: string; status_at: string | null }

/** Every leaf value of a JSON value, as text. */
const leaves = (value: unknown): string[] =>
  value === null || typeof value !== "object"
    ? [String(value)]
    : Object.values(value as Record<string, unknown>).flatMap(leaves)

export const orderDeliveryCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let tracking: TrackingStore

  beforeAll(async () => {
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
  })

  const { rowsOf, settled } = trackingActions(api, () => tracking)
  const get = async (
    url: string,
    headers: Record<string, string> = tracking.store.store.headers,
    params?: Record<string, string>
  ): Promise<Answer> => {
    const answer = await api.get(url, { headers, params, validateStatus: () => true })
    return { status: answer.status, data: answer.data }
  }
  const deliveryOf = (orderId: string, headers?: Record<string, string>) =>
    get(`/store/frete/orders/${orderId}/delivery`, headers)
  const adminOrder = async (orderId: string) =>
    (
      await api.get(`/admin/orders/${orderId}`, {
        ...tracking.store.admin,
        params: { fields: "id,*shipping_methods,*fulfillments,*fulfillments.labels" },
      })
    ).data.order
  const order = () =>
    placeOrder(
      api,
      tracking.store,
      tracking.optionId,
      [
        { variant_id: tracking.shirt, quantity: 2 },
        { variant_id: tracking.mug, quantity: 1 },
      ],
      { metadata: { cpf: CPF_FORMATTED } }
    )
  /** The answer, checked to carry nothing of the shopper and nothing Medusa's own order route does not show. */
  const checkedDelivery = async (orderId: string): Promise<Delivery[]> => {
    const answer = await deliveryOf(orderId)
    expect(answer.status).toBe(200)
    const text = JSON.stringify(answer.data)
    expect(PERSONAL_DATA.filter((data) => text.includes(data))).toEqual([])
    // Medusa 2.21's store order route drops `fulfillments.labels` (not among its allowed fields).
    const medusa = await get(`/store/orders/${orderId}`, undefined, {
      fields: "id,created_at,*shipping_methods,*fulfillments,*fulfillments.labels",
    })
    expect(medusa.status).toBe(200)
    const medusaText = JSON.stringify(medusa.data)
    const deliveries = answer.data.deliveries as Delivery[]
    expect(medusaText).not.toContain(TRACKING_CODE)
    // Beyond Medusa's answer, on purpose: the status and its label (the plugin's own words), the
    // tracking order's date (its own row's), and the tracking codes and links the merchant entered
    // for the shopper (checked against the admin's labels by the test).
    const shown = deliveries.flatMap(({ status, status_label: _label, status_at, tracking: _codes, ...facts }) => [
      ...leaves(facts),
      ...(status === "tracking_sent" ? [] : leaves(status_at)),
    ])
    expect(
      shown.filter((value) => value !== "null" && !medusaText.includes(JSON.stringify(value).slice(1, -1)))
    ).toEqual([])
    return deliveries
  }

  it("follows an order from checkout to delivery: preparing, shipped with its code, tracking sent, delivered", async () => {
    const placed = await order()
    const [method] = (await adminOrder(placed.id)).shipping_methods
    expect(method.data).toMatchObject({
      carrier: expect.any(String),
      delivery_estimate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    })
    const facts = {
      shipping_method_id: method.id,
      name: "SEDEX",
      service_name: method.data.service_name,
      carrier: method.data.carrier,
      delivery_estimate: method.data.delivery_estimate,
    }

    expect(await checkedDelivery(placed.id)).toEqual([
      {
        ...facts,
        fulfillment_id: null,
        tracking: [],
        status: "preparing",
        status_label: "Em preparação",
        status_at: expect.any(String),
      },
    ])

    // The tracking service is down for the first attempt: the shipment is marked, its tracking order waits.
    sandbox().setFault("tracking", { mode: "status", status: 503, times: 1 })
    const fulfillmentId = await shipOrder(api, tracking.store, placed, { trackingNumber: TRACKING_CODE })
    const [waiting] = await settled(placed.id)
    expect(waiting.status).toBe("pending")
    const shipped = (await adminOrder(placed.id)).fulfillments.find((row: { id: string }) => row.id === fulfillmentId)
    expect(shipped.labels).toMatchObject([{ tracking_number: TRACKING_CODE, tracking_url: TRACKING_URL }])
    const shippedFacts = {
      ...facts,
      fulfillment_id: fulfillmentId,
      tracking: [{ code: TRACKING_CODE, url: TRACKING_URL }],
    }
    expect(await checkedDelivery(placed.id)).toEqual([
      {
        ...shippedFacts,
        status: "shipped",
        status_label: "Enviado",
        status_at: new Date(shipped.shipped_at).toISOString(),
      },
    ])

    // The delivery job sends it again; the tracking service accepts it.
    const created = await eventually(async () => {
      await deliverTrackingOrdersJob(getContainer())
      const [row] = await rowsOf(placed.id)
      return row.status === "created" ? row : undefined
    })
    expect(created.remote_id).toEqual(expect.any(String))
    const [sent] = await checkedDelivery(placed.id)
    expect(sent).toEqual({
      ...shippedFacts,
      status: "tracking_sent",
      status_label: "Rastreamento ativo",
      status_at: expect.any(String),
    })
    expect(Date.parse(sent.status_at as string)).toBeGreaterThanOrEqual(Date.parse(shipped.shipped_at))

    await api.post(
      `/admin/orders/${placed.id}/fulfillments/${fulfillmentId}/mark-as-delivered`,
      {},
      tracking.store.admin
    )
    const delivered = (await adminOrder(placed.id)).fulfillments.find((row: { id: string }) => row.id === fulfillmentId)
    expect(delivered.delivered_at).toEqual(expect.any(String))
    expect(await checkedDelivery(placed.id)).toEqual([
      {
        ...shippedFacts,
        status: "delivered",
        status_label: "Entregue",
        status_at: new Date(delivered.delivered_at).toISOString(),
      },
    ])
  })

  it("answers an empty list for an order with no shipping method of this plugin", async () => {
    const manualOption = await createManualOption(api, tracking.store, 15)
    const placed = await placeOrder(api, tracking.store, manualOption, [{ variant_id: tracking.mug, quantity: 1 }])
    expect(await deliveryOf(placed.id)).toEqual({ status: 200, data: { deliveries: [] } })
  })

  it("refuses what Medusa's own order route refuses: an unknown order, a malformed id, a caller without the publishable key", async () => {
    expect(await deliveryOf(UNKNOWN_ORDER)).toEqual({
      status: 404,
      data: { type: "not_found", message: "Pedido não encontrado." },
    })
    expect((await get(`/store/orders/${UNKNOWN_ORDER}`)).status).toBe(404)

    const malformed = [
      "cart_01JZZZZZZZZZZZZZZZZZZZZZZZ",
      "%00",
      "order_01J%00",
      `order_${"A".repeat(200)}`,
      "order_01J'--",
    ]
    const answers = []
    for (const id of malformed) {
      answers.push([id, await deliveryOf(id)])
    }
    expect(answers).toEqual(
      malformed.map((id) => [id, { status: 400, data: { type: "invalid_data", message: INVALID_ID_MESSAGE } }])
    )

    const placed = await order()
    const keyless = await deliveryOf(placed.id, {})
    const medusaKeyless = await get(`/store/orders/${placed.id}`, {})
    expect(keyless.status).toBe(medusaKeyless.status)
    expect(keyless.status).toBeGreaterThanOrEqual(400)
    expect(JSON.stringify(keyless.data)).not.toContain("deliveries")
    const wrongKey = await deliveryOf(placed.id, { "x-publishable-api-key": "pk_not_a_key" })
    expect(wrongKey.status).toBeGreaterThanOrEqual(400)
    expect(JSON.stringify(wrongKey.data)).not.toContain("deliveries")
  })
}
