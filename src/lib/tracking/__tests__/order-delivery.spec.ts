import {
  presentOrderDelivery,
  type DeliveryFulfillmentRow,
  type DeliveryMethodRow,
  type DeliveryOrderRow,
} from "../order-delivery"

const SEDEX_DATA = {
  service: "correios-sedex",
  service_name: "Correios - SEDEX",
  carrier: "Correios",
  days: 3,
  delivery_estimate: "2026-12-03",
  is_fallback: false,
  consulta_token: "tok-secret",
  cotacao_codigo: "123",
}
const method = (over: Partial<DeliveryMethodRow> = {}): DeliveryMethodRow => ({
  id: "ordsm_1",
  name: "SEDEX",
  shipping_option_id: "so_sedex",
  data: SEDEX_DATA,
  created_at: "2026-11-25T12:00:00.000Z",
  shipping_option: { provider_id: "frete_frete" },
  ...over,
})
const fulfillment = (over: Partial<DeliveryFulfillmentRow> = {}): DeliveryFulfillmentRow => ({
  id: "ful_1",
  provider_id: "frete_frete",
  shipping_option_id: "so_sedex",
  data: SEDEX_DATA,
  created_at: "2026-11-25T13:00:00.000Z",
  shipped_at: null,
  delivered_at: null,
  canceled_at: null,
  labels: [],
  ...over,
})
const order = (over: Partial<DeliveryOrderRow> = {}): DeliveryOrderRow => ({
  id: "order_1",
  created_at: "2026-11-25T12:00:00.000Z",
  shipping_methods: [method()],
  fulfillments: [],
  ...over,
})

describe("the order's delivery, as the store route answers it", () => {
  it("shows a method not fulfilled yet as preparing, since the order was placed, with its service, carrier and promised date", () => {
    expect(presentOrderDelivery(order(), [])).toEqual({
      deliveries: [
        {
          shipping_method_id: "ordsm_1",
          fulfillment_id: null,
          name: "SEDEX",
          service_name: "Correios - SEDEX",
          carrier: "Correios",
          delivery_estimate: "2026-12-03",
          tracking: [],
          status: "preparing",
          status_label: "Em preparação",
          status_at: "2026-11-25T12:00:00.000Z",
        },
      ],
    })
  })

  it("follows a fulfillment from preparing to shipped, tracking sent and delivered, each with its date", () => {
    const statusOf = (
      row: DeliveryFulfillmentRow,
      tracking: Array<{ fulfillment_id: string; status: string; delivered_at?: string }> = []
    ) => {
      const [delivery] = presentOrderDelivery(order({ fulfillments: [row] }), tracking).deliveries
      return [delivery.fulfillment_id, delivery.status, delivery.status_label, delivery.status_at]
    }
    expect(statusOf(fulfillment())).toEqual(["ful_1", "preparing", "Em preparação", "2026-11-25T13:00:00.000Z"])
    const shipped = fulfillment({ shipped_at: new Date("2026-11-26T14:00:00.000Z") })
    expect(statusOf(shipped)).toEqual(["ful_1", "shipped", "Enviado", "2026-11-26T14:00:00.000Z"])
    // A tracking order still pending, or failed, is no tracking the shopper has.
    expect(statusOf(shipped, [{ fulfillment_id: "ful_1", status: "pending" }])).toEqual([
      "ful_1",
      "shipped",
      "Enviado",
      "2026-11-26T14:00:00.000Z",
    ])
    expect(statusOf(shipped, [{ fulfillment_id: "ful_1", status: "failed" }])[1]).toBe("shipped")
    expect(statusOf(shipped, [{ fulfillment_id: "ful_other", status: "created" }])[1]).toBe("shipped")
    expect(
      statusOf(shipped, [{ fulfillment_id: "ful_1", status: "created", delivered_at: "2026-11-26T14:00:05.000Z" }])
    ).toEqual(["ful_1", "tracking_sent", "Rastreamento ativo", "2026-11-26T14:00:05.000Z"])
    const delivered = fulfillment({ shipped_at: "2026-11-26T14:00:00.000Z", delivered_at: "2026-11-28T10:00:00.000Z" })
    expect(
      statusOf(delivered, [{ fulfillment_id: "ful_1", status: "created", delivered_at: "2026-11-26T14:00:05.000Z" }])
    ).toEqual(["ful_1", "delivered", "Entregue", "2026-11-28T10:00:00.000Z"])
  })

  it("lists the merchant's tracking codes, keeping only http(s) links, and leaves out labels with no code", () => {
    const labels = [
      { tracking_number: " BR123456789BR ", tracking_url: "https://rastreamento.correios.com.br/app/index.php" },
      { tracking_number: "JD0001", tracking_url: "javascript:alert(1)" },
      { tracking_number: "JD0002", tracking_url: "" },
      { tracking_number: "", tracking_url: "https://example.com" },
      null,
    ]
    const [delivery] = presentOrderDelivery(
      order({ fulfillments: [fulfillment({ labels, shipped_at: "2026-11-26T14:00:00Z" })] }),
      []
    ).deliveries
    expect(delivery.tracking).toEqual([
      { code: "BR123456789BR", url: "https://rastreamento.correios.com.br/app/index.php" },
      { code: "JD0001", url: null },
      { code: "JD0002", url: null },
    ])
  })

  it("leaves out canceled fulfillments: their method is preparing again", () => {
    const { deliveries } = presentOrderDelivery(
      order({
        fulfillments: [fulfillment({ canceled_at: "2026-11-25T15:00:00Z", labels: [{ tracking_number: "OLD1" }] })],
      }),
      []
    )
    expect(
      deliveries.map((delivery) => [
        delivery.shipping_method_id,
        delivery.fulfillment_id,
        delivery.status,
        delivery.tracking,
      ])
    ).toEqual([["ordsm_1", null, "preparing", []]])
  })

  it("shows only this plugin's methods and fulfillments, whatever id the store registered the provider with", () => {
    const manual = method({
      id: "ordsm_manual",
      name: "Retirada",
      shipping_option_id: "so_manual",
      data: {},
      shipping_option: { provider_id: "manual_manual" },
    })
    const other = method({
      id: "ordsm_2",
      shipping_option_id: "so_other",
      shipping_option: { provider_id: "frete_outro" },
      created_at: "2026-11-25T12:00:01Z",
    })
    const manualShipment = fulfillment({
      id: "ful_manual",
      provider_id: "manual_manual",
      shipping_option_id: "so_manual",
      data: {},
    })
    const { deliveries } = presentOrderDelivery(
      order({ shipping_methods: [other, manual, method()], fulfillments: [manualShipment] }),
      []
    )
    expect(deliveries.map((delivery) => delivery.shipping_method_id)).toEqual(["ordsm_1", "ordsm_2"])
    expect(presentOrderDelivery(order({ shipping_methods: [manual], fulfillments: [manualShipment] }), [])).toEqual({
      deliveries: [],
    })
    expect(presentOrderDelivery(order({ shipping_methods: null, fulfillments: null }), [])).toEqual({ deliveries: [] })
  })

  it("recognises a method whose shipping option was deleted by its fulfillment, and reads the facts off the fulfillment when no method matches", () => {
    const orphan = method({ shipping_option: null })
    const { deliveries } = presentOrderDelivery(
      order({ shipping_methods: [orphan], fulfillments: [fulfillment({ shipped_at: "2026-11-26T14:00:00Z" })] }),
      []
    )
    expect(deliveries.map((delivery) => [delivery.shipping_method_id, delivery.status])).toEqual([
      ["ordsm_1", "shipped"],
    ])
    const alone = presentOrderDelivery(
      order({ shipping_methods: [], fulfillments: [fulfillment({ shipping_option_id: "so_gone" })] }),
      []
    ).deliveries
    expect(alone).toMatchObject([
      {
        shipping_method_id: null,
        fulfillment_id: "ful_1",
        name: "Correios - SEDEX",
        carrier: "Correios",
        delivery_estimate: "2026-12-03",
      },
    ])
  })

  it("carries none of the stored data beyond the facts a shopper reads: no quote token, no quote code", () => {
    const text = JSON.stringify(presentOrderDelivery(order({ fulfillments: [fulfillment()] }), []))
    expect(text).not.toContain("tok-secret")
    expect(text).not.toContain("cotacao")
    expect(text).not.toContain("consulta")
  })

  it("gives no promised date for a date that is not YYYY-MM-DD", () => {
    const [delivery] = presentOrderDelivery(
      order({ shipping_methods: [method({ data: { ...SEDEX_DATA, delivery_estimate: "03/12/2026" } })] }),
      []
    ).deliveries
    expect(delivery.delivery_estimate).toBeNull()
  })
})
