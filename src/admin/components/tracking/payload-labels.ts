import { formatBrl } from "../../lib/format"

/** The tracking order's fields as the merchant reads them, in the order the preview lists them. */
export const PAYLOAD_LABELS: Array<[field: string, label: string]> = [
  ["OrderNumber", "Número do pedido"],
  ["Code", "Código de rastreio"],
  ["CarrierName", "Transportadora"],
  ["DeliveryType", "Tipo de entrega"],
  ["CustomerName", "Cliente"],
  ["CustomerDocumentNumber", "CPF"],
  ["CustomerEmail", "E-mail"],
  ["CustomerPhone", "Telefone"],
  ["CustomerDateOfBirth", "Data de nascimento"],
  ["CustomerPostalCode", "CEP"],
  ["CustomerStreet", "Rua"],
  ["CustomerNumber", "Número"],
  ["CustomerComplement", "Complemento"],
  ["CustomerCity", "Cidade"],
  ["CustomerState", "Estado"],
  ["CustomerCountry", "País"],
  ["DatePosted", "Data de postagem"],
  ["DateToDelivery", "Previsão de entrega"],
  ["ReceiptNumber", "Nota fiscal"],
  ["ReceiptSerie", "Série da nota fiscal"],
  ["Description", "Descrição"],
  ["OrderSalesValue", "Valor do pedido"],
  ["FreightCost", "Frete cobrado"],
  ["FreightNumber", "Número do frete"],
  ["Weight", "Peso (kg)"],
  ["Length", "Comprimento (cm)"],
  ["Width", "Largura (cm)"],
  ["Height", "Altura (cm)"],
  ["SendSms", "Enviar SMS"],
  ["SendEmail", "Enviar e-mail"],
  ["AutomaticDateDelivered", "Data de entrega automática"],
  ["CompanyDocumentNumber", "CNPJ da loja"],
  ["CompanyPostalCode", "CEP de origem"],
  ["EntrySource", "Origem"],
  ["SalesChannel", "Canal de venda"],
  ["carrierId", "Id da transportadora"],
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

/** A field's value as the preview shows it: "Sim"/"Não", reais, a date; "—" when not sent. */
export function formatPayloadValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") {
    return "—"
  }
  if (typeof value === "boolean") {
    return value ? "Sim" : "Não"
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
export function payloadLabel(field: string): string {
  return PAYLOAD_LABELS.find(([known]) => known === field)?.[1] ?? field
}
