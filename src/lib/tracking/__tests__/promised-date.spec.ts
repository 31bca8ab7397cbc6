import { MAX_BUSINESS_DAYS } from "../../brazil/business-days"
import { promisedDate } from "../readers"

describe("promisedDate", () => {
  it("counts business days from the shipping date, 0 being the shipping day", () => {
    // Tuesday 2026-03-10.
    expect(promisedDate("2026-03-10", 2)).toEqual({ value: "2026-03-12" })
    expect(promisedDate("2026-03-10", 0)).toEqual({ value: "2026-03-10" })
  })

  it("is nothing, without a reason, when the deadline is unknown", () => {
    expect(promisedDate("2026-03-10", null)).toBeNull()
    expect(promisedDate("2026-03-10", undefined)).toBeNull()
  })

  it.each([[1.5], [-1], [Number.NaN]])("refuses a deadline of %p days, not a whole number of days", (days) => {
    expect(promisedDate("2026-03-10", days)).toEqual({ reason: expect.stringMatching(/Prazo de entrega inválido/) })
  })

  it("refuses a deadline longer than the calendar counts", () => {
    expect(promisedDate("2026-03-10", MAX_BUSINESS_DAYS + 1)).toEqual({ reason: expect.stringMatching(/Prazo de entrega longo demais/) })
  })

  it("refuses a promised date beyond the business-day calendar", () => {
    expect(promisedDate("9999-12-30", 5)).toEqual({ reason: expect.stringMatching(/fora do calendário de dias úteis/) })
  })
})
