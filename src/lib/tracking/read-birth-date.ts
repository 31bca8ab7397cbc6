import { isAbsent, type Reading } from "./reading"

/** Older dates are typing mistakes rather than birth dates. */
const EARLIEST_BIRTH_DATE = "1900-01-01"

/**
 * A "YYYY-MM-DD" birth date from 1900 on and before `shippedOn` (a "YYYY-MM-DD" date: the
 * function keeps no clock of its own). Surrounding spaces are ignored; any other form is refused.
 */
export function readBirthDate(raw: unknown, shippedOn: string): Reading<string> {
  if (isAbsent(raw)) {
    return null
  }
  const date = typeof raw === "string" ? raw.trim() : ""
  if (!isCalendarDate(date)) {
    return { reason: "Data de nascimento em formato não reconhecido: use AAAA-MM-DD" }
  }
  if (date >= shippedOn) {
    return { reason: "Data de nascimento não está no passado" }
  }
  if (date < EARLIEST_BIRTH_DATE) {
    return { reason: "Data de nascimento anterior a 1900" }
  }
  return { value: date }
}

function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) {
    return false
  }
  // Formatting back catches a day the month does not have ("2026-02-30").
  const utcMidday = new Date(`${text}T12:00:00Z`)
  return !Number.isNaN(utcMidday.getTime()) && utcMidday.toISOString().slice(0, 10) === text
}
