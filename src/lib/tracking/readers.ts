import { addBusinessDays, MAX_BUSINESS_DAYS } from "../brazil/business-days"
import { cnpjCharacters, isValidCnpj, isValidCpf, maskCnpj, maskCpf } from "../brazil/cpf"
import type { FreteSettings } from "../settings/schema"
import type { ShipmentFacts } from "./shipment-facts"

/** `reason`: a value is there but unusable; null: nothing is known. */
export type Reading<T> = { value: T } | { reason: string } | null

export const known = <T>(value: T | null | undefined): Reading<T> =>
  value === null || value === undefined ? null : { value }

/** The first candidate read as a value (a usable fallback beats an unusable preferred one); else the first reason. */
export function firstReading<T>(candidates: unknown[], read: (raw: unknown) => Reading<T>): Reading<T> {
  const readings = candidates.map(read)
  return (
    readings.find((reading) => reading !== null && "value" in reading) ??
    readings.find((reading) => reading !== null) ??
    null
  )
}

export const isAbsent = (raw: unknown): boolean =>
  raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")

export const cleanText = (raw: unknown): string | null =>
  (typeof raw === "string" && raw.replace(/\s+/g, " ").trim()) || null

export function metadataText(raw: unknown, label: string): Reading<string> {
  if (isAbsent(raw)) return null
  if (typeof raw === "number" && Number.isFinite(raw)) return { value: String(raw) }
  const text = cleanText(raw)
  return text === null ? { reason: `${label} em formato não reconhecido: use texto ou número` } : { value: text }
}

/** Half up: the nudge keeps 1.005 (1.00499… in binary) from rounding down. */
export function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals
  const scaled = value * factor * (1 + Number.EPSILON)
  return Number.isFinite(scaled) ? Math.round(scaled) / factor : value
}

export function readAmount(amount: number | null | undefined, label: string): Reading<number> {
  if (amount === null || amount === undefined) return null
  if (!Number.isFinite(amount)) return { reason: `${label} inválido` }
  return amount < 0 ? { reason: `${label} negativo` } : { value: roundTo(amount, 2) }
}

/** A "YYYY-MM-DD" birth date from 1900 on (older ones are typing mistakes) and before `shippedOn`. */
export function readBirthDate(raw: unknown, shippedOn: string): Reading<string> {
  if (isAbsent(raw)) return null
  const date = typeof raw === "string" ? raw.trim() : ""
  // Formatting back catches a day the month does not have ("2026-02-30").
  const midday = new Date(`${date}T12:00:00Z`)
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(date) ||
    Number.isNaN(midday.getTime()) ||
    midday.toISOString().slice(0, 10) !== date
  ) {
    return { reason: "Data de nascimento em formato não reconhecido: use AAAA-MM-DD" }
  }
  if (date >= shippedOn) return { reason: "Data de nascimento não está no passado" }
  return date < "1900-01-01" ? { reason: "Data de nascimento anterior a 1900" } : { value: date }
}

/** A CNPJ as written: numeric or alphanumeric (IN RFB 2.229/2024), with or without its punctuation. */
const WRITTEN_CNPJ = /^[0-9A-Za-z]{2}\.?[0-9A-Za-z]{3}\.?[0-9A-Za-z]{3}\/?[0-9A-Za-z]{4}-?\d{2}$/

/** The buyer's CPF, or a company's CNPJ. Reasons show it masked only; a number gets back the leading zeros it lost. */
export function readTaxId(raw: unknown): Reading<string> {
  if (isAbsent(raw)) return null
  if (typeof raw === "string" && WRITTEN_CNPJ.test(raw.trim())) {
    const cnpj = cnpjCharacters(raw)
    return isValidCnpj(cnpj)
      ? { value: cnpj }
      : { reason: `CNPJ inválido (${maskCnpj(cnpj)}): os dígitos verificadores não conferem` }
  }
  const digits =
    typeof raw === "number"
      ? Number.isSafeInteger(raw) && raw >= 0
        ? String(raw).padStart(String(raw).length > 11 ? 14 : 11, "0")
        : null
      : typeof raw === "string" && /^[\d.\-/\s]+$/.test(raw.trim())
        ? raw.replace(/\D/g, "")
        : null
  if (digits === null)
    return {
      reason: "CPF em formato não reconhecido: use 11 dígitos, com ou sem pontuação (ou os 14 caracteres de um CNPJ)",
    }
  if (digits.length === 14) return readTaxId(digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})/, "$1.$2.$3/$4-"))
  if (digits.length !== 11) return { reason: `CPF com ${digits.length} dígitos; um CPF tem 11` }
  return isValidCpf(digits)
    ? { value: digits }
    : { reason: `CPF inválido (${maskCpf(digits)}): os dígitos verificadores não conferem` }
}

export function readFreightNumber(raw: unknown): Reading<number> {
  if (isAbsent(raw)) return null
  const text = typeof raw === "string" ? raw.trim() : null
  const number = typeof raw === "number" ? raw : text !== null && /^\d+$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(number) && number >= 0
    ? { value: number }
    : { reason: "Número do pedido na transportadora (freight_number) inválido: use um número inteiro" }
}

/** Digits from the DDD (10, or 11 with a 9 after it), a leading 55 dropped. Reasons show 4 digits at most. */
export function readPhone(raw: unknown): Reading<string> {
  if (typeof raw !== "string" || isAbsent(raw)) return null
  const digits = raw.replace(/\D/g, "").replace(/^55(?=\d{10,11}$)/, "")
  const ending = digits === "" ? "" : ` (final ${digits.slice(-4)})`
  if (digits.length === 8 || digits.length === 9) return { reason: `Telefone sem DDD${ending}` }
  if (digits.length !== 10 && digits.length !== 11)
    return { reason: `Telefone inválido: ${digits.length} dígitos, use DDD e número${ending}` }
  if (!/^[1-9]{2}/.test(digits)) return { reason: `Telefone com DDD inválido${ending}` }
  if (digits.length === 11 && digits[2] !== "9")
    return { reason: `Celular inválido: com 11 dígitos, o número começa com 9 depois do DDD${ending}` }
  return { value: digits }
}

export function promisedDate(shippedOn: string, days: number | null | undefined): Reading<string> {
  if (days === null || days === undefined) return null
  if (!Number.isInteger(days) || days < 0)
    return { reason: "Prazo de entrega inválido: use um número inteiro de dias úteis" }
  if (days > MAX_BUSINESS_DAYS)
    return { reason: `Prazo de entrega longo demais: ${days} dias úteis (no máximo ${MAX_BUSINESS_DAYS})` }
  try {
    return { value: addBusinessDays(shippedOn, days) }
  } catch (error) {
    // The business-day calendar covers the years 1583 to 9999.
    if (error instanceof RangeError)
      return {
        reason: `Data prometida fora do calendário de dias úteis (envio em ${shippedOn}, prazo de ${days} dias úteis)`,
      }
    throw error
  }
}

type Parcel = { weightKg: number; lengthCm: number; widthCm: number; heightCm: number }

const isPositive = (value: number | null): value is number => value !== null && Number.isFinite(value) && value > 0

/** Items stacked in one box; an item without weight, or without any one dimension, counts the default package's. */
export function parcelOf(items: ShipmentFacts["items"], defaults: FreteSettings["default_package"]): Parcel {
  if (items.length === 0)
    return {
      weightKg: defaults.weight_kg,
      lengthCm: defaults.length_cm,
      widthCm: defaults.width_cm,
      heightCm: defaults.height_cm,
    }
  const parcel: Parcel = { weightKg: 0, lengthCm: 0, widthCm: 0, heightCm: 0 }
  for (const item of items) {
    const sized = isPositive(item.lengthCm) && isPositive(item.widthCm) && isPositive(item.heightCm)
    const [length, width, height] = sized
      ? ([item.lengthCm, item.widthCm, item.heightCm] as number[])
      : [defaults.length_cm, defaults.width_cm, defaults.height_cm]
    parcel.weightKg += (isPositive(item.weightKg) ? item.weightKg : defaults.weight_kg) * item.quantity
    parcel.lengthCm = Math.max(parcel.lengthCm, length)
    parcel.widthCm = Math.max(parcel.widthCm, width)
    parcel.heightCm += height * item.quantity
  }
  return {
    weightKg: roundTo(parcel.weightKg, 3),
    lengthCm: roundTo(parcel.lengthCm, 2),
    widthCm: roundTo(parcel.widthCm, 2),
    heightCm: roundTo(parcel.heightCm, 2),
  }
}

export function parcelMeasure(value: number, label: string): Reading<number> {
  return Number.isFinite(value)
    ? { value }
    : { reason: `${label} do pacote grande demais: confira o peso e as medidas dos itens` }
}

/** A number at the end of address1: ", 156", " 45", ", nº 45", " - 45", ", s/n". */
const TRAILING_HOUSE_NUMBER = /^(.+?)(,\s*|\s+-?\s*)(?:n[º°o.]\s*)?(\d+[a-z]?|s\/n[º°]?)$/i
/** A number after one of these words is a flat, block or kilometre, not the house number. */
const COMPLEMENT_WORD =
  /(?:^|\s)(?:apto?|apartamento|sala|sl|bloco|bl|casa|lote|lt|quadra|qd|loja|lj|andar|conjunto|cj|km)\.?$/i

/** Medusa has no house-number field: the address metadata's ("number" / "numero"), else one ending address1. */
export function streetAndNumber(
  address: Pick<NonNullable<ShipmentFacts["shippingAddress"]>, "address1" | "metadata"> | null | undefined
): { street: string | null; number: Reading<string> } {
  const address1 = cleanText(address?.address1)
  const fromMetadata = firstReading([address?.metadata?.number, address?.metadata?.numero], (raw) =>
    metadataText(raw, "Número do endereço")
  )
  if ((fromMetadata !== null && "value" in fromMetadata) || address1 === null)
    return { street: address1, number: fromMetadata }
  const [, street, separator, number] = address1.match(TRAILING_HOUSE_NUMBER) ?? []
  // Without a comma, "Rua 25" is a street name, not "Rua" at number 25.
  if (street === undefined || COMPLEMENT_WORD.test(street) || (!separator.includes(",") && !street.includes(" ")))
    return { street: address1, number: fromMetadata }
  return { street, number: { value: number.toUpperCase().startsWith("S/N") ? "S/N" : number.toUpperCase() } }
}
