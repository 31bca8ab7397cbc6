import { dateInTimeZone } from "../brazil/business-days"
import { localDateTime } from "../brazil/local-date-time"
import { tryNormalizeCep } from "../brazil/cep"
import { stateOfCep, stateOfProvince } from "../brazil/cep-state"
import type { FreteSettings } from "../settings/schema"
import { truncate } from "../utils/text"
import { isValidCnpj } from "../brazil/cpf"
import {
  cleanText,
  firstReading,
  isAbsent,
  known,
  metadataText,
  parcelMeasure,
  parcelOf,
  promisedDate,
  readAmount,
  readBirthDate,
  readTaxId,
  readFreightNumber,
  readPhone,
  streetAndNumber,
  type Reading,
} from "./readers"
import { trackingEmailSchema, type OptionalTrackingField, type TrackingOrder } from "./schemas"
import type { ShipmentFacts } from "./shipment-facts"

/** `omitted`: fields left out although the shop had a value, and why. */
export type BuiltTrackingOrder = {
  order: TrackingOrder
  omitted: Array<{ field: keyof TrackingOrder; reason: string }>
}

const MAX_TEXT_LENGTH = 1000
const TOO_LONG = `Texto longo demais: o serviço de rastreamento aceita até ${MAX_TEXT_LENGTH} caracteres`
/** The document sets no limit; 255 is what a description column commonly holds. */
const MAX_DESCRIPTION_LENGTH = 255

/** A value the service would refuse is left out and listed in `omitted`: one bad field never holds back the order. */
export function buildTrackingOrder(facts: ShipmentFacts, settings: FreteSettings): BuiltTrackingOrder {
  // The document's dates have four-digit years; NaN for an invalid Date.
  const shippedYear = facts.shippedAt.getUTCFullYear()
  if (!(shippedYear >= 1000 && shippedYear <= 9999)) throw new RangeError("ShipmentFacts.shippedAt: no year 1000-9999")
  const orderNumber = String(facts.orderDisplayId)
  if (orderNumber.trim() === "" || orderNumber.length > MAX_TEXT_LENGTH)
    throw new RangeError(`ShipmentFacts.orderDisplayId gives no OrderNumber of 1 to ${MAX_TEXT_LENGTH} characters`)
  const { tracking } = settings
  const { shippingAddress: address, customer } = facts
  const items = facts.items.filter((item) => Number.isFinite(item.quantity) && item.quantity > 0)
  const shippedOn = dateInTimeZone(facts.shippedAt)
  const order: TrackingOrder = {
    OrderNumber: orderNumber,
    // A label's number the service cannot take (blank, or longer than its text limit) is passed over.
    Code:
      facts.trackingNumbers.map((code) => code.trim()).find((code) => code !== "" && code.length <= MAX_TEXT_LENGTH) ??
      orderNumber,
    CustomerName: customerName(facts),
  }
  const invoice = (key: string, label: string) =>
    firstReading([facts.fulfillmentMetadata?.[key], facts.orderMetadata?.[key]], (raw) => metadataText(raw, label))
  const service = cleanText(facts.method.service)
  const carrier = service === null ? undefined : tracking.carriers.find((entry) => entry.service === service)
  const cep = readCep(address?.postalCode, "CEP do cliente")
  const street = streetAndNumber(address)
  const parcel = parcelOf(items, settings.default_package)
  const sources: { [K in OptionalTrackingField]: Reading<NonNullable<TrackingOrder[K]>> } = {
    ReceiptNumber: invoice(tracking.invoice_number_metadata_key, "Número da nota fiscal"),
    ReceiptSerie: invoice(tracking.invoice_series_metadata_key, "Série da nota fiscal"),
    carrierId: known(carrier?.carrier_id),
    CarrierName: known(carrier?.carrier_name ?? cleanText(facts.method.carrier) ?? cleanText(facts.method.name)),
    DeliveryType: known(cleanText(facts.method.serviceName) ?? cleanText(facts.method.name)),
    Description: { value: describe(orderNumber, items) },
    DatePosted: { value: localDateTime(facts.shippedAt) },
    DateToDelivery: promisedDate(shippedOn, facts.method.days),
    CompanyDocumentNumber: companyDocument(tracking.company_document),
    CompanyPostalCode: firstReading([facts.originCep, settings.origin_cep], (raw) => readCep(raw, "CEP de origem")),
    CustomerEmail: firstReading([facts.orderEmail, customer?.email], readEmail),
    CustomerPhone: firstReading([address?.phone, customer?.phone], readPhone),
    CustomerDocumentNumber: firstReading(
      [address?.metadata?.[tracking.cpf_metadata_key], customer?.metadata?.[tracking.cpf_metadata_key]],
      readTaxId
    ),
    CustomerDateOfBirth: firstReading([customer?.metadata?.date_of_birth, customer?.metadata?.data_nascimento], (raw) =>
      readBirthDate(raw, shippedOn)
    ),
    CustomerPostalCode: cep,
    CustomerCountry: { value: cleanText(address?.countryCode)?.toUpperCase() ?? "BR" },
    // From the CEP, which is unambiguous; else the province ("br-rj", "RJ", "Rio de Janeiro").
    CustomerState: known(
      (cep && "value" in cep ? stateOfCep(cep.value) : null) ??
        stateOfProvince(address?.province) ??
        cleanText(address?.province)
    ),
    CustomerCity: known(cleanText(address?.city)),
    CustomerStreet: known(street.street),
    CustomerNumber: street.number,
    CustomerComplement: known(cleanText(address?.address2)),
    // A shipment created with no_notification must not make the tracking service write either.
    SendSms: { value: tracking.send_sms && !facts.noNotification },
    SendEmail: { value: tracking.send_email && !facts.noNotification },
    AutomaticDateDelivered: { value: tracking.automatic_date_delivered },
    EntrySource: { value: tracking.entry_source },
    OrderSalesValue: readAmount(facts.orderTotal, "Valor do pedido"),
    FreightCost: readAmount(facts.method.amount, "Custo do frete"),
    FreightNumber: readFreightNumber(facts.fulfillmentMetadata?.freight_number),
    Weight: parcelMeasure(parcel.weightKg, "Peso"),
    Length: parcelMeasure(parcel.lengthCm, "Comprimento"),
    Width: parcelMeasure(parcel.widthCm, "Largura"),
    Height: parcelMeasure(parcel.heightCm, "Altura"),
    SalesChannel: known(cleanText(facts.salesChannelName)),
  }
  const omitted: BuiltTrackingOrder["omitted"] = []
  for (const [field, reading] of Object.entries(sources) as Array<[OptionalTrackingField, Reading<unknown>]>) {
    if (reading === null) continue
    if ("reason" in reading) omitted.push({ field, reason: reading.reason })
    else if (typeof reading.value === "string" && reading.value.length > MAX_TEXT_LENGTH)
      omitted.push({ field, reason: TOO_LONG })
    else Object.assign(order, { [field]: reading.value })
  }
  return { order, omitted }
}

function customerName({ shippingAddress, customer, orderEmail }: ShipmentFacts): string {
  const fullName = (person: { firstName: string | null; lastName: string | null } | null) =>
    cleanText(`${person?.firstName ?? ""} ${person?.lastName ?? ""}`)
  const localPart = (email: string | null | undefined) => {
    const text = cleanText(email)
    const at = text?.indexOf("@") ?? -1
    return text !== null && at > 0 ? cleanText(text.slice(0, at)) : null
  }
  // The one text field the service requires: shortened rather than left out.
  return truncate(
    fullName(shippingAddress) ?? fullName(customer) ?? localPart(orderEmail) ?? localPart(customer?.email) ?? "Cliente",
    MAX_TEXT_LENGTH,
    "…"
  )
}

function describe(orderNumber: string, items: ShipmentFacts["items"]): string {
  const lines = items.map((item) => `${item.quantity}× ${cleanText(item.title) ?? "item"}`)
  const text = lines.length === 0 ? `Pedido ${orderNumber}` : `Pedido ${orderNumber}: ${lines.join(", ")}`
  return truncate(text, MAX_DESCRIPTION_LENGTH, "…")
}

function companyDocument(cnpj: string | null): Reading<string> {
  if (cnpj === null) return null
  return isValidCnpj(cnpj)
    ? { value: cnpj }
    : { reason: "CNPJ da empresa inválido nas configurações: os dígitos verificadores não conferem" }
}

function readCep(raw: unknown, label: string): Reading<string> {
  if (isAbsent(raw)) return null
  const cep = tryNormalizeCep(raw)
  return cep === null ? { reason: `${label} inválido: use 8 dígitos, como 01310-100` } : { value: cep }
}

function readEmail(raw: unknown): Reading<string> {
  const email = cleanText(raw)
  if (email === null) return null
  return trackingEmailSchema.safeParse(email).success ? { value: email } : { reason: "E-mail do cliente inválido" }
}
