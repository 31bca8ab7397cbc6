import { isValidCep, maskCep, normalizeCep } from "../cep"

describe("CEP mask and check", () => {
  it.each([
    ["", ""],
    ["0131", "0131"],
    ["01310", "01310"],
    ["013101", "01310-1"],
    ["01310100", "01310-100"],
    ["01310-100", "01310-100"],
    ["01.310-1009999", "01310-100"],
    ["abc01310x100", "01310-100"],
  ])("masks %p as the shopper types: %p", (typed, masked) => {
    expect(maskCep(typed)).toBe(masked)
  })

  it.each([
    ["01310-100", "01310100"],
    ["01310100", "01310100"],
    [" 30130-010 ", "30130010"],
  ])("reads %p as %p", (typed, digits) => {
    expect(normalizeCep(typed)).toBe(digits)
    expect(isValidCep(typed)).toBe(true)
  })

  it.each([["1234-567"], ["0131010"], ["013101000"], ["abcde-fgh"], [""], ["01310--100"]])("refuses %p", (typed) => {
    expect(normalizeCep(typed)).toBeNull()
    expect(isValidCep(typed)).toBe(false)
  })
})
