import { localDateTime } from "./local-date-time"

const MS_PER_DAY = 86_400_000
// New Year, Tiradentes, Labour Day, Independence, Aparecida, All Souls, Republic, Christmas.
const FIXED_HOLIDAYS = ["01-01", "04-21", "05-01", "09-07", "10-12", "11-02", "11-15", "12-25"]
// Carnival (Mon, Tue) and Corpus Christi are not legal holidays, but carriers do not deliver on them; then Good Friday.
const DAYS_FROM_EASTER = [-48, -47, -2, 60]

const isoDate = (utcMs: number): string => new Date(utcMs).toISOString().slice(0, 10)

/** Gregorian Easter Sunday (Oudin's algorithm), for 1583..9999. */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < 1583 || year > 9999)
    throw new RangeError(`Expected a year from 1583 to 9999, got ${year}`)
  const golden = year % 19
  const century = Math.floor(year / 100)
  const h = (century - Math.floor(century / 4) - Math.floor((8 * century + 13) / 25) + 19 * golden + 15) % 30
  const i = h - Math.floor(h / 28) * (1 - Math.floor(29 / (h + 1)) * Math.floor((21 - golden) / 11))
  const l = i - ((year + Math.floor(year / 4) + i + 2 - century + Math.floor(century / 4)) % 7)
  const month = 3 + Math.floor((l + 40) / 44)
  return isoDate(Date.UTC(year, month - 1, l + 28 - 31 * Math.floor(month / 4), 12))
}

// At most one entry per year Easter is computed for (1583..9999).
const holidaysByYear = new Map<number, ReadonlySet<string>>()

// State and municipal holidays are not included.
export function brazilianNationalHolidays(year: number): ReadonlySet<string> {
  let holidays = holidaysByYear.get(year)
  if (!holidays) {
    const easterMs = Date.parse(`${easterSunday(year)}T12:00:00Z`)
    // Black Consciousness Day (November 20) is national from 2024 (Lei 14.759/2023).
    const fixed = year >= 2024 ? [...FIXED_HOLIDAYS, "11-20"] : FIXED_HOLIDAYS
    holidays = new Set([
      ...fixed.map((monthDay) => `${year}-${monthDay}`),
      ...DAYS_FROM_EASTER.map((days) => isoDate(easterMs + days * MS_PER_DAY)),
    ])
    holidaysByYear.set(year, holidays)
  }
  return holidays
}

/** Midday UTC of a "YYYY-MM-DD", which no DST or offset moves to another day. */
function parseIsoDate(date: string): number {
  const utcMidday = Date.parse(`${date}T12:00:00Z`)
  // Formatting back refuses a day the month lacks ("2026-02-30"), whether the engine rejects or rolls it.
  if (/^\d{4}-\d{2}-\d{2}$/.test(date) && !Number.isNaN(utcMidday) && isoDate(utcMidday) === date) return utcMidday
  throw new RangeError(`Expected a calendar date as YYYY-MM-DD, got ${JSON.stringify(date.slice(0, 20))}`)
}

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(parseIsoDate(date)).getUTCDay()
  return weekday !== 6 && weekday !== 0 && !brazilianNationalHolidays(Number(date.slice(0, 4))).has(date)
}

/** About four years: counting a million days one by one would hold the event loop for seconds. */
export const MAX_BUSINESS_DAYS = 1000

// `start` is never counted (Friday + 1 and Saturday + 1 are both Monday); with 0, `start` or the next business day.
export function addBusinessDays(start: string, days: number): string {
  if (!Number.isInteger(days) || days < 0 || days > MAX_BUSINESS_DAYS)
    throw new RangeError(`Expected a whole number of business days from 0 to ${MAX_BUSINESS_DAYS}, got ${days}`)
  let current = start
  for (let remaining = days; remaining > 0 || !isBusinessDay(current);) {
    current = isoDate(parseIsoDate(current) + MS_PER_DAY)
    if (isBusinessDay(current)) remaining -= 1
  }
  return current
}

export const dateInTimeZone = (instant: Date): string => localDateTime(instant).slice(0, 10)

export const deliveryEstimate = (days: number | null, now = new Date()): string | null =>
  days === null ? null : addBusinessDays(dateInTimeZone(now), days)
