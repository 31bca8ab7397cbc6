// buildTrackingOrder's values, package and sales channel: order total, freight cost and number,
// the package's weight and measures, and the sales channel's name.
import { build, EXPECTED_ORDER, FACTS, reasonFor, SETTINGS, withMethod } from "./build-tracking-order.fixtures"

describe("buildTrackingOrder", () => {
  describe("values", () => {
    it("round the order's total and the freight cost to centavos", () => {
      const { order } = build({ orderTotal: 259.899, ...withMethod({ amount: 1.005 }) })
      expect(order.OrderSalesValue).toBe(259.9)
      expect(order.FreightCost).toBe(1.01)
    })

    it("keep a free freight as 0", () => {
      expect(build(withMethod({ amount: 0 })).order.FreightCost).toBe(0)
    })

    it("leave a negative or non-finite value out with a reason", () => {
      const result = build({ orderTotal: -10, ...withMethod({ amount: Number.NaN }) })
      expect(result.order).not.toHaveProperty("OrderSalesValue")
      expect(result.order).not.toHaveProperty("FreightCost")
      expect(reasonFor(result, "OrderSalesValue")).toMatch(/negativo/)
      expect(reasonFor(result, "FreightCost")).toMatch(/inválido/)
    })

    // How freight_number is read and refused: read-freight-number.spec.ts.
    it.each([
      ["000123", 123],
      [0, 0],
    ])("read freight_number %j from the fulfillment's metadata as %j", (freightNumber, expected) => {
      expect(build({ fulfillmentMetadata: { freight_number: freightNumber } }).order.FreightNumber).toBe(expected)
    })

    it("leave freight_number out with the reason it was refused", () => {
      const result = build({ fulfillmentMetadata: { freight_number: "12a" } })
      expect(result.order).not.toHaveProperty("FreightNumber")
      expect(reasonFor(result, "FreightNumber")).toMatch(/freight_number/)
    })

    it("leave FreightNumber out, silently, when absent", () => {
      const result = build({ fulfillmentMetadata: { freight_number: null } })
      expect(result.order).not.toHaveProperty("FreightNumber")
      expect(result.omitted).toEqual([])
    })
  })

  // How the items make one package: parcel.spec.ts.
  describe("the package (kg and cm)", () => {
    it("is the items stacked in one box, in the default package's measures where an item has none", () => {
      const items = [
        { title: "Livro", quantity: 1, weightKg: 0.5, lengthCm: 10, widthCm: 10, heightCm: 3 },
        { title: "Pôster", quantity: 2, weightKg: null, lengthCm: 60, widthCm: null, heightCm: 1 },
      ]
      const pack = SETTINGS.default_package
      const { order } = build({ items })
      expect([order.Weight, order.Length, order.Width, order.Height]).toEqual([
        0.5 + 2 * pack.weight_kg,
        Math.max(10, pack.length_cm),
        Math.max(10, pack.width_cm),
        3 + 2 * pack.height_cm,
      ])
    })

    it("ignores items with no positive quantity, in the package and the description", () => {
      const items = [
        ...FACTS.items,
        { title: "Brinde", quantity: 0, weightKg: 5, lengthCm: 90, widthCm: 90, heightCm: 90 },
      ]
      const { order } = build({ items })
      expect(order.Description).toBe(EXPECTED_ORDER.Description)
      expect([order.Weight, order.Length, order.Width, order.Height]).toEqual([0.9, 30, 25, 14])
    })
  })

  describe("SalesChannel", () => {
    it("is the sales channel's name, or left out without one", () => {
      expect(build({ salesChannelName: " Marketplace " }).order.SalesChannel).toBe("Marketplace")
      expect(build({ salesChannelName: null }).order).not.toHaveProperty("SalesChannel")
    })
  })
})
