import { isAbsent, type Reading } from "./reading"

/** The carrier's own order number (metadata `freight_number`): a whole number, or digits as text. */
export function readFreightNumber(raw: unknown): Reading<number> {
  if (isAbsent(raw)) {
    return null
  }
  const text = typeof raw === "string" ? raw.trim() : null
  const number = typeof raw === "number" ? raw : text !== null && /^\d+$/.test(text) ? Number(text) : NaN
  return Number.isSafeInteger(number) && number >= 0
    ? { value: number }
    : { reason: "Número do pedido na transportadora (freight_number) inválido: use um número inteiro" }
}
