import { numberOf } from "../number-of"

describe("numberOf", () => {
  it("reads Medusa's numbers, numeric text and BigNumber objects", () => {
    expect(numberOf(12.5)).toBe(12.5)
    expect(numberOf("79.9")).toBe(79.9)
    expect(numberOf({ numeric: 45 })).toBe(45)
    expect(numberOf({ value: "219" })).toBe(219)
  })

  it("gives null for what is not a finite number", () => {
    for (const value of [null, undefined, "", "  ", "abc", Number.NaN, Number.POSITIVE_INFINITY, {}, []]) {
      expect(numberOf(value)).toBeNull()
    }
  })
})
