// buildTrackingOrder's fields of the sending company and of the settings: the company's CNPJ and CEP,
// the notification flags and the entry source.
import { build, reasonFor, SETTINGS, withTracking } from "./build-tracking-order.fixtures"

describe("buildTrackingOrder", () => {
  describe("CompanyDocumentNumber", () => {
    it("is the CNPJ of the settings when its check digits are right", () => {
      expect(build().order.CompanyDocumentNumber).toBe("11222333000181")
    })

    it("is left out with a reason when its check digits are wrong", () => {
      const result = build({}, withTracking({ company_document: "11222333000182" }))
      expect(result.order).not.toHaveProperty("CompanyDocumentNumber")
      expect(reasonFor(result, "CompanyDocumentNumber")).toMatch(/CNPJ/)
    })

    it("is left out, silently, when the settings have none", () => {
      const result = build({}, withTracking({ company_document: null }))
      expect(result.order).not.toHaveProperty("CompanyDocumentNumber")
      expect(result.omitted).toEqual([])
    })
  })

  describe("CompanyPostalCode", () => {
    it("is the stock location's CEP, normalised", () => {
      expect(build({ originCep: "01.310-100" }).order.CompanyPostalCode).toBe("01310100")
    })

    it("falls back to the settings' origin CEP", () => {
      expect(build({ originCep: null }).order.CompanyPostalCode).toBe("04538133")
    })

    it("is left out with a reason when no CEP is valid", () => {
      const result = build({ originCep: "1234" }, { ...SETTINGS, origin_cep: null })
      expect(result.order).not.toHaveProperty("CompanyPostalCode")
      expect(reasonFor(result, "CompanyPostalCode")).toMatch(/CEP de origem inválido/)
    })
  })

  describe("notifications and settings flags", () => {
    it("follow the settings", () => {
      const { order } = build(
        {},
        withTracking({ send_sms: false, send_email: true, automatic_date_delivered: true, entry_source: "ERP" })
      )
      expect(order.SendSms).toBe(false)
      expect(order.SendEmail).toBe(true)
      expect(order.AutomaticDateDelivered).toBe(true)
      expect(order.EntrySource).toBe("ERP")
    })

    it("turn SMS and e-mail off for a shipment created with no_notification", () => {
      const { order } = build({ noNotification: true })
      expect(order.SendSms).toBe(false)
      expect(order.SendEmail).toBe(false)
    })
  })
})
