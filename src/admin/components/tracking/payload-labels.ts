import type { TFunction } from "i18next"
import { formatBrl } from "../../lib/format"

/** The tracking order's fields in the order the preview lists them; each one's label is frete.payload.<field>. */
export const PAYLOAD_FIELDS: string[] = [
  "OrderNumber",
  "Code",
  "CarrierName",
  "DeliveryType",
  "CustomerName",
  "CustomerDocumentNumber",
  "CustomerEmail",
  "CustomerPhone",
  "CustomerDateOfBirth",
  "CustomerPostalCode",
  "CustomerStreet",
  "CustomerNumber",
  "CustomerComplement",
  "CustomerCity",
  "CustomerState",
  "CustomerCountry",
  "DatePosted",
  "DateToDelivery",
  "ReceiptNumber",
  "ReceiptSerie",
  "Description",
  "OrderSalesValue",
  "FreightCost",
  "FreightNumber",
  "Weight",
  "Length",
  "Width",
  "Height",
  "SendSms",
  "SendEmail",
  "AutomaticDateDelivered",
  "CompanyDocumentNumber",
  "CompanyPostalCode",
  "EntrySource",
  "SalesChannel",
  "carrierId",
]

const MONEY = new Set(["OrderSalesValue", "FreightCost"])
const DATES = new Set(["DatePosted", "DateToDelivery", "CustomerDateOfBirth"])

/** "2026-11-20T14:30:00" -> "20/11/2026 14:30", as sent (the store's local time); other text as it is. */
function formatSentDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?/.exec(value)
  if (!match) {
    return value
  }
  const [, year, month, day, hour, minute] = match
  return `${day}/${month}/${year}${hour ? ` ${hour}:${minute}` : ""}`
}

/** A field's value as the preview shows it: "Sim"/"Não" ("Yes"/"No"), reais, a date; "—" when not sent. */
export function formatPayloadValue(t: TFunction, field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") {
    return "—"
  }
  if (typeof value === "boolean") {
    return value ? t("frete.format.yes") : t("frete.format.no")
  }
  if (typeof value === "number" && MONEY.has(field)) {
    return formatBrl(value)
  }
  if (typeof value === "string" && DATES.has(field)) {
    return formatSentDate(value)
  }
  return String(value)
}

/** The label of a field; the field's own name for one the list does not know. */
export function payloadLabel(t: TFunction, field: string): string {
  return PAYLOAD_FIELDS.includes(field) ? t(`frete.payload.${field}`) : field
}
