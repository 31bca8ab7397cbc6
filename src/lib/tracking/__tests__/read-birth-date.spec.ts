import { readBirthDate } from "../readers"

/** The shipping date the birth date must come before. */
const SHIPPED_ON = "2026-03-10"

describe("readBirthDate", () => {
  it("reads a YYYY-MM-DD date before the shipping date, trimmed", () => {
    expect(readBirthDate("1990-05-17", SHIPPED_ON)).toEqual({ value: "1990-05-17" })
    expect(readBirthDate(" 1990-05-17 ", SHIPPED_ON)).toEqual({ value: "1990-05-17" })
  })

  it("takes 1900-01-01 and the day before shipping, the two ends", () => {
    expect(readBirthDate("1900-01-01", SHIPPED_ON)).toEqual({ value: "1900-01-01" })
    expect(readBirthDate("2026-03-09", SHIPPED_ON)).toEqual({ value: "2026-03-09" })
  })

  it.each([
    ["17/05/1990", /formato não reconhecido/],
    ["1990-02-30", /formato não reconhecido/],
    [19900517, /formato não reconhecido/],
    ["2026-03-10", /não está no passado/],
    ["2030-01-01", /não está no passado/],
    ["1850-01-01", /anterior a 1900/],
  ])("refuses %j with a reason", (birth, reason) => {
    expect(readBirthDate(birth, SHIPPED_ON)).toEqual({ reason: expect.stringMatching(reason) })
  })

  it.each([[null], [undefined], [""], [" "]])("reads %j as nothing, without a reason", (birth) => {
    expect(readBirthDate(birth, SHIPPED_ON)).toBeNull()
  })
})
