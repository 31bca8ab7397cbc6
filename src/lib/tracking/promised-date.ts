import { addBusinessDays, MAX_BUSINESS_DAYS } from "../brazil/business-days"
import type { Reading } from "./reading"

/**
 * The date the delivery is promised for: `days` business days after `shippedOn` ("YYYY-MM-DD").
 * Null for an unknown deadline; a reason for one that is not a whole number of days from 0 to
 * MAX_BUSINESS_DAYS, or whose date falls outside the business-day calendar.
 */
export function promisedDate(shippedOn: string, days: number | null | undefined): Reading<string> {
  if (days === null || days === undefined) {
    return null
  }
  if (!Number.isInteger(days) || days < 0) {
    return { reason: "Prazo de entrega inválido: use um número inteiro de dias úteis" }
  }
  if (days > MAX_BUSINESS_DAYS) {
    return { reason: `Prazo de entrega longo demais: ${days} dias úteis (no máximo ${MAX_BUSINESS_DAYS})` }
  }
  try {
    return { value: addBusinessDays(shippedOn, days) }
  } catch (error) {
    // The business-day calendar covers the years 1583 to 9999 (its holidays are Gregorian).
    if (error instanceof RangeError) {
      return { reason: `Data prometida fora do calendário de dias úteis (envio em ${shippedOn}, prazo de ${days} dias úteis)` }
    }
    throw error
  }
}
