import { addBusinessDays, dateInTimeZone, deliveryEstimate, isBusinessDay } from "../business-days"

const MS_PER_DAY = 86_400_000

// Independent of the code under test: plain UTC-midday arithmetic.
function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10)
}

// The national days without deliveries from November 2025 through 2026, written out (Easter 2026 is April 5).
const HOLIDAYS = new Set([
  "2025-11-02",
  "2025-11-15",
  "2025-11-20",
  "2025-12-25",
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
  "2027-01-01",
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

  it("follows the zone's rules of the time, such as São Paulo's former summer time", () => {
    expect(dateInTimeZone(new Date("2019-01-15T02:30:00Z"))).toBe("2019-01-15")
    expect(dateInTimeZone(new Date("2019-06-15T02:30:00Z"))).toBe("2019-06-14")
  })

  it("refuses an invalid date with a RangeError", () => {
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

  it("uses the current instant when none is given", () => {
    jest.useFakeTimers({ now: new Date("2026-03-12T15:00:00Z") })
    try {
      expect(deliveryEstimate(3)).toBe("2026-03-17")
    } finally {
      jest.useRealTimers()
    }
  })
})
