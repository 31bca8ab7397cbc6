/**
 * The field table of the tracking order, with the JSON types the sandbox accepts for each and the
 * formats it enforces where the field notes say what the content is (CNPJ, CPF, CEP, phone with
 * area code, e-mail): derived from the plugin's one table of the fields (src/lib/tracking/fields.ts).
 */
import { TRACKING_FIELD_SPECS, type TrackingFormat, type TrackingWireType } from "../src/lib/tracking/fields"

export type TrackingFieldType = TrackingWireType

export interface TrackingField {
  type: TrackingFieldType
  /** The document does not say which fields are required; the sandbox's choice is the table's three. */
  required?: boolean
  format?: { pattern: RegExp; description: string }
}

const digits = (count: string, description: string) => ({ pattern: new RegExp(`^\\d{${count}}$`), description })

const FORMATS: Readonly<Record<TrackingFormat, TrackingField["format"]>> = {
  cnpj: { pattern: /^[0-9A-Z]{12}\d{2}$/, description: "um CNPJ de 14 caracteres" },
  taxId: { pattern: /^\d{11}$|^[0-9A-Z]{12}\d{2}$/, description: "um CPF de 11 dígitos ou um CNPJ de 14 caracteres" },
  cep: digits("8", "um CEP de 8 dígitos"),
  phone: digits("10,11", "um telefone de 10 ou 11 dígitos com DDD"),
  email: { pattern: /^[^\s@]+@[^\s@]+\.[^\s@]+$/, description: "um endereço de e-mail válido" },
}

/** In the table's order, which is also the order in which errors are reported. */
export const TRACKING_FIELDS: Readonly<Record<string, TrackingField>> = Object.fromEntries(
  Object.entries(TRACKING_FIELD_SPECS).map(([name, spec]) => [
    name,
    { type: spec.type, required: spec.required, format: spec.format && FORMATS[spec.format] },
  ])
)

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
