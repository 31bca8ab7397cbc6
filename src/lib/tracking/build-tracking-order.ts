import { addBusinessDays, dateInTimeZone, MAX_BUSINESS_DAYS } from "../calendar/business-days"
import { localDateTime } from "../calendar/local-date-time"
import { tryNormalizeCep } from "../cep"
import { stateOfCep } from "../cep-state"
import { BRAZILIAN_STATES, type FreteSettings } from "../settings/schema"
import { isValidCnpj, isValidCpf, maskCpf } from "./cpf"
import { trackingOrderSchema, type TrackingOrder } from "./schemas"
import type { ShipmentFacts } from "./shipment-facts"

/** A field left out of the order although the shop had a value for it, and why (for the merchant). */
export interface OmittedField {
  field: keyof TrackingOrder
  reason: string
}

export interface BuiltTrackingOrder {
  order: TrackingOrder
  omitted: OmittedField[]
}

/** A field's value; `reason` when a value is there but unusable; null when nothing is known. */
type Reading<T> = { value: T } | { reason: string } | null

type OptionalField = Exclude<keyof TrackingOrder, "OrderNumber" | "Code" | "CustomerName">

type Item = ShipmentFacts["items"][number]
type Address = NonNullable<ShipmentFacts["shippingAddress"]>

/** The wire schema's limit for every text field (`text` in schemas.ts). */
const MAX_TEXT_LENGTH = 1000
/** The document sets no limit; 255 is what a description column commonly holds. */
const MAX_DESCRIPTION_LENGTH = 255
const FALLBACK_CUSTOMER_NAME = "Cliente"
/** Older dates are typing mistakes rather than birth dates. */
const EARLIEST_BIRTH_DATE = "1900-01-01"

const customerEmailSchema = trackingOrderSchema.shape.CustomerEmail.unwrap()

/**
 * The tracking order for a shipped fulfillment. A value the shop does not have is left out; a
 * value it has but the service would refuse is left out too and listed in `omitted`, so that one
 * bad field never holds back the whole order. Dates are São Paulo's wall clock.
 */
export function buildTrackingOrder(facts: ShipmentFacts, settings: FreteSettings): BuiltTrackingOrder {
  if (Number.isNaN(facts.shippedAt.getTime())) {
    throw new RangeError("ShipmentFacts.shippedAt is an invalid Date")
  }
  // The document's dates have four-digit years.
  const shippedYear = facts.shippedAt.getUTCFullYear()
  if (shippedYear < 1000 || shippedYear > 9999) {
    throw new RangeError(`ShipmentFacts.shippedAt is outside the years 1000 to 9999: ${facts.shippedAt.toISOString()}`)
  }
  const tracking = settings.tracking
  const address = facts.shippingAddress
  const customer = facts.customer
  const orderNumber = String(facts.orderDisplayId)
  if (orderNumber.trim() === "" || orderNumber.length > MAX_TEXT_LENGTH) {
    throw new RangeError(`ShipmentFacts.orderDisplayId gives no OrderNumber the service takes (1 to ${MAX_TEXT_LENGTH} characters): got ${orderNumber.length}`)
  }
  const items = facts.items.filter((item) => Number.isFinite(item.quantity) && item.quantity > 0)
  const shippedOn = dateInTimeZone(facts.shippedAt)

  const order: TrackingOrder = {
    OrderNumber: orderNumber,
    // A label's number the service cannot take (blank, or longer than its text limit) is passed over.
    Code: facts.trackingNumbers.map((code) => code.trim()).find((code) => code !== "" && code.length <= MAX_TEXT_LENGTH) ?? orderNumber,
    CustomerName: customerName(facts),
  }
  const omitted: OmittedField[] = []
  const put = <K extends OptionalField>(field: K, reading: Reading<NonNullable<TrackingOrder[K]>>): void => {
    if (reading === null) {
      return
    }
    if ("reason" in reading) {
      omitted.push({ field, reason: reading.reason })
    } else if (typeof reading.value === "string" && reading.value.length > MAX_TEXT_LENGTH) {
      omitted.push({ field, reason: `Texto longo demais: o serviço de rastreamento aceita até ${MAX_TEXT_LENGTH} caracteres` })
    } else {
      order[field] = reading.value
    }
  }

  const invoiceSources = [facts.fulfillmentMetadata, facts.orderMetadata]
  put("ReceiptNumber", firstReading(invoiceSources.map((metadata) => metadata?.[tracking.invoice_number_metadata_key]), (raw) => metadataText(raw, "Número da nota fiscal")))
  put("ReceiptSerie", firstReading(invoiceSources.map((metadata) => metadata?.[tracking.invoice_series_metadata_key]), (raw) => metadataText(raw, "Série da nota fiscal")))

  const service = cleanText(facts.method.service)
  const carrier = service === null ? undefined : tracking.carriers.find((entry) => entry.service === service)
  put("carrierId", known(carrier?.carrier_id))
  put("CarrierName", known(carrier?.carrier_name ?? cleanText(facts.method.carrier) ?? cleanText(facts.method.name)))
  put("DeliveryType", known(cleanText(facts.method.serviceName) ?? cleanText(facts.method.name)))
  put("Description", { value: describe(orderNumber, items) })

  put("DatePosted", { value: localDateTime(facts.shippedAt) })
  put("DateToDelivery", promisedDate(shippedOn, facts.method.days))

  put("CompanyDocumentNumber", companyDocument(tracking.company_document))
  put("CompanyPostalCode", firstReading([facts.originCep, settings.origin_cep], (raw) => readCep(raw, "CEP de origem")))

  put("CustomerEmail", firstReading([facts.orderEmail, customer?.email], readEmail))
  put("CustomerPhone", firstReading([address?.phone, customer?.phone], readPhone))
  put("CustomerDocumentNumber", firstReading([address?.metadata?.[tracking.cpf_metadata_key], customer?.metadata?.[tracking.cpf_metadata_key]], readCpf))
  put("CustomerDateOfBirth", firstReading([customer?.metadata?.date_of_birth, customer?.metadata?.data_nascimento], (raw) => readBirthDate(raw, shippedOn)))

  const cep = readCep(address?.postalCode, "CEP do cliente")
  put("CustomerPostalCode", cep)
  put("CustomerCountry", { value: cleanText(address?.countryCode)?.toUpperCase() ?? "BR" })
  put("CustomerState", known(customerState(cep, address?.province)))
  put("CustomerCity", known(cleanText(address?.city)))
  const street = streetAndNumber(address)
  put("CustomerStreet", known(street.street))
  put("CustomerNumber", street.number)
  put("CustomerComplement", known(cleanText(address?.address2)))

  // A shipment created with no_notification must not make the tracking service write either.
  put("SendSms", { value: tracking.send_sms && !facts.noNotification })
  put("SendEmail", { value: tracking.send_email && !facts.noNotification })
  put("AutomaticDateDelivered", { value: tracking.automatic_date_delivered })
  put("EntrySource", { value: tracking.entry_source })

  put("OrderSalesValue", readAmount(facts.orderTotal, "Valor do pedido"))
  put("FreightCost", readAmount(facts.method.amount, "Custo do frete"))
  put("FreightNumber", readFreightNumber(facts.fulfillmentMetadata?.freight_number))

  const parcel = parcelOf(items, settings.default_package)
  put("Weight", parcelMeasure(parcel.weightKg, "Peso"))
  put("Length", parcelMeasure(parcel.lengthCm, "Comprimento"))
  put("Width", parcelMeasure(parcel.widthCm, "Largura"))
  put("Height", parcelMeasure(parcel.heightCm, "Altura"))

  put("SalesChannel", known(cleanText(facts.salesChannelName)))

  const checked = trackingOrderSchema.safeParse(order)
  if (!checked.success) {
    const fields = [...new Set(checked.error.issues.map((issue) => issue.path.join(".") || "(order)"))]
    throw new Error(`buildTrackingOrder built an order the tracking schema refuses (a bug): ${fields.join(", ")}`)
  }
  return { order, omitted }
}

function known<T>(value: T | null | undefined): Reading<T> {
  return value === null || value === undefined ? null : { value }
}

/**
 * The first candidate that reads as a value, so that a usable fallback beats an unusable
 * preferred source; when none does, the reason of the first unusable one.
 */
function firstReading<T>(candidates: unknown[], read: (raw: unknown) => Reading<T>): Reading<T> {
  let firstProblem: Reading<T> = null
  for (const candidate of candidates) {
    const reading = read(candidate)
    if (reading !== null && "value" in reading) {
      return reading
    }
    firstProblem = firstProblem ?? reading
  }
  return firstProblem
}

function isAbsent(raw: unknown): boolean {
  return raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")
}

/** Trimmed text with single spaces; null for what is not text or is blank. */
function cleanText(raw: unknown): string | null {
  if (typeof raw !== "string") {
    return null
  }
  const text = raw.replace(/\s+/g, " ").trim()
  return text === "" ? null : text
}

/** At most `max` UTF-16 units, ending in "…" when cut, never splitting a character. */
function clip(text: string, max: number): string {
  if (text.length <= max) {
    return text
  }
  let kept = ""
  for (const char of text) {
    if (kept.length + char.length > max - 1) {
      break
    }
    kept += char
  }
  return `${kept}…`
}

/** Metadata set by hand or by an invoicing app: text, or a number that lost its quotes. */
function metadataText(raw: unknown, label: string): Reading<string> {
  if (isAbsent(raw)) {
    return null
  }
  if (typeof raw === "number" && Number.isFinite(raw)) {
    return { value: String(raw) }
  }
  const text = cleanText(raw)
  return text === null ? { reason: `${label} em formato não reconhecido: use texto ou número` } : { value: text }
}

function customerName(facts: ShipmentFacts): string {
  const name =
    fullName(facts.shippingAddress?.firstName, facts.shippingAddress?.lastName) ??
    fullName(facts.customer?.firstName, facts.customer?.lastName) ??
    emailLocalPart(facts.orderEmail) ??
    emailLocalPart(facts.customer?.email) ??
    FALLBACK_CUSTOMER_NAME
  // The one text field the service requires: shortened rather than left out.
  return clip(name, MAX_TEXT_LENGTH)
}

function fullName(first: string | null | undefined, last: string | null | undefined): string | null {
  return cleanText(`${first ?? ""} ${last ?? ""}`)
}

function emailLocalPart(email: string | null | undefined): string | null {
  const text = cleanText(email)
  const at = text?.indexOf("@") ?? -1
  return text !== null && at > 0 ? cleanText(text.slice(0, at)) : null
}

/** "Pedido 1001: 2× Camiseta, 1× Caneca". */
function describe(orderNumber: string, items: Item[]): string {
  const lines = items.map((item) => `${item.quantity}× ${cleanText(item.title) ?? "item"}`)
  const text = lines.length === 0 ? `Pedido ${orderNumber}` : `Pedido ${orderNumber}: ${lines.join(", ")}`
  return clip(text, MAX_DESCRIPTION_LENGTH)
}

function promisedDate(shippedOn: string, days: number | null | undefined): Reading<string> {
  if (days === null || days === undefined) {
    return null
  }
  if (!Number.isInteger(days) || days < 0) {
    return { reason: "Prazo de entrega inválido: use um número inteiro de dias úteis" }
  }
  if (days > MAX_BUSINESS_DAYS) {
    return { reason: `Prazo de entrega longo demais: ${days} dias úteis (no máximo ${MAX_BUSINESS_DAYS})` }
  }
  try {
    return { value: addBusinessDays(shippedOn, days) }
  } catch (error) {
    // The business-day calendar covers the years 1583 to 9999 (its holidays are Gregorian).
    if (error instanceof RangeError) {
      return { reason: `Data prometida fora do calendário de dias úteis (envio em ${shippedOn}, prazo de ${days} dias úteis)` }
    }
    throw error
  }
}

function companyDocument(cnpj: string | null): Reading<string> {
  if (cnpj === null) {
    return null
  }
  return isValidCnpj(cnpj) ? { value: cnpj } : { reason: "CNPJ da empresa inválido nas configurações: os dígitos verificadores não conferem" }
}

function readCep(raw: unknown, label: string): Reading<string> {
  if (isAbsent(raw)) {
    return null
  }
  const cep = tryNormalizeCep(raw)
  return cep === null ? { reason: `${label} inválido: use 8 dígitos, como 01310-100` } : { value: cep }
}

function readEmail(raw: unknown): Reading<string> {
  const email = cleanText(raw)
  if (email === null) {
    return null
  }
  return customerEmailSchema.safeParse(email).success ? { value: email } : { reason: "E-mail do cliente inválido" }
}

/**
 * A Brazilian phone as digits starting with the DDD: 10 digits (landline) or 11 (mobile, a 9
 * after the DDD). A leading country code 55 is dropped. Reasons show the last 4 digits at most.
 */
function readPhone(raw: unknown): Reading<string> {
  if (typeof raw !== "string" || isAbsent(raw)) {
    return null
  }
  let digits = raw.replace(/\D/g, "")
  if ((digits.length === 12 || digits.length === 13) && digits.startsWith("55")) {
    digits = digits.slice(2)
  }
  const ending = digits === "" ? "" : ` (final ${digits.slice(-4)})`
  if (digits.length === 8 || digits.length === 9) {
    return { reason: `Telefone sem DDD${ending}` }
  }
  if (digits.length !== 10 && digits.length !== 11) {
    return { reason: `Telefone inválido: ${digits.length} dígitos, use DDD e número${ending}` }
  }
  if (!/^[1-9]{2}/.test(digits)) {
    return { reason: `Telefone com DDD inválido${ending}` }
  }
  if (digits.length === 11 && digits[2] !== "9") {
    return { reason: `Celular inválido: com 11 dígitos, o número começa com 9 depois do DDD${ending}` }
  }
  return { value: digits }
}

/** Reasons never carry the full CPF, only its masked form. */
function readCpf(raw: unknown): Reading<string> {
  if (isAbsent(raw)) {
    return null
  }
  const digits = cpfDigits(raw)
  if (digits === null) {
    return { reason: "CPF em formato não reconhecido: use 11 dígitos, com ou sem pontuação" }
  }
  if (digits.length !== 11) {
    return { reason: `CPF com ${digits.length} dígitos; um CPF tem 11` }
  }
  return isValidCpf(digits) ? { value: digits } : { reason: `CPF inválido (${maskCpf(digits)}): os dígitos verificadores não conferem` }
}

/** "529.982.247-25" or 52998224725 -> "52998224725"; a number gets back the leading zeros it lost. */
function cpfDigits(raw: unknown): string | null {
  if (typeof raw === "number") {
    return Number.isSafeInteger(raw) && raw >= 0 ? String(raw).padStart(11, "0") : null
  }
  if (typeof raw === "string" && /^[\d.\-/\s]+$/.test(raw.trim())) {
    return raw.replace(/\D/g, "")
  }
  return null
}

/** A "YYYY-MM-DD" birth date before the shipping date (the function keeps no clock of its own). */
function readBirthDate(raw: unknown, shippedOn: string): Reading<string> {
  if (isAbsent(raw)) {
    return null
  }
  const date = typeof raw === "string" ? raw.trim() : ""
  if (!isCalendarDate(date)) {
    return { reason: "Data de nascimento em formato não reconhecido: use AAAA-MM-DD" }
  }
  if (date >= shippedOn) {
    return { reason: "Data de nascimento não está no passado" }
  }
  if (date < EARLIEST_BIRTH_DATE) {
    return { reason: "Data de nascimento anterior a 1900" }
  }
  return { value: date }
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return false
  }
  // Formatting back catches a day the month does not have ("2026-02-30").
  const utcMidday = new Date(`${text}T12:00:00Z`)
  return !Number.isNaN(utcMidday.getTime()) && utcMidday.toISOString().slice(0, 10) === text
}

function customerState(cep: Reading<string>, province: string | null | undefined): string | null {
  const fromCep = cep !== null && "value" in cep ? stateOfCep(cep.value) : null
  if (fromCep !== null) {
    return fromCep
  }
  const text = cleanText(province)
  // Medusa stores provinces as ISO 3166-2 codes ("br-rj") or as typed ("RJ", "Rio de Janeiro").
  const code = text?.match(/^(?:br-)?([a-z]{2})$/i)?.[1]?.toUpperCase()
  return BRAZILIAN_STATES.find((uf) => uf === code) ?? text
}

/** A number at the end of address1: ", 156", " 45", ", nº 45", " - 45", ", s/n". */
const TRAILING_HOUSE_NUMBER = /^(.+?)(,\s*|\s+-?\s*)(?:n[º°o.]\s*)?(\d+[a-z]?|s\/n[º°]?)$/i
/** A number after one of these words is a flat, block or kilometre, not the house number. */
const COMPLEMENT_WORD = /(?:^|\s)(?:apto?|apartamento|sala|sl|bloco|bl|casa|lote|lt|quadra|qd|loja|lj|andar|conjunto|cj|km)\.?$/i

/**
 * Medusa has no house-number field: a number the storefront kept in the address metadata
 * ("number" / "numero") wins, with address1 as the street; else a number at the end of address1
 * is split off. When neither gives one, the number is left out rather than guessed.
 */
function streetAndNumber(address: Address | null): { street: string | null; number: Reading<string> } {
  const address1 = cleanText(address?.address1)
  const fromMetadata = firstReading([address?.metadata?.number, address?.metadata?.numero], (raw) => metadataText(raw, "Número do endereço"))
  if (fromMetadata !== null && "value" in fromMetadata) {
    return { street: address1, number: fromMetadata }
  }
  const split = address1 === null ? null : splitHouseNumber(address1)
  return split ?? { street: address1, number: fromMetadata }
}

function splitHouseNumber(address1: string): { street: string; number: Reading<string> } | null {
  const match = address1.match(TRAILING_HOUSE_NUMBER)
  if (!match) {
    return null
  }
  const [, street, separator, number] = match
  // Without a comma, "Rua 25" is a street name, not "Rua" at number 25.
  if (COMPLEMENT_WORD.test(street) || (!separator.includes(",") && !street.includes(" "))) {
    return null
  }
  return { street, number: { value: number.toUpperCase().startsWith("S/N") ? "S/N" : number.toUpperCase() } }
}

function readAmount(amount: number | null | undefined, label: string): Reading<number> {
  if (amount === null || amount === undefined) {
    return null
  }
  if (!Number.isFinite(amount)) {
    return { reason: `${label} inválido` }
  }
  if (amount < 0) {
    return { reason: `${label} negativo` }
  }
  return { value: roundTo(amount, 2) }
}

/** The carrier's own order number: a whole number, or digits as text. */
function readFreightNumber(raw: unknown): Reading<number> {
  if (isAbsent(raw)) {
    return null
  }
  const text = typeof raw === "string" ? raw.trim() : null
  const number = typeof raw === "number" ? raw : text !== null && /^\d+$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(number) && number >= 0
    ? { value: number }
    : { reason: "Número do pedido na transportadora (freight_number) inválido: use um número inteiro" }
}

/** The package in the freight API's units: kilograms and centimetres. */
interface Parcel {
  weightKg: number
  lengthCm: number
  widthCm: number
  heightCm: number
}

/**
 * Items stacked in one box: as long and wide as the largest item, as high as all of them
 * together. An item without weight, or without any one of its dimensions, counts the default
 * package's weight or dimensions.
 */
function parcelOf(items: Item[], defaults: FreteSettings["default_package"]): Parcel {
  if (items.length === 0) {
    return { weightKg: defaults.weight_kg, lengthCm: defaults.length_cm, widthCm: defaults.width_cm, heightCm: defaults.height_cm }
  }
  const parcel: Parcel = { weightKg: 0, lengthCm: 0, widthCm: 0, heightCm: 0 }
  for (const item of items) {
    const size =
      isPositive(item.lengthCm) && isPositive(item.widthCm) && isPositive(item.heightCm)
        ? { length: item.lengthCm, width: item.widthCm, height: item.heightCm }
        : { length: defaults.length_cm, width: defaults.width_cm, height: defaults.height_cm }
    parcel.weightKg += (isPositive(item.weightKg) ? item.weightKg : defaults.weight_kg) * item.quantity
    parcel.lengthCm = Math.max(parcel.lengthCm, size.length)
    parcel.widthCm = Math.max(parcel.widthCm, size.width)
    parcel.heightCm += size.height * item.quantity
  }
  return {
    weightKg: roundTo(parcel.weightKg, 3),
    lengthCm: roundTo(parcel.lengthCm, 2),
    widthCm: roundTo(parcel.widthCm, 2),
    heightCm: roundTo(parcel.heightCm, 2),
  }
}

/** A measure of the whole parcel; items of absurd weight or size can add up beyond any number. */
function parcelMeasure(value: number, label: string): Reading<number> {
  return Number.isFinite(value) ? { value } : { reason: `${label} do pacote grande demais: confira o peso e as medidas dos itens` }
}

function isPositive(value: number | null): value is number {
  return value !== null && Number.isFinite(value) && value > 0
}

/** Half up; the relative nudge keeps 1.005 from rounding down through its binary form (1.00499…). */
function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  if (!Number.isFinite(value * factor * (1 + Number.EPSILON))) {
    // Past 1e305 the scaling overflows; a double that large has no decimals to round anyway.
    return value
  }
  return Math.round(value * factor * (1 + Number.EPSILON)) / factor
}
