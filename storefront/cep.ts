import { cepDigits } from "../src/lib/brazil/cep-rule"

/**
 * The 8 digits of a typed CEP, or null: the server's own rule (src/lib/brazil/cep-rule.ts), so the
 * kit accepts what the store's routes accept ("20040-002", "20040002", "20.040-002", with spaces).
 */
export function normalizeCep(input: string): string | null {
  return cepDigits(input)
}

export function isValidCep(input: string): boolean {
  return normalizeCep(input) !== null
}

/** As the shopper types: digits only, at most 8, with the dash after the fifth ("01310-100"). */
export function maskCep(input: string): string {
  const digits = String(input ?? "")
    .replace(/\D/g, "")
    .slice(0, 8)
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits
}
