/**
 * The field table of the tracking order in the interface document, with the JSON types the
 * sandbox accepts for each and the formats it enforces where the field notes say what the
 * content is (CNPJ, CPF, CEP, phone with area code, e-mail).
 */

export type TrackingFieldType = "String" | "Number" | "Boolean" | "DateTime"

export interface TrackingField {
  type: TrackingFieldType
  /** The document does not say which fields are required; the sandbox's choice is these three. */
  required?: boolean
  format?: { pattern: RegExp; description: string }
}

const digits = (count: string, description: string) => ({ pattern: new RegExp(`^\\d{${count}}$`), description })

/** In the document's order, which is also the order in which errors are reported. */
export const TRACKING_FIELDS: Readonly<Record<string, TrackingField>> = {
  OrderNumber: { type: "String", required: true },
  ReceiptNumber: { type: "String" },
  ReceiptSerie: { type: "String" },
  Code: { type: "String", required: true },
  carrierId: { type: "String" },
  Description: { type: "String" },
  DatePosted: { type: "DateTime" },
  DateToDelivery: { type: "DateTime" },
  CarrierName: { type: "String" },
  CompanyDocumentNumber: { type: "String", format: digits("14", "um CNPJ de 14 dígitos") },
  CustomerEmail: {
    type: "String",
    format: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, description: "um endereço de e-mail válido" },
  },
  CustomerPhone: { type: "String", format: digits("10,11", "um telefone de 10 ou 11 dígitos com DDD") },
  CustomerName: { type: "String", required: true },
  CustomerDocumentNumber: { type: "String", format: digits("11", "um CPF de 11 dígitos") },
  CustomerPostalCode: { type: "String", format: digits("8", "um CEP de 8 dígitos") },
  CustomerCountry: { type: "String" },
  CustomerState: { type: "String" },
  CustomerCity: { type: "String" },
  CustomerStreet: { type: "String" },
  CustomerNumber: { type: "String" },
  CustomerComplement: { type: "String" },
  CustomerDateOfBirth: { type: "DateTime" },
  CompanyPostalCode: { type: "String", format: digits("8", "um CEP de 8 dígitos") },
  DeliveryType: { type: "String" },
  SendSms: { type: "Boolean" },
  SendEmail: { type: "Boolean" },
  OrderSalesValue: { type: "Number" },
  FreightNumber: { type: "Number" },
  FreightCost: { type: "Number" },
  AutomaticDateDelivered: { type: "Boolean" },
  EntrySource: { type: "String" },
  Height: { type: "Number" },
  Width: { type: "Number" },
  Weight: { type: "Number" },
  Length: { type: "Number" },
  SalesChannel: { type: "String" },
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,7})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/

/** "YYYY-MM-DD" or "YYYY-MM-DDTHH:mm[:ss]" with an optional zone, naming a real calendar moment. */
function isTrackingDateTime(text: string): boolean {
  const match = DATE_TIME.exec(text)
  if (!match) {
    return false
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((part) => Number(part ?? 0))
  const date = new Date(Date.UTC(year, month - 1, day))
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
  return realDay && hour < 24 && minute < 60 && second < 60
}

/** Whether a value has the JSON type the table names; the sample sends booleans as text. */
export function hasTrackingType(value: unknown, type: TrackingFieldType): boolean {
  switch (type) {
    case "String":
      return typeof value === "string"
    case "Number":
      return typeof value === "number" && Number.isFinite(value)
    case "Boolean":
      return typeof value === "boolean" || value === "true" || value === "false"
    case "DateTime":
      return typeof value === "string" && isTrackingDateTime(value)
  }
}
