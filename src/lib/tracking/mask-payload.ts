import { maskCnpj, maskCpf } from "../brazil/cpf"
import { maskEmail, maskPhone } from "../security/mask-personal-text"
import { TRACKING_FIELD_SPECS, type TrackingMask } from "./fields"

// The only form a payload is kept in (LGPD). Every mask leaves its own output as it is, so a stored copy compares with
// a new one.
const MASKED = /^\*\*\*\.(?:\d{3}|\*{3})\.(?:\d{3}|\*{3})-\*\*$|^\*\*\.[0-9A-Z*]{3}\.[0-9A-Z*]{3}\/\*{4}-\*\*$/

/** "Maria da Silva" -> "M*** d*** S***": the words' lengths hidden too. */
export function maskWords(value: string): string {
  return value
    .trim()
    .split(/\s+/)
    .filter((word) => word !== "")
    .map((word) => `${Array.from(word)[0]}***`)
    .join(" ")
}

const MASKS: Record<TrackingMask, (value: string) => string> = {
  words: maskWords,
  taxId: (value) => (MASKED.test(value) ? value : value.length === 14 ? maskCnpj(value) : maskCpf(value)),
  phone: maskPhone,
  email: maskEmail,
  date: () => "****-**-**",
  hidden: () => "***",
}

const PERSONAL = Object.entries(TRACKING_FIELD_SPECS).flatMap(([field, spec]) =>
  spec.personal ? [{ field, mask: MASKS[spec.personal] }] : []
)

export const PERSONAL_FIELDS: readonly string[] = PERSONAL.map(({ field }) => field)

/** What the order says of the shopper (and where they live), for masking a message that may quote any of it. */
export const personalValues = (order: object): string[] =>
  [...PERSONAL_FIELDS, "CustomerPostalCode"]
    .map((field) => (order as Record<string, unknown>)[field])
    .filter((value): value is string => typeof value === "string")

export function maskTrackingPayload(payload: object): Record<string, unknown> {
  const masked: Record<string, unknown> = Object.fromEntries(Object.entries(payload))
  for (const { field, mask } of PERSONAL) {
    const value = masked[field]
    // Not a string where the order has text: not kept at all rather than kept in clear.
    if (typeof value === "string") masked[field] = mask(value)
    else if (value !== undefined && value !== null) masked[field] = "***"
  }
  return masked
}
