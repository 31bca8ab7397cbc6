const MS_PER_DAY = 86_400_000

/** Years a "YYYY-MM-DD" string can hold that also use the Gregorian Easter rule (adopted 1582). */
const FIRST_GREGORIAN_YEAR = 1583
const LAST_FOUR_DIGIT_YEAR = 9999

/** Enough for every date a delivery estimate touches, small enough not to grow without bound. */
const MAX_CACHED_YEARS = 50

interface FixedHoliday {
  readonly month: number
  readonly day: number
  /** The holiday, for whoever reads this table. */
  readonly name: string
  /** First year the date is a national holiday, when it was added by a later law. */
  readonly since?: number
}

interface EasterRelativeHoliday {
  readonly daysFromEaster: number
  /** The holiday, for whoever reads this table. */
  readonly name: string
}

const FIXED_HOLIDAYS: readonly FixedHoliday[] = [
  { month: 1, day: 1, name: "Confraternização Universal" },
  { month: 4, day: 21, name: "Tiradentes" },
  { month: 5, day: 1, name: "Dia do Trabalho" },
  { month: 9, day: 7, name: "Independência do Brasil" },
  { month: 10, day: 12, name: "Nossa Senhora Aparecida" },
  { month: 11, day: 2, name: "Finados" },
  { month: 11, day: 15, name: "Proclamação da República" },
  // Lei 14.759/2023 made it national from 2024; before that only some states and cities kept it.
  { month: 11, day: 20, name: "Dia Nacional de Zumbi e da Consciência Negra", since: 2024 },
  { month: 12, day: 25, name: "Natal" },
]

const EASTER_RELATIVE_HOLIDAYS: readonly EasterRelativeHoliday[] = [
  // Carnival and Corpus Christi are "pontos facultativos", not legal holidays, but Correios and
  // the carriers do not deliver on them, so a delivery estimate must not count them.
  { daysFromEaster: -48, name: "Carnaval (segunda-feira)" },
  { daysFromEaster: -47, name: "Carnaval (terça-feira)" },
  { daysFromEaster: -2, name: "Sexta-feira Santa" },
  { daysFromEaster: 60, name: "Corpus Christi" },
]

interface YearHolidays {
  readonly dates: ReadonlySet<string>
}

// Insertion order doubles as recency order: a hit is moved to the end, the first key is the
// least recently used year.
const holidaysByYear = new Map<number, YearHolidays>()

/**
 * The Gregorian Easter Sunday of `year` as "YYYY-MM-DD" (anonymous Gregorian algorithm,
 * Meeus/Jones/Butcher). Years outside 1583..9999 throw a RangeError.
 */
export function easterSunday(year: number): string {
  assertSupportedYear(year)
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
  return formatIsoDate(Date.UTC(year, month - 1, day, 12))
}

/**
 * The national days without deliveries in `year`, as "YYYY-MM-DD": legal holidays plus Carnival
 * and Corpus Christi. State and municipal holidays are not included.
 */
export function brazilianNationalHolidays(year: number): ReadonlySet<string> {
  return holidaysOf(year).dates
}

function holidaysOf(year: number): YearHolidays {
  const cached = holidaysByYear.get(year)
  if (cached) {
    holidaysByYear.delete(year)
    holidaysByYear.set(year, cached)
    return cached
  }
  const computed = computeHolidays(year)
  holidaysByYear.set(year, computed)
  if (holidaysByYear.size > MAX_CACHED_YEARS) {
    const leastRecentYear = holidaysByYear.keys().next().value
    if (leastRecentYear !== undefined) {
      holidaysByYear.delete(leastRecentYear)
    }
  }
  return computed
}

function computeHolidays(year: number): YearHolidays {
  const easter = easterSunday(year)
  const easterMs = Date.parse(`${easter}T12:00:00Z`)
  const dates = new Set<string>()
  for (const holiday of FIXED_HOLIDAYS) {
    if (holiday.since === undefined || year >= holiday.since) {
      dates.add(formatIsoDate(Date.UTC(year, holiday.month - 1, holiday.day, 12)))
    }
  }
  for (const holiday of EASTER_RELATIVE_HOLIDAYS) {
    dates.add(formatIsoDate(easterMs + holiday.daysFromEaster * MS_PER_DAY))
  }
  return { dates }
}

function assertSupportedYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_GREGORIAN_YEAR || year > LAST_FOUR_DIGIT_YEAR) {
    throw new RangeError(`Expected a year from ${FIRST_GREGORIAN_YEAR} to ${LAST_FOUR_DIGIT_YEAR}, got ${year}`)
  }
}

function formatIsoDate(utcMs: number): string {
  const date = new Date(utcMs)
  const month = String(date.getUTCMonth() + 1).padStart(2, "0")
  const day = String(date.getUTCDate()).padStart(2, "0")
  return `${date.getUTCFullYear()}-${month}-${day}`
}
