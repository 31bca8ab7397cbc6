import adminTranslations from "../../../admin/i18n"
import { TRACKING_FIELD_SPECS, TRACKING_FIELDS, type TrackingFieldSpec } from "../fields"
import { maskTrackingPayload, PERSONAL_FIELDS } from "../mask-payload"
import { trackingOrderSchema } from "../schemas"

/** The interface document's table of the tracking order (spec/000, "Tracking order"), in its order. */
const DOCUMENT_FIELDS = [
  "OrderNumber",
  "ReceiptNumber",
  "ReceiptSerie",
  "Code",
  "carrierId",
  "Description",
  "DatePosted",
  "DateToDelivery",
  "CarrierName",
  "CompanyDocumentNumber",
  "CustomerEmail",
  "CustomerPhone",
  "CustomerName",
  "CustomerDocumentNumber",
  "CustomerPostalCode",
  "CustomerCountry",
  "CustomerState",
  "CustomerCity",
  "CustomerStreet",
  "CustomerNumber",
  "CustomerComplement",
  "CustomerDateOfBirth",
  "CompanyPostalCode",
  "DeliveryType",
  "SendSms",
  "SendEmail",
  "OrderSalesValue",
  "FreightNumber",
  "FreightCost",
  "AutomaticDateDelivered",
  "EntrySource",
  "Height",
  "Width",
  "Weight",
  "Length",
  "SalesChannel",
]

const REQUIRED = { OrderNumber: "1001", Code: "QB123456789BR", CustomerName: "Maria da Silva" }

/** A value each field takes, and one of the wrong type, by the field's wire type. */
const SAMPLES: Record<TrackingFieldSpec["type"], { good: unknown; bad: unknown }> = {
  String: { good: "texto", bad: 1 },
  Number: { good: 1.5, bad: "1.5" },
  Boolean: { good: true, bad: "sim" },
  DateTime: { good: "2026-11-20T14:30:00", bad: "20/11/2026" },
}
const FORMATTED: Record<NonNullable<TrackingFieldSpec["format"]>, { good: string; bad: string }> = {
  cnpj: { good: "12ABC34501DE35", bad: "11.222.333/0001-81" },
  taxId: { good: "52998224725", bad: "529.982.247-25" },
  cep: { good: "20040002", bad: "20040-002" },
  phone: { good: "21987654321", bad: "987654321" },
  email: { good: "maria@example.com.br", bad: "maria@" },
}

/** A value of each personal field, in clear, as the order carries it. */
const CLEAR: Record<string, string> = {
  CustomerName: "Maria da Silva",
  CustomerDocumentNumber: "52998224725",
  CustomerEmail: "maria@example.com.br",
  CustomerPhone: "21987654321",
  CustomerDateOfBirth: "1990-05-17",
  CustomerStreet: "Avenida Rio Branco",
  CustomerNumber: "156",
  CustomerComplement: "Sala 101",
}

describe("the table of the tracking order's fields", () => {
  const entries = Object.entries(TRACKING_FIELD_SPECS)

  it("holds exactly the interface document's fields", () => {
    expect(Object.keys(TRACKING_FIELDS).sort()).toEqual([...DOCUMENT_FIELDS].sort())
  })

  it("gives the schema its fields: each takes its type and format, refuses another, and no other field is taken", () => {
    expect(trackingOrderSchema.safeParse(REQUIRED).success).toBe(true)
    for (const [field, spec] of entries) {
      const sample = spec.format ? FORMATTED[spec.format] : SAMPLES[spec.type]
      expect([field, trackingOrderSchema.safeParse({ ...REQUIRED, [field]: sample.good }).success]).toEqual([
        field,
        true,
      ])
      expect([field, trackingOrderSchema.safeParse({ ...REQUIRED, [field]: sample.bad }).success]).toEqual([
        field,
        false,
      ])
    }
    expect(trackingOrderSchema.safeParse({ ...REQUIRED, customerName: "Maria" }).success).toBe(false)
  })

  it("requires the order number, the code and the customer's name, and no other field", () => {
    for (const field of Object.keys(REQUIRED)) {
      const { [field]: _left, ...rest } = REQUIRED as Record<string, string>
      expect([field, trackingOrderSchema.safeParse(rest).success]).toEqual([field, false])
    }
  })

  it("masks the fields marked personal, and only those", () => {
    expect([...PERSONAL_FIELDS].sort()).toEqual(Object.keys(CLEAR).sort())
    expect(
      entries
        .filter(([, spec]) => spec.personal)
        .map(([field]) => field)
        .sort()
    ).toEqual(Object.keys(CLEAR).sort())
    const masked = maskTrackingPayload(CLEAR)
    for (const [field, value] of Object.entries(CLEAR)) {
      expect([field, masked[field]]).not.toEqual([field, value])
      expect(String(masked[field])).not.toContain(value)
    }
    const others = Object.fromEntries(entries.filter(([, spec]) => !spec.personal).map(([field]) => [field, "texto"]))
    expect(maskTrackingPayload(others)).toEqual(others)
  })

  it("labels every field in English and Portuguese, and the admin shows those labels", () => {
    for (const [field, spec] of entries) {
      expect([field, spec.label.en.trim() !== "", spec.label.ptBR.trim() !== ""]).toEqual([field, true, true])
    }
    expect(adminTranslations.en.translation.frete.payload.CustomerComplement).toBe("Complement")
    expect(adminTranslations.ptBR.translation.frete.payload.CustomerComplement).toBe("Complemento")
    expect(adminTranslations.ptBR.translation.frete.payload.CustomerDocumentNumber).toBe("CPF ou CNPJ")
    expect(Object.keys(adminTranslations.en.translation.frete.payload).sort()).toEqual([...DOCUMENT_FIELDS].sort())
    expect(Object.keys(adminTranslations.ptBR.translation.frete.payload).sort()).toEqual([...DOCUMENT_FIELDS].sort())
    // The admin's other texts are still there.
    expect(adminTranslations.ptBR.translation.frete.widget.confirmRetry).toBeTruthy()
  })
})
