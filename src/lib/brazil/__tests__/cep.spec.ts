import { formatCep, tryNormalizeCep } from "../cep"
import { ACCEPTED_CEPS, REFUSED_CEPS } from "./cep-cases"

describe("tryNormalizeCep", () => {
  // The table the storefront kit's normalizeCep is tested against too (storefront/__tests__/cep.spec.ts).
  it.each(ACCEPTED_CEPS)("reads %j as %s", (input, expected) => {
    expect(tryNormalizeCep(input)).toBe(expected)
  })

  it.each(REFUSED_CEPS)("refuses %j", (input) => {
    expect(tryNormalizeCep(input)).toBeNull()
  })

  it("refuses what is not text", () => {
    expect(tryNormalizeCep(undefined)).toBeNull()
    expect(tryNormalizeCep({ cep: "01310100" })).toBeNull()
  })

  it("keeps the leading zero a number would lose, so a number CEP must have 8 digits", () => {
    expect(tryNormalizeCep(20040002)).toBe("20040002")
    expect(tryNormalizeCep(1310100)).toBeNull()
  })

  it("formats a CEP the Brazilian way", () => {
    expect(formatCep("01310100")).toBe("01310-100")
  })
})
