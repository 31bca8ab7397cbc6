import { maskCpf } from "./cpf"

/**
 * The shopper's personal data in a tracking order, masked the way the admin shows it: enough for
 * a merchant to recognise the shopper, too little to be the data. A value already masked (it has
 * a `*`) is kept as it is, so masking twice changes nothing.
 */

const isMasked = (value: string) => value.includes("*")

/** "21987654321" -> "(21) *****-4321"; anything that is not a Brazilian number, entirely masked. */
export function maskPhone(value: string): string {
  if (isMasked(value)) {
    return value
  }
  const digits = value.replace(/\D/g, "")
  if (!/^\d{10,11}$/.test(digits)) {
    return "(**) *****-****"
  }
  return `(${digits.slice(0, 2)}) ${"*".repeat(digits.length - 6)}-${digits.slice(-4)}`
}

/** "maria@example.com.br" -> "m***@example.com.br"; no "@", entirely masked. */
export function maskEmail(value: string): string {
  if (isMasked(value)) {
    return value
  }
  const at = value.lastIndexOf("@")
  if (at < 1) {
    return "***"
  }
  return `${value[0]}***${value.slice(at)}`
}

/** "52998224725" -> "***.982.247-**" (see maskCpf); a masked value as it is. */
export function maskDocument(value: string): string {
  return isMasked(value) ? value : maskCpf(value)
}

const MASKS: Record<string, (value: string) => string> = {
  CustomerDocumentNumber: maskDocument,
  CustomerPhone: maskPhone,
  CustomerEmail: maskEmail,
}

/** A copy of a tracking order's body with the CPF, phone and e-mail masked. */
export function maskTrackingPayload(payload: object): Record<string, unknown> {
  const masked: Record<string, unknown> = Object.fromEntries(Object.entries(payload))
  for (const [field, mask] of Object.entries(MASKS)) {
    const value = masked[field]
    if (typeof value === "string") {
      masked[field] = mask(value)
    }
  }
  return masked
}
