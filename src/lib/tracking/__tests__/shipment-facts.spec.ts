import type { StoreUnits } from "../../checkout/units"
import { shipmentFacts } from "../shipment-facts"
import type { MethodRow, OrderRow, ShipmentRows } from "../shipment-facts"

const GRAMS_AND_CM: StoreUnits = { weight: "g", dimension: "cm" }

type OrderItem = NonNullable<OrderRow["items"]>[number]

const orderItem = (
  id: string,
  createdAt: string,
  productTitle: string,
  variant: OrderItem["variant"] = {}
): OrderItem => ({
  id,
  created_at: createdAt,
  title: "Único",
  product_title: productTitle,
  variant,
})

function rows(
  overrides: {
    order?: Partial<OrderRow>
    fulfillment?: Partial<ShipmentRows["fulfillment"]>
    flowMethod?: MethodRow | null
  } = {}
): ShipmentRows {
  return {
    fulfillment: {
      id: "ful_1",
      shipped_at: "2026-03-02T15:00:00.000Z",
      shipping_option_id: "so_frete",
      data: { service: "sedex", carrier: "Correios" },
      labels: [{ tracking_number: " BR123 " }, { tracking_number: "  " }],
      items: [{ line_item_id: "item_1", quantity: 2, title: "Único" }],
      order: { id: "order_1" },
      ...overrides.fulfillment,
    },
    order: {
      id: "order_1",
      display_id: 42,
      email: " maria@example.com.br ",
      total: "150.5",
      items: [
        orderItem("item_1", "2026-03-01T10:00:00.000Z", "Camiseta", { weight: 300, length: 30, width: 20, height: 4 }),
      ],
      shipping_address: {
        first_name: " Maria ",
        last_name: "Silva",
        postal_code: "20040-002",
        address_1: "Avenida Rio Branco, 1",
        metadata: { cpf: "52998224725" },
      },
      customer: { first_name: "Maria", email: "maria@example.com.br", metadata: null },
      sales_channel: { name: "Loja virtual" },
      shipping_methods: [
        {
          name: "Frete econômico",
          amount: 12,
          data: { service: "pac", service_name: "PAC", days: 7 },
          shipping_option_id: "so_cheap",
        },
        {
          name: "Frete expresso",
          amount: 25.19,
          data: { service: "sedex", service_name: "SEDEX", carrier: "Outra", days: 2 },
          shipping_option_id: "so_frete",
        },
      ],
      ...overrides.order,
    },
    location: { address: { postal_code: "01310-100" } },
    flowMethod: overrides.flowMethod ?? null,
  }
}

describe("shipmentFacts", () => {
  it("reads the order, the fulfillment and the location with their texts trimmed", () => {
    const facts = shipmentFacts(rows(), GRAMS_AND_CM, true)
    expect(facts).toMatchObject({
      orderDisplayId: 42,
      orderTotal: 150.5,
      orderEmail: "maria@example.com.br",
      shippedAt: new Date("2026-03-02T15:00:00.000Z"),
      trackingNumbers: ["BR123"],
      salesChannelName: "Loja virtual",
      originCep: "01310-100",
      noNotification: true,
    })
    expect(facts.shippingAddress).toMatchObject({
      firstName: "Maria",
      lastName: "Silva",
      postalCode: "20040-002",
      phone: null,
      metadata: { cpf: "52998224725" },
    })
  })

  it("lists the items in the order the shopper added them, then by title, with the product's title", () => {
    const order = {
      items: [
        orderItem("late", "2026-03-01T12:00:00.000Z", "Caneca"),
        orderItem("early_b", "2026-03-01T10:00:00.000Z", "Boné"),
        orderItem("early_a", "2026-03-01T10:00:00.000Z", "Agenda"),
      ],
    }
    const fulfillment = {
      items: ["late", "early_b", "early_a"].map((id) => ({ line_item_id: id, quantity: 1, title: "Único" })),
    }
    expect(shipmentFacts(rows({ order, fulfillment }), GRAMS_AND_CM, false).items.map((item) => item.title)).toEqual([
      "Agenda",
      "Boné",
      "Caneca",
    ])
  })

  it("converts the variant's measures with the store's units", () => {
    const order = {
      items: [
        orderItem("item_1", "2026-03-01T10:00:00.000Z", "Camiseta", {
          weight: 0.3,
          length: 300,
          width: 200,
          height: 40,
        }),
      ],
    }
    const [item] = shipmentFacts(rows({ order }), { weight: "kg", dimension: "mm" }, false).items
    expect(item).toEqual({ title: "Camiseta", quantity: 2, weightKg: 0.3, lengthCm: 30, widthCm: 20, heightCm: 4 })
  })

  it("takes the product's weight when the variant has none, and leaves an implausible measure unknown", () => {
    const order = {
      items: [
        orderItem("item_1", "2026-03-01T10:00:00.000Z", "Livro", {
          weight: null,
          length: -5,
          width: "16",
          height: 2,
          product: { weight: 450 },
        }),
      ],
    }
    const [item] = shipmentFacts(rows({ order }), GRAMS_AND_CM, false).items
    expect(item).toMatchObject({ weightKg: 0.45, lengthCm: null, widthCm: 16, heightCm: 2 })
  })

  it("falls back to the fulfillment item's title, then to a generic one, and to one unit", () => {
    const fulfillment = {
      items: [
        { line_item_id: "gone", quantity: null, title: " Brinde " },
        { line_item_id: null, title: null },
      ],
    }
    expect(
      shipmentFacts(rows({ fulfillment }), GRAMS_AND_CM, false).items.map(({ title, quantity }) => ({
        title,
        quantity,
      }))
    ).toEqual([
      { title: "Brinde", quantity: 1 },
      { title: "Item", quantity: 1 },
    ])
  })

  it("uses the order's method with the fulfillment's shipping option, the fulfillment's data winning", () => {
    expect(shipmentFacts(rows(), GRAMS_AND_CM, false).method).toEqual({
      name: "Frete expresso",
      amount: 25.19,
      service: "sedex",
      serviceName: "SEDEX",
      carrier: "Correios",
      days: 2,
    })
  })

  it("uses an exchange's or a claim's own method, whose data wins over the fulfillment's", () => {
    const flowMethod = {
      name: "Troca",
      amount: 9.9,
      data: { service: "pac", service_name: "PAC", days: 5 },
      shipping_option_id: "so_frete",
    }
    expect(shipmentFacts(rows({ flowMethod }), GRAMS_AND_CM, false).method).toEqual({
      name: "Troca",
      amount: 9.9,
      service: "pac",
      serviceName: "PAC",
      carrier: "Correios",
      days: 5,
    })
  })

  describe("the order's total", () => {
    // Two Camisetas at R$ 109,45 and a R$ 42,80 freight: R$ 261,70 before Medusa's discounts and taxes.
    const priced = (id: string): OrderItem => ({
      ...orderItem(id, "2026-03-01T10:00:00.000Z", "Camiseta"),
      unit_price: 109.45,
      quantity: 2,
    })
    const order = (totals: Partial<OrderRow>): Partial<OrderRow> => ({
      items: [priced("item_1")],
      shipping_methods: [{ name: "Frete expresso", amount: 42.8, shipping_option_id: "so_frete" }],
      ...totals,
    })
    const totalOf = (totals: Partial<OrderRow>) =>
      shipmentFacts(rows({ order: order(totals) }), GRAMS_AND_CM, false).orderTotal

    it("is Medusa's computed total when its item subtotal counts the items (Medusa 2.21's rows), discounts and taxes included", () => {
      expect(totalOf({ total: { numeric: 251.7 }, item_subtotal: { numeric: 218.9 } })).toBe(251.7)
    })

    it("is the items' prices plus the freight when Medusa's totals leave the priced items out (Medusa 2.13's rows: the freight alone)", () => {
      expect(totalOf({ total: 42.8, item_subtotal: 0 })).toBeCloseTo(261.7, 10)
      expect(totalOf({ total: 42.8 })).toBeCloseTo(261.7, 10)
    })

    it("stays Medusa's total when a discount takes the whole item total: its item subtotal still counts them", () => {
      expect(totalOf({ total: 42.8, item_subtotal: 218.9 })).toBe(42.8)
    })

    it("is summed from the items and the freight when Medusa computed none, and unknown when one of their amounts is", () => {
      expect(totalOf({ total: null })).toBeCloseTo(261.7, 10)
      expect(totalOf({ total: null, items: [priced("item_1"), { ...priced("item_2"), unit_price: null }] })).toBeNull()
      expect(totalOf({ total: null, shipping_methods: [{ name: "Frete expresso", amount: undefined }] })).toBeNull()
    })
  })

  it("has no address, customer or origin when Medusa has none", () => {
    const facts = shipmentFacts(
      { ...rows({ order: { shipping_address: null, customer: null } }), location: null },
      GRAMS_AND_CM,
      false
    )
    expect(facts).toMatchObject({ shippingAddress: null, customer: null, originCep: null })
  })
})
