// buildTrackingOrder as a whole: the order built from complete facts, from nothing but the required ones,
// from facts that are all invalid, and from text the service would refuse.
import { DEFAULT_SETTINGS, type FreteSettings } from "../../settings/schema"
import type { BuiltTrackingOrder } from "../build-tracking-order"
import { trackingOrderSchema } from "../schemas"
import type { ShipmentFacts } from "../shipment-facts"
import {
  ADDRESS,
  build,
  CPF,
  CUSTOMER,
  EXPECTED_ORDER,
  METHOD,
  reasonFor,
  withAddress,
  withTracking,
} from "./build-tracking-order.fixtures"

/** Everything the builder returns, as text, except the one place the CPF belongs. */
function everythingButTheCpfField(result: BuiltTrackingOrder): string {
  return JSON.stringify({ order: { ...result.order, CustomerDocumentNumber: undefined }, omitted: result.omitted })
}

describe("buildTrackingOrder", () => {
  describe("with complete facts", () => {
    it("maps every field of the tracking order and omits nothing", () => {
      const result = build()
      expect(result.order).toEqual(EXPECTED_ORDER)
      expect(result.omitted).toEqual([])
    })

    it("returns an order the tracking schema accepts", () => {
      expect(trackingOrderSchema.safeParse(build().order).success).toBe(true)
    })

    it("puts the full CPF in CustomerDocumentNumber and nowhere else", () => {
      const result = build()
      expect(result.order.CustomerDocumentNumber).toBe(CPF)
      expect(everythingButTheCpfField(result)).not.toContain(CPF)
      expect(everythingButTheCpfField(result)).not.toContain("529.982.247-25")
    })
  })

  describe("with nothing but the required facts", () => {
    const bare: Partial<ShipmentFacts> = {
      orderTotal: null,
      orderEmail: null,
      orderMetadata: null,
      items: [],
      fulfillmentMetadata: null,
      trackingNumbers: [],
      method: { name: null, amount: null, service: null, serviceName: null, carrier: null, days: null },
      shippingAddress: null,
      customer: null,
      salesChannelName: null,
      originCep: null,
    }
    const bareSettings: FreteSettings = { ...DEFAULT_SETTINGS }

    it("leaves unknown fields out, silently, instead of sending null or empty text", () => {
      const result = build(bare, bareSettings)
      expect(result.omitted).toEqual([])
      expect(result.order).toEqual({
        OrderNumber: "1001",
        Code: "1001",
        CustomerName: "Cliente",
        Description: "Pedido 1001",
        DatePosted: "2026-03-10T14:30:00",
        CustomerCountry: "BR",
        SendSms: true,
        SendEmail: true,
        AutomaticDateDelivered: false,
        EntrySource: "Medusa",
        Weight: DEFAULT_SETTINGS.default_package.weight_kg,
        Length: DEFAULT_SETTINGS.default_package.length_cm,
        Width: DEFAULT_SETTINGS.default_package.width_cm,
        Height: DEFAULT_SETTINGS.default_package.height_cm,
      })
      expect(trackingOrderSchema.safeParse(result.order).success).toBe(true)
    })
  })

  describe("with every value present and invalid", () => {
    const broken: Partial<ShipmentFacts> = {
      orderTotal: -1,
      orderEmail: "nope",
      fulfillmentMetadata: { nfe_numero: [1], nfe_serie: false, freight_number: "x" },
      orderMetadata: null,
      method: { ...METHOD, amount: Number.POSITIVE_INFINITY, days: -1 },
      originCep: "abc",
      shippingAddress: {
        ...ADDRESS,
        phone: "123",
        postalCode: "123",
        metadata: { cpf: CPF.replace(/5$/, "4"), number: { n: 1 } },
        address1: "Rua Sem Número",
      },
      customer: { ...CUSTOMER, email: null, phone: null, metadata: { date_of_birth: "ontem" } },
    }

    it("still returns an order the tracking schema accepts, listing each field left out", () => {
      const result = build(broken, { ...withTracking({ company_document: "11222333000100" }), origin_cep: null })
      expect(trackingOrderSchema.safeParse(result.order).success).toBe(true)
      expect(result.omitted.map((entry) => entry.field).sort()).toEqual(
        [
          "CompanyDocumentNumber",
          "CompanyPostalCode",
          "CustomerDateOfBirth",
          "CustomerDocumentNumber",
          "CustomerEmail",
          "CustomerNumber",
          "CustomerPhone",
          "CustomerPostalCode",
          "DateToDelivery",
          "FreightCost",
          "FreightNumber",
          "OrderSalesValue",
          "ReceiptNumber",
          "ReceiptSerie",
        ].sort()
      )
      for (const entry of result.omitted) {
        expect(entry.reason).not.toBe("")
      }
    })
  })

  describe("text the service would refuse", () => {
    it("leaves a text field over 1000 characters out with a reason", () => {
      const result = build(withAddress({ city: "x".repeat(1001) }))
      expect(result.order).not.toHaveProperty("CustomerCity")
      expect(reasonFor(result, "CustomerCity")).toMatch(/1000 caracteres/)
    })

    it("shortens a name over 1000 characters, since the service requires one", () => {
      const { order } = build(withAddress({ firstName: "A".repeat(1200) }))
      expect(order.CustomerName).toHaveLength(1000)
      expect(order.CustomerName.endsWith("…")).toBe(true)
    })

    it("throws, naming the field, when a required field would still be refused (a bug upstream)", () => {
      expect(() => build({ orderDisplayId: "" })).toThrow(/OrderNumber/)
    })
  })
})
