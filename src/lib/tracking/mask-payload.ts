import { maskCpf } from "../brazil/cpf"
import { maskEmail, maskPhone } from "../security/mask-contact"
import { TRACKING_FIELD_SPECS, type TrackingMask } from "./fields"

/**
 * The shopper's personal data in a tracking order, masked: enough for a merchant to recognise the
 * shopper, too little to be the data. This is the only form a payload is kept in (LGPD: the clear
 * order is built when it is sent and lives in memory for that call). Every mask gives a value it
 * leaves as it is, so masking twice changes nothing and a stored copy compares with a new one.
 */

const MASKED_CPF = /^\*\*\*\.(?:\d{3}|\*{3})\.(?:\d{3}|\*{3})-\*\*$/

/** "52998224725" -> "***.982.247-**" (see maskCpf); a masked value as it is. */
export function maskDocument(value: string): string {
  return MASKED_CPF.test(value) ? value : maskCpf(value)
}

/** "Maria da Silva" -> "M*** d*** S***": each word's first letter, its length hidden too. */
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
  cpf: maskDocument,
  phone: maskPhone,
  email: maskEmail,
  // Nothing of the value is kept.
  date: () => "****-**-**",
  hidden: () => "***",
}

const PERSONAL = Object.entries(TRACKING_FIELD_SPECS).flatMap(([field, spec]) => (spec.personal ? [{ field, mask: MASKS[spec.personal] }] : []))

/** The fields of a tracking order that are the shopper's personal data, kept only masked. */
export const PERSONAL_FIELDS: readonly string[] = PERSONAL.map(({ field }) => field)

/** A copy of a tracking order's body with every personal field masked (the rest as it is). */
export function maskTrackingPayload(payload: object): Record<string, unknown> {
  const masked: Record<string, unknown> = Object.fromEntries(Object.entries(payload))
  for (const { field, mask } of PERSONAL) {
    const value = masked[field]
    if (typeof value === "string") {
      masked[field] = mask(value)
    } else if (value !== undefined && value !== null) {
      // Not a string where the order has text: not kept at all rather than kept in clear.
      masked[field] = "***"
    }
  }
  return masked
}
