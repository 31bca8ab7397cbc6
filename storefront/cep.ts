/** The 8 digits of a CEP typed with or without its dash and spaces, or null. */
export function normalizeCep(input: string): string | null {
  const trimmed = String(input ?? "").trim()
  if (!/^\d{5}-?\d{3}$/.test(trimmed.replace(/\s/g, ""))) return null
  return trimmed.replace(/\D/g, "")
}

export function isValidCep(input: string): boolean {
  return normalizeCep(input) !== null
}

/** As the shopper types: digits only, at most 8, with the dash after the fifth ("01310-100"). */
export function maskCep(input: string): string {
  const digits = String(input ?? "").replace(/\D/g, "").slice(0, 8)
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits
}
