import { cepDigits } from "./cep-rule"

/** "20040-002", " 20040002 ", "20.040-002" -> "20040002"; a number only as a whole, non-negative one. */
export function tryNormalizeCep(input: unknown): string | null {
  if (typeof input === "number") return Number.isSafeInteger(input) && input >= 0 ? cepDigits(String(input)) : null
  return typeof input === "string" ? cepDigits(input) : null
}

export const formatCep = (cep: string): string => `${cep.slice(0, 5)}-${cep.slice(5)}`
