import { formatBrazilianDecimal, formatDecimalText, parseBrazilianDecimal, toCents } from "../brazilian-decimal"

describe("parseBrazilianDecimal", () => {
  it.each([
    ["25,19", 25.19],
    ["1.234,56", 1234.56],
    ["1.234.567,8", 1234567.8],
    ["0,5", 0.5],
    ["1234,56", 1234.56],
    ["25.19", 25.19],
    ["25", 25],
    ["1.234.567", 1234567],
    ["1.234", 1.234],
    [" 12,30 ", 12.3],
    ["R$ 1.234,56", 1234.56],
    ["-3,5", -3.5],
  ])("reads %j as %d", (input, expected) => {
    expect(parseBrazilianDecimal(input)).toBe(expected)
  })

  it("takes numbers as they are", () => {
    expect(parseBrazilianDecimal(12.5)).toBe(12.5)
    expect(parseBrazilianDecimal(0)).toBe(0)
  })

  it.each([[""], ["abc"], ["1,2,3"], ["12.34.5"], ["1.23,4"], ["12,"], [",5"], ["1e3"], ["NaN"], ["Infinity"]])(
    "refuses %j",
    (input) => {
      expect(parseBrazilianDecimal(input)).toBeNull()
    }
  )

  it("refuses what is not a finite number or text", () => {
    expect(parseBrazilianDecimal(Number.NaN)).toBeNull()
    expect(parseBrazilianDecimal(Number.POSITIVE_INFINITY)).toBeNull()
    expect(parseBrazilianDecimal(null)).toBeNull()
    expect(parseBrazilianDecimal({})).toBeNull()
  })
})

describe("centavos", () => {
  it("rounds half away from zero despite binary floating point", () => {
    expect(toCents(25.185)).toBe(2519)
    expect(toCents(1.005)).toBe(101)
    expect(toCents(0.1 + 0.2)).toBe(30)
    expect(toCents(-2.5)).toBe(-250)
  })
})

describe("formatting", () => {
  it("writes Brazilian notation with thousands dots", () => {
    expect(formatBrazilianDecimal(1234.5)).toBe("1.234,50")
    expect(formatBrazilianDecimal(1234567.891)).toBe("1.234.567,89")
    expect(formatBrazilianDecimal(0)).toBe("0,00")
    expect(formatBrazilianDecimal(-12.3)).toBe("-12,30")
    expect(formatBrazilianDecimal(3, 0)).toBe("3")
  })

  it("round-trips through the parser", () => {
    for (const value of [0, 0.01, 9.99, 999.99, 1000, 1234.56, 98765.43]) {
      expect(parseBrazilianDecimal(formatBrazilianDecimal(value))).toBe(value)
    }
  })

  it("writes dot-decimal text with no trailing zeros", () => {
    expect(formatDecimalText(1.5, 2)).toBe("1.5")
    expect(formatDecimalText(2, 2)).toBe("2")
    expect(formatDecimalText(0.1 + 0.2, 2)).toBe("0.3")
    expect(formatDecimalText(0.3456, 3)).toBe("0.346")
  })
})
