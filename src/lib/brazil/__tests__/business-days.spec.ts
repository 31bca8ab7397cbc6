import { addBusinessDays, brazilianNationalHolidays, dateInTimeZone, deliveryEstimate, easterSunday, isBusinessDay } from "../business-days"

const MS_PER_DAY = 86_400_000

// Independent of the code under test: plain UTC-midday arithmetic.
function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10)
}

// The national days without deliveries from November 2025 through 2026, written out (Easter 2026 is April 5).
const HOLIDAYS = new Set([
  "2025-11-02", "2025-11-15", "2025-11-20", "2025-12-25",
  "2026-01-01", "2026-02-16", "2026-02-17", "2026-04-03", "2026-04-21", "2026-05-01", "2026-06-04",
  "2026-09-07", "2026-10-12", "2026-11-02", "2026-11-15", "2026-11-20", "2026-12-25", "2027-01-01",
])

function isWeekendOrHoliday(date: string): boolean {
  if (date < "2025-11-01" || date > "2027-01-31") throw new Error(`no holidays written out for ${date}`)
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay()
  return weekday === 0 || weekday === 6 || HOLIDAYS.has(date)
}

describe("isBusinessDay", () => {
  it("accepts an ordinary weekday", () => {
    expect(isBusinessDay("2026-03-10")).toBe(true)
    expect(isBusinessDay("2026-03-13")).toBe(true)
  })

  it("refuses Saturdays and Sundays", () => {
    expect(isBusinessDay("2026-03-14")).toBe(false)
    expect(isBusinessDay("2026-03-15")).toBe(false)
  })

  it("refuses holidays that fall on a weekday", () => {
    expect(isBusinessDay("2026-04-21")).toBe(false)
    expect(isBusinessDay("2026-02-16")).toBe(false)
    expect(isBusinessDay("2026-06-04")).toBe(false)
  })

  it("treats November 20 as a business day in 2023 and a holiday in 2024", () => {
    expect(isBusinessDay("2023-11-20")).toBe(true)
    expect(isBusinessDay("2024-11-20")).toBe(false)
  })

  it.each([["2026-02-30"], ["2026-13-01"], ["2026-3-10"], ["10/03/2026"], [""], ["2026-03-10T00:00:00Z"]])(
    "refuses %p with a RangeError",
    (date) => {
      expect(() => isBusinessDay(date)).toThrow(RangeError)
    }
  )
})

describe("addBusinessDays", () => {
  it("moves one weekday to the next", () => {
    expect(addBusinessDays("2026-03-10", 1)).toBe("2026-03-11")
  })

  it("skips the weekend: Friday + 1 is Monday", () => {
    expect(addBusinessDays("2026-03-13", 1)).toBe("2026-03-16")
  })

  it("starts counting after the weekend: Saturday + 1 and Sunday + 1 are Monday", () => {
    expect(addBusinessDays("2026-03-14", 1)).toBe("2026-03-16")
    expect(addBusinessDays("2026-03-15", 1)).toBe("2026-03-16")
  })

  it("skips a weekday holiday: the day before Tiradentes + 1 is the day after it", () => {
    expect(addBusinessDays("2026-04-20", 1)).toBe("2026-04-22")
  })

  it("skips Carnival Monday and Tuesday", () => {
    expect(addBusinessDays("2026-02-13", 1)).toBe("2026-02-18")
  })

  it("skips Good Friday and the weekend after it", () => {
    expect(addBusinessDays("2026-04-02", 1)).toBe("2026-04-06")
  })

  it("skips Christmas and the weekend after it", () => {
    expect(addBusinessDays("2026-12-24", 1)).toBe("2026-12-28")
  })

  it("crosses the new year, skipping January 1 of the next year", () => {
    expect(addBusinessDays("2026-12-30", 2)).toBe("2027-01-04")
  })

  it("counts November 20 as a business day before 2024 only", () => {
    expect(addBusinessDays("2023-11-17", 1)).toBe("2023-11-20")
    expect(addBusinessDays("2024-11-19", 1)).toBe("2024-11-21")
  })

  it("counts two full weeks as ten business days", () => {
    expect(addBusinessDays("2026-03-02", 10)).toBe("2026-03-16")
  })

  it("returns the start itself for 0 days on a business day", () => {
    expect(addBusinessDays("2026-03-10", 0)).toBe("2026-03-10")
  })

  it("returns the next business day for 0 days on a holiday or a weekend", () => {
    expect(addBusinessDays("2026-04-21", 0)).toBe("2026-04-22")
    expect(addBusinessDays("2026-03-14", 0)).toBe("2026-03-16")
    expect(addBusinessDays("2026-02-14", 0)).toBe("2026-02-18")
  })

  it.each([[-1], [1.5], [Number.NaN], [Number.POSITIVE_INFINITY]])("refuses %p days with a RangeError", (days) => {
    expect(() => addBusinessDays("2026-03-10", days)).toThrow(RangeError)
  })

  it("refuses a start that is not a calendar date", () => {
    expect(() => addBusinessDays("2026-02-29", 1)).toThrow(RangeError)
  })

  it("lands on a business day with exactly `days` business days after the start, for 400 starts", () => {
    const mismatches: string[] = []
    for (let offset = 0; offset < 400; offset += 1) {
      const start = shiftDate("2025-11-01", offset)
      const days = (offset % 15) + 1
      const result = addBusinessDays(start, days)
      let businessDaysBetween = 0
      for (let date = shiftDate(start, 1); date <= result; date = shiftDate(date, 1)) {
        if (!isWeekendOrHoliday(date)) {
          businessDaysBetween += 1
        }
      }
      if (isWeekendOrHoliday(result) || businessDaysBetween !== days) {
        mismatches.push(`${start} + ${days} -> ${result}`)
      }
    }
    expect(mismatches).toEqual([])
  })

  it("with 0 days returns the first business day on or after the start, for 400 starts", () => {
    const mismatches: string[] = []
    for (let offset = 0; offset < 400; offset += 1) {
      const start = shiftDate("2025-11-01", offset)
      let expected = start
      while (isWeekendOrHoliday(expected)) {
        expected = shiftDate(expected, 1)
      }
      const result = addBusinessDays(start, 0)
      if (result !== expected) {
        mismatches.push(`${start} + 0 -> ${result}, expected ${expected}`)
      }
    }
    expect(mismatches).toEqual([])
  })
})

describe("dateInTimeZone", () => {
  it("reads 02:30 UTC as the previous day in São Paulo", () => {
    expect(dateInTimeZone(new Date("2026-03-10T02:30:00Z"))).toBe("2026-03-09")
  })

  it("reads the same instant as the UTC date in UTC", () => {
    expect(dateInTimeZone(new Date("2026-03-10T02:30:00Z"), "UTC")).toBe("2026-03-10")
  })

  it("reads an evening UTC instant as the next day in Tokyo", () => {
    expect(dateInTimeZone(new Date("2026-03-09T20:00:00Z"), "Asia/Tokyo")).toBe("2026-03-10")
  })

  it("follows the zone's rules of the time, such as São Paulo's former summer time", () => {
    expect(dateInTimeZone(new Date("2019-01-15T02:30:00Z"))).toBe("2019-01-15")
    expect(dateInTimeZone(new Date("2019-06-15T02:30:00Z"))).toBe("2019-06-14")
  })

  it("refuses an unknown time zone and an invalid date with a RangeError", () => {
    expect(() => dateInTimeZone(new Date("2026-03-10T12:00:00Z"), "America/Atlantis")).toThrow(RangeError)
    expect(() => dateInTimeZone(new Date(Number.NaN))).toThrow(RangeError)
  })
})

describe("deliveryEstimate", () => {
  it("is null when the carrier gave no deadline", () => {
    expect(deliveryEstimate(null, new Date("2026-03-10T15:00:00Z"))).toBeNull()
  })

  it("is today for 0 days on a business day", () => {
    expect(deliveryEstimate(0, new Date("2026-03-10T15:00:00Z"))).toBe("2026-03-10")
  })

  it("counts from the São Paulo date while UTC is already on the next day", () => {
    // 02:30 UTC on Tuesday is still Monday 23:30 in São Paulo.
    expect(deliveryEstimate(1, new Date("2026-03-10T02:30:00Z"))).toBe("2026-03-10")
    // 02:30 UTC on Saturday is still Friday 23:30 in São Paulo, a business day.
    expect(deliveryEstimate(0, new Date("2026-03-14T02:30:00Z"))).toBe("2026-03-13")
  })

  it("counts business days from today", () => {
    expect(deliveryEstimate(3, new Date("2026-03-12T15:00:00Z"))).toBe("2026-03-17")
  })

  it("uses the time zone it is given", () => {
    expect(deliveryEstimate(1, new Date("2026-03-10T02:30:00Z"), "UTC")).toBe("2026-03-11")
  })

  it("uses the current instant when none is given", () => {
    const before = deliveryEstimate(5, new Date())
    const estimate = deliveryEstimate(5)
    const after = deliveryEstimate(5, new Date())
    expect([before, after]).toContain(estimate)
  })
})

describe("easterSunday", () => {
  it.each([
    [1961, "1961-04-02"],
    [2000, "2000-04-23"],
    [2024, "2024-03-31"],
    [2025, "2025-04-20"],
    [2026, "2026-04-05"],
    [2027, "2027-03-28"],
    [2038, "2038-04-25"],
    [1818, "1818-03-22"],
    [2285, "2285-03-22"],
  ])("puts Easter %i on %s", (year, expected) => {
    expect(easterSunday(year)).toBe(expected)
  })

  it("always lands on a Sunday from March 22 to April 25, 1583 to 9999", () => {
    const misplaced: string[] = []
    for (let year = 1583; year <= 9999; year += 1) {
      const easter = easterSunday(year)
      const monthDay = easter.slice(5)
      const isSunday = new Date(`${easter}T12:00:00Z`).getUTCDay() === 0
      if (!isSunday || monthDay < "03-22" || monthDay > "04-25" || !easter.startsWith(`${year}-`)) {
        misplaced.push(easter)
      }
    }
    expect(misplaced).toEqual([])
  })

  it.each([[1582], [10000], [2026.5], [Number.NaN]])("refuses the year %p with a RangeError", (year) => {
    expect(() => easterSunday(year)).toThrow(RangeError)
  })
})

describe("brazilianNationalHolidays", () => {
  it("lists every day without deliveries in 2026", () => {
    expect([...brazilianNationalHolidays(2026)].sort()).toEqual([
      "2026-01-01",
      "2026-02-16",
      "2026-02-17",
      "2026-04-03",
      "2026-04-21",
      "2026-05-01",
      "2026-06-04",
      "2026-09-07",
      "2026-10-12",
      "2026-11-02",
      "2026-11-15",
      "2026-11-20",
      "2026-12-25",
    ])
  })

  it("counts Carnival Monday and Tuesday, Good Friday and Corpus Christi from Easter", () => {
    const holidays2026 = brazilianNationalHolidays(2026)
    expect(holidays2026.has("2026-02-16")).toBe(true)
    expect(holidays2026.has("2026-02-17")).toBe(true)
    expect(holidays2026.has("2026-04-03")).toBe(true)
    expect(holidays2026.has("2026-06-04")).toBe(true)
    expect(holidays2026.has("2026-02-18")).toBe(false)
    expect(holidays2026.has("2026-04-05")).toBe(false)
  })

  it("moves the Easter holidays with Easter from year to year", () => {
    const holidays2025 = brazilianNationalHolidays(2025)
    expect(holidays2025.has("2025-03-03")).toBe(true)
    expect(holidays2025.has("2025-03-04")).toBe(true)
    expect(holidays2025.has("2025-04-18")).toBe(true)
    expect(holidays2025.has("2025-06-19")).toBe(true)
    expect(holidays2025.has("2025-02-16")).toBe(false)
  })

  it("makes November 20 a national holiday from 2024 on, not in 2023", () => {
    expect(brazilianNationalHolidays(2023).has("2023-11-20")).toBe(false)
    expect(brazilianNationalHolidays(2024).has("2024-11-20")).toBe(true)
    expect(brazilianNationalHolidays(2030).has("2030-11-20")).toBe(true)
  })

  it("has twelve days before 2024 and thirteen after, none shared between years", () => {
    expect(brazilianNationalHolidays(2023).size).toBe(12)
    expect(brazilianNationalHolidays(2024).size).toBe(13)
    for (const date of brazilianNationalHolidays(2027)) {
      expect(date.startsWith("2027-")).toBe(true)
    }
  })

  it("returns the same set when asked for the same year again", () => {
    expect(brazilianNationalHolidays(2031)).toBe(brazilianNationalHolidays(2031))
  })

  it("forgets years it has not been asked for lately, and recomputes them identically", () => {
    const first = brazilianNationalHolidays(2032)
    for (let year = 1900; year < 2000; year += 1) {
      brazilianNationalHolidays(year)
    }
    const recomputed = brazilianNationalHolidays(2032)
    expect(recomputed).not.toBe(first)
    expect(recomputed).toEqual(first)
  })
})

describe("each holiday on its date", () => {
  it.each([
    ["2026-01-01", "Confraternização Universal"],
    ["2026-02-16", "Carnaval (segunda-feira)"],
    ["2026-02-17", "Carnaval (terça-feira)"],
    ["2026-04-03", "Sexta-feira Santa"],
    ["2026-06-04", "Corpus Christi"],
    ["2024-11-20", "Dia Nacional de Zumbi e da Consciência Negra"],
    ["2026-12-25", "Natal"],
  ])("%s is %s", (date) => {
    expect(brazilianNationalHolidays(Number(date.slice(0, 4))).has(date)).toBe(true)
  })

  it("leaves out an ordinary day, and November 20 before 2024", () => {
    expect(brazilianNationalHolidays(2026).has("2026-03-10")).toBe(false)
    expect(brazilianNationalHolidays(2023).has("2023-11-20")).toBe(false)
  })
})
