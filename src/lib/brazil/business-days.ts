import { brazilianNationalHolidays } from "./brazilian-holidays"
import { localDateTime } from "./local-date-time"

const MS_PER_DAY = 86_400_000
const SUNDAY = 0
const SATURDAY = 6
const DEFAULT_TIME_ZONE = "America/Sao_Paulo"

/** False on Saturdays, Sundays and the national days without deliveries ("YYYY-MM-DD"). */
export function isBusinessDay(date: string): boolean {
  const utcMidday = parseIsoDate(date)
  const weekday = new Date(utcMidday).getUTCDay()
  return weekday !== SATURDAY && weekday !== SUNDAY && !brazilianNationalHolidays(yearOf(date)).has(date)
}

/**
 * The most business days a deadline may count (about four years): beyond it a deadline is a
 * mistake, and counting it day by day would hold the event loop for seconds (a million days:
 * 15 s) before running past year 9999.
 */
export const MAX_BUSINESS_DAYS = 1000

/**
 * The date `days` business days after `start` ("YYYY-MM-DD"); `start` itself is never counted,
 * so Friday + 1 and Saturday + 1 are both Monday. With 0 days, `start` when it is a business day,
 * else the next one. Negative or fractional `days`, or more than MAX_BUSINESS_DAYS, throw a RangeError.
 */
export function addBusinessDays(start: string, days: number): string {
  if (!Number.isInteger(days) || days < 0 || days > MAX_BUSINESS_DAYS) {
    throw new RangeError(`Expected a whole number of business days from 0 to ${MAX_BUSINESS_DAYS}, got ${days}`)
  }
  let current = start
  if (days === 0) {
    while (!isBusinessDay(current)) {
      current = nextDate(current)
    }
    return current
  }
  let remaining = days
  while (remaining > 0) {
    current = nextDate(current)
    if (isBusinessDay(current)) {
      remaining -= 1
    }
  }
  return current
}

/** The calendar date ("YYYY-MM-DD") on a wall calendar in `timeZone` at `instant`. */
export function dateInTimeZone(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): string {
  return localDateTime(instant, timeZone).slice(0, 10)
}

/**
 * The day a parcel posted today should arrive, for a carrier deadline of `days` business days;
 * null when the carrier gave no deadline. "Today" is the shopper's date in `timeZone`, not the
 * server's.
 */
export function deliveryEstimate(
  days: number | null,
  now: Date = new Date(),
  timeZone: string = DEFAULT_TIME_ZONE
): string | null {
  if (days === null) {
    return null
  }
  return addBusinessDays(dateInTimeZone(now, timeZone), days)
}

/**
 * Epoch milliseconds of `date` at 12:00 UTC: midday arithmetic in UTC has no DST gap or local
 * offset that could move it to another calendar day.
 */
function parseIsoDate(date: string): number {
  const utcMidday = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T12:00:00Z`) : NaN
  // Formatting back catches a day the month does not have ("2026-02-30"), whether the engine
  // rejects it or rolls it over into the next month.
  if (Number.isNaN(utcMidday) || formatIsoDate(utcMidday) !== date) {
    throw new RangeError(`Expected a calendar date as YYYY-MM-DD, got ${JSON.stringify(date.slice(0, 20))}`)
  }
  return utcMidday
}

function formatIsoDate(utcMs: number): string {
  const date = new Date(utcMs)
  const month = String(date.getUTCMonth() + 1).padStart(2, "0")
  const day = String(date.getUTCDate()).padStart(2, "0")
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${month}-${day}`
}

function nextDate(date: string): string {
  return formatIsoDate(parseIsoDate(date) + MS_PER_DAY)
}

function yearOf(date: string): number {
  return Number(date.slice(0, 4))
}
