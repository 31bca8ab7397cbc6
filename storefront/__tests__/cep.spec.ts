import { tryNormalizeCep as tryNormalizeServerCep } from "../../src/lib/brazil/cep"
import { ACCEPTED_CEPS, REFUSED_CEPS } from "../../src/lib/brazil/__tests__/cep-cases"
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

  // The server's table (src/lib/brazil/__tests__/cep-cases.ts): the kit accepts what the store's routes accept.
  it.each(ACCEPTED_CEPS)("reads %p as %p, as the server does", (typed, digits) => {
    expect(normalizeCep(typed)).toBe(digits)
    expect(isValidCep(typed)).toBe(true)
  })

  it.each(REFUSED_CEPS)("refuses %p, as the server does", (typed) => {
    expect(normalizeCep(typed)).toBeNull()
    expect(isValidCep(typed)).toBe(false)
  })

  it.each([
    [" 30130-010 ", "30130010"],
    ["20.040-002", "20040002"],
  ])("reads %p as the server reads it", (typed, digits) => {
    expect(normalizeCep(typed)).toBe(digits)
    expect(tryNormalizeServerCep(typed)).toBe(digits)
  })
})
