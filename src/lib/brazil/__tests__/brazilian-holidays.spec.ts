import { brazilianNationalHolidays, easterSunday } from "../business-days"

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
