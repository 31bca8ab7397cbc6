import { LRUCache } from "lru-cache"
import { localDateTime } from "./local-date-time"

const MS_PER_DAY = 86_400_000

const FIXED_HOLIDAYS: ReadonlyArray<{ month: number; day: number; since?: number }> = [
  { month: 1, day: 1 }, // Confraternização Universal
  { month: 4, day: 21 }, // Tiradentes
  { month: 5, day: 1 }, // Dia do Trabalho
  { month: 9, day: 7 }, // Independência
  { month: 10, day: 12 }, // Nossa Senhora Aparecida
  { month: 11, day: 2 }, // Finados
  { month: 11, day: 15 }, // Proclamação da República
  { month: 11, day: 20, since: 2024 }, // Consciência Negra, national by Lei 14.759/2023
  { month: 12, day: 25 }, // Natal
]
// Carnival (Mon, Tue) and Corpus Christi are not legal holidays, but carriers do not deliver on them; then Good Friday.
const DAYS_FROM_EASTER = [-48, -47, -2, 60]

const isoDate = (utcMs: number): string => new Date(utcMs).toISOString().slice(0, 10)

/** Gregorian Easter Sunday (Meeus/Jones/Butcher), for 1583..9999. */
export function easterSunday(year: number): string {
  if (!Number.isInteger(year) || year < 1583 || year > 9999)
    throw new RangeError(`Expected a year from 1583 to 9999, got ${year}`)
  const a = year % 19
  const b = Math.floor(year / 100)
  const c = year % 100
  const d = Math.floor(b / 4)
  const e = b % 4
  const f = Math.floor((b + 8) / 25)
  const g = Math.floor((b - f + 1) / 3)
  const h = (19 * a + b - d - g + 15) % 30
  const i = Math.floor(c / 4)
  const k = c % 4
  const l = (32 + 2 * e + 2 * i - h - k) % 7
  const m = Math.floor((a + 11 * h + 22 * l) / 451)
  const month = Math.floor((h + l - 7 * m + 114) / 31)
  const day = ((h + l - 7 * m + 114) % 31) + 1
  return isoDate(Date.UTC(year, month - 1, day, 12))
}

const holidaysByYear = new LRUCache<number, ReadonlySet<string>>({
  max: 50,
  memoMethod: (year) => {
    const easterMs = Date.parse(`${easterSunday(year)}T12:00:00Z`)
    return new Set([
      ...FIXED_HOLIDAYS.filter((holiday) => year >= (holiday.since ?? 0)).map((holiday) =>
        isoDate(Date.UTC(year, holiday.month - 1, holiday.day, 12))
      ),
      ...DAYS_FROM_EASTER.map((days) => isoDate(easterMs + days * MS_PER_DAY)),
    ])
  },
})

// State and municipal holidays are not included.
export const brazilianNationalHolidays = (year: number): ReadonlySet<string> => holidaysByYear.memo(year)

/** Midday UTC of a "YYYY-MM-DD", which no DST or offset moves to another day. */
function parseIsoDate(date: string): number {
  const utcMidday = /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T12:00:00Z`) : NaN
  // Formatting back catches a day the month lacks ("2026-02-30"), whether the engine rejects or rolls it.
  if (Number.isNaN(utcMidday) || isoDate(utcMidday) !== date) {
    throw new RangeError(`Expected a calendar date as YYYY-MM-DD, got ${JSON.stringify(date.slice(0, 20))}`)
  }
  return utcMidday
}

export function isBusinessDay(date: string): boolean {
  const weekday = new Date(parseIsoDate(date)).getUTCDay()
  return weekday !== 6 && weekday !== 0 && !brazilianNationalHolidays(Number(date.slice(0, 4))).has(date)
}

/** About four years: counting a million days one by one would hold the event loop for seconds. */
export const MAX_BUSINESS_DAYS = 1000

/**
 * `days` business days after `start`, which is never counted (Friday + 1 and Saturday + 1 are both Monday); with 0,
 * `start` or the next business day.
 */
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

export const dateInTimeZone = (instant: Date, timeZone?: string): string =>
  localDateTime(instant, timeZone).slice(0, 10)

export const deliveryEstimate = (days: number | null, now: Date = new Date(), timeZone?: string): string | null =>
  days === null ? null : addBusinessDays(dateInTimeZone(now, timeZone), days)
