import { cepDigits } from "./cep-rule"

/**
 * "20040-002", " 20040002 ", "20.040-002" -> "20040002"; null for anything else. A number is a CEP
 * only as a whole, non-negative one: the sign of -20040002 and the point of 2004000.2 are no punctuation.
 */
export function tryNormalizeCep(input: unknown): string | null {
  if (typeof input === "number") return Number.isSafeInteger(input) && input >= 0 ? cepDigits(String(input)) : null
  return typeof input === "string" ? cepDigits(input) : null
}

/** "01310100" -> "01310-100". */
export const formatCep = (cep: string): string => `${cep.slice(0, 5)}-${cep.slice(5)}`
