// buildTrackingOrder's fields of the shipment itself: order number and code, invoice, carrier,
// description, and the posting and delivery dates.
import { build, CARRIER_ID, reasonFor, withMethod, withTracking } from "./build-tracking-order.fixtures"

describe("buildTrackingOrder", () => {
  describe("OrderNumber and Code", () => {
    it("writes the display id as text", () => {
      expect(build({ orderDisplayId: 42 }).order.OrderNumber).toBe("42")
      expect(build({ orderDisplayId: "A-42" }).order.OrderNumber).toBe("A-42")
    })

    it("takes the first non-blank tracking number, trimmed", () => {
      expect(build({ trackingNumbers: ["", " QB987654321BR ", "OTHER"] }).order.Code).toBe("QB987654321BR")
    })

    it("falls back to the order number without a tracking number", () => {
      expect(build({ trackingNumbers: [] }).order.Code).toBe("1001")
      expect(build({ trackingNumbers: [" ", ""] }).order.Code).toBe("1001")
    })
  })

  describe("ReceiptNumber and ReceiptSerie", () => {
    it("prefer the fulfillment's metadata and write numbers as text", () => {
      const { order } = build({ fulfillmentMetadata: { nfe_numero: 4567, nfe_serie: 2 } })
      expect(order.ReceiptNumber).toBe("4567")
      expect(order.ReceiptSerie).toBe("2")
    })

    it("fall back to the order's metadata", () => {
      const { order } = build({ fulfillmentMetadata: null })
      expect(order.ReceiptNumber).toBe("111")
      expect(order.ReceiptSerie).toBe("9")
    })

    it("read the metadata keys of the settings", () => {
      const settings = withTracking({ invoice_number_metadata_key: "nf", invoice_series_metadata_key: "serie" })
      const { order } = build({ fulfillmentMetadata: { nf: "777", serie: "3" } }, settings)
      expect(order.ReceiptNumber).toBe("777")
      expect(order.ReceiptSerie).toBe("3")
    })

    it("are left out, without a reason, when no metadata holds them", () => {
      const result = build({ fulfillmentMetadata: {}, orderMetadata: { nfe_numero: "  " } })
      expect(result.order).not.toHaveProperty("ReceiptNumber")
      expect(result.order).not.toHaveProperty("ReceiptSerie")
      expect(result.omitted).toEqual([])
    })

    it("are left out with a reason when the metadata holds something other than text or a number", () => {
      const result = build({ fulfillmentMetadata: { nfe_numero: { value: 1 } }, orderMetadata: null })
      expect(result.order).not.toHaveProperty("ReceiptNumber")
      expect(reasonFor(result, "ReceiptNumber")).toMatch(/nota fiscal/)
    })
  })

  describe("carrierId, CarrierName and DeliveryType", () => {
    it("come from the carrier entry of the method's service", () => {
      const { order } = build()
      expect(order.carrierId).toBe(CARRIER_ID)
      expect(order.CarrierName).toBe("Correios")
    })

    it("fall back to the method's carrier, then its name, without a matching entry", () => {
      const other = build(withMethod({ service: "jadlog-package" })).order
      expect(other).not.toHaveProperty("carrierId")
      expect(other.CarrierName).toBe("correios")
      expect(build(withMethod({ service: "jadlog-package", carrier: null })).order.CarrierName).toBe("SEDEX")
    })

    it("use the method's carrier when the entry names no carrier", () => {
      const settings = withTracking({
        carriers: [{ service: "correios-sedex", carrier_id: CARRIER_ID, carrier_name: null }],
      })
      const { order } = build({}, settings)
      expect(order.carrierId).toBe(CARRIER_ID)
      expect(order.CarrierName).toBe("correios")
    })

    it("take DeliveryType from the service name, else the method's name", () => {
      expect(build().order.DeliveryType).toBe("Correios - SEDEX")
      expect(build(withMethod({ serviceName: null })).order.DeliveryType).toBe("SEDEX")
    })
  })

  describe("Description", () => {
    it("lists quantities and titles after the order number", () => {
      expect(build().order.Description).toBe("Pedido 1001: 2× Camiseta, 1× Caneca")
    })

    it("is cut to 255 characters, ending in an ellipsis", () => {
      const items = Array.from({ length: 40 }, (_, index) => ({
        title: `Produto com um nome bem comprido número ${index}`,
        quantity: 1,
        weightKg: 0.1,
        lengthCm: 10,
        widthCm: 10,
        heightCm: 1,
      }))
      const description = build({ items }).order.Description ?? ""
      expect(description).toHaveLength(255)
      expect(description.endsWith("…")).toBe(true)
      expect(description.startsWith("Pedido 1001: 1× Produto com um nome bem comprido número 0")).toBe(true)
    })
  })

  describe("DatePosted and DateToDelivery", () => {
    it("write the shipping instant as São Paulo's local date and time, even when it is still the previous day there", () => {
      // 01:30 UTC on Wednesday is 22:30 on Tuesday in São Paulo.
      const { order } = build({ shippedAt: new Date("2026-03-11T01:30:00Z") })
      expect(order.DatePosted).toBe("2026-03-10T22:30:00")
      expect(order.DateToDelivery).toBe("2026-03-12")
    })

    it("count business days across a weekend and a holiday", () => {
      // Friday 2026-04-17 + 2: Monday the 20th, then Tiradentes (Tuesday the 21st) is skipped.
      const { order } = build({ shippedAt: new Date("2026-04-17T15:00:00Z"), ...withMethod({ days: 2 }) })
      expect(order.DateToDelivery).toBe("2026-04-22")
    })

    it("make 0 days the shipping day, or the next business day after a weekend", () => {
      expect(build(withMethod({ days: 0 })).order.DateToDelivery).toBe("2026-03-10")
      const saturday = build({ shippedAt: new Date("2026-03-14T15:00:00Z"), ...withMethod({ days: 0 }) })
      expect(saturday.order.DateToDelivery).toBe("2026-03-16")
    })

    it("leave DateToDelivery out, silently, when the deadline is unknown", () => {
      const result = build(withMethod({ days: null }))
      expect(result.order).not.toHaveProperty("DateToDelivery")
      expect(result.omitted).toEqual([])
    })

    it("leave DateToDelivery out with a reason for a deadline that is not a whole number of days", () => {
      const result = build(withMethod({ days: 1.5 }))
      expect(result.order).not.toHaveProperty("DateToDelivery")
      expect(reasonFor(result, "DateToDelivery")).toMatch(/Prazo de entrega inválido/)
    })

    it("refuse an invalid shipping Date, which is a bug of the caller", () => {
      expect(() => build({ shippedAt: new Date("invalid") })).toThrow(RangeError)
    })
  })
})
