import { cepDigits } from "./cep-rule"

/** A Brazilian postal code (CEP) that is not 8 digits once its punctuation is removed. */
export class InvalidCepError extends Error {
  constructor(readonly input: string) {
    super(`Invalid CEP: expected 8 digits, got ${JSON.stringify(input.slice(0, 20))}`)
    this.name = "InvalidCepError"
  }
}

/**
 * "20040-002", " 20040002 ", "20.040-002" -> "20040002", by the rule the storefront kit shares
 * (cep-rule.ts). Letters, a wrong number of digits or nothing at all throw InvalidCepError. A
 * number is a CEP only as a whole, non-negative number: the sign of -20040002 and the point of
 * 2004000.2 are not punctuation.
 */
export function normalizeCep(input: unknown): string {
  const text = typeof input === "number" ? String(input) : typeof input === "string" ? input : ""
  const digits = typeof input === "number" && !(Number.isSafeInteger(input) && input >= 0) ? null : cepDigits(text)
  if (digits === null) {
    throw new InvalidCepError(text)
  }
  return digits
}

/** normalizeCep without the throw: null when the input is not a CEP. */
export function tryNormalizeCep(input: unknown): string | null {
  try {
    return normalizeCep(input)
  } catch {
    return null
  }
}

/** "01310100" -> "01310-100", the way Brazilians write a CEP. */
export function formatCep(cep: string): string {
  return `${cep.slice(0, 5)}-${cep.slice(5)}`
}
