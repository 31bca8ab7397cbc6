import { formatCep, InvalidCepError, normalizeCep, tryNormalizeCep } from "../cep"
import { ACCEPTED_CEPS, REFUSED_CEPS } from "./cep-cases"

describe("normalizeCep", () => {
  // The table the storefront kit's normalizeCep is tested against too (storefront/__tests__/cep.spec.ts).
  it.each(ACCEPTED_CEPS)("reads %j as %s", (input, expected) => {
    expect(normalizeCep(input)).toBe(expected)
  })

  it.each(REFUSED_CEPS)("refuses %j with a typed error", (input) => {
    expect(() => normalizeCep(input)).toThrow(InvalidCepError)
  })

  it("refuses what is not text", () => {
    expect(() => normalizeCep(undefined)).toThrow(InvalidCepError)
    expect(() => normalizeCep({ cep: "01310100" })).toThrow(InvalidCepError)
  })

  it("keeps the leading zero a number would lose, so a number CEP must have 8 digits", () => {
    expect(normalizeCep(20040002)).toBe("20040002")
    expect(() => normalizeCep(1310100)).toThrow(InvalidCepError)
  })

  it("tryNormalizeCep returns null instead of throwing", () => {
    expect(tryNormalizeCep("1234")).toBeNull()
    expect(tryNormalizeCep("04538-133")).toBe("04538133")
  })

  it("formats a CEP the Brazilian way", () => {
    expect(formatCep("01310100")).toBe("01310-100")
  })
})
