import fc from "fast-check"
import { cnpjCharacters, isValidCnpj, isValidCpf, maskCpf } from "../cpf"
import {
  cpfsIn,
  digitString,
  referenceCnpj,
  referenceCpf,
  validAlphanumericCnpj,
  validCnpj,
  validCpf,
} from "./tax-number-reference"

describe("CPF and CNPJ check digits (properties)", () => {
  const elevenDigits = digitString(11)
  const near = validCpf.chain((cpf) =>
    fc.nat({ max: 10 }).map((index) => `${cpf.slice(0, index)}${(Number(cpf[index]) + 1) % 10}${cpf.slice(index + 1)}`)
  )

  it("isValidCpf agrees with an independent implementation, on valid, random, near-miss and arbitrary texts", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          validCpf,
          elevenDigits,
          near,
          fc.string(),
          fc.constantFrom("00000000000", "11111111111", "529.982.247-25", " 52998224725")
        ),
        (candidate) => {
          expect(isValidCpf(candidate)).toBe(referenceCpf(candidate))
        }
      ),
      { numRuns: 300 }
    )
  })

  it("every valid CPF is refused once a check digit changes (a changed body digit can collide: remainders 0 and 1 both give 0)", () => {
    fc.assert(
      fc.property(validCpf, fc.constantFrom(9, 10), fc.integer({ min: 1, max: 9 }), (cpf, index, shift) => {
        expect(isValidCpf(cpf)).toBe(true)
        const changed = `${cpf.slice(0, index)}${(Number(cpf[index]) + shift) % 10}${cpf.slice(index + 1)}`
        expect(isValidCpf(changed)).toBe(false)
      }),
      { numRuns: 300 }
    )
  })

  it("isValidCnpj agrees with an independent implementation", () => {
    const nearCnpj = validCnpj.chain((cnpj) =>
      fc
        .nat({ max: 13 })
        .map((index) => `${cnpj.slice(0, index)}${(Number(cnpj[index]) + 1) % 10}${cnpj.slice(index + 1)}`)
    )
    fc.assert(
      fc.property(fc.oneof(validCnpj, digitString(14), nearCnpj, fc.string()), (candidate) => {
        expect(isValidCnpj(candidate)).toBe(referenceCnpj(candidate))
      }),
      { numRuns: 300 }
    )
  })

  it("isValidCnpj takes every alphanumeric CNPJ, written with or without its punctuation, in either case, and refuses it with any character changed", () => {
    const punctuated = (cnpj: string) =>
      `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`
    const changed = (cnpj: string, index: number, by: number) => {
      const alphabet = index < 12 ? "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ" : "0123456789"
      return `${cnpj.slice(0, index)}${alphabet[(alphabet.indexOf(cnpj[index]) + by) % alphabet.length]}${cnpj.slice(index + 1)}`
    }
    fc.assert(
      fc.property(
        validAlphanumericCnpj,
        fc.boolean(),
        fc.nat({ max: 13 }),
        fc.integer({ min: 1, max: 9 }),
        (cnpj, lower, index, by) => {
          const written = lower ? punctuated(cnpj).toLowerCase() : punctuated(cnpj)
          expect(isValidCnpj(cnpjCharacters(written))).toBe(true)
          expect(isValidCnpj(changed(cnpj, index, by))).toBe(referenceCnpj(changed(cnpj, index, by)))
        }
      ),
      { numRuns: 300 }
    )
  })

  it("maskCpf never shows a full CPF: at most its six middle digits", () => {
    fc.assert(
      fc.property(fc.oneof(validCpf, elevenDigits, fc.string()), (candidate) => {
        const masked = maskCpf(candidate)
        expect(masked.replace(/\D/g, "").length).toBeLessThanOrEqual(6)
        expect(cpfsIn(masked)).toEqual([])
      }),
      { numRuns: 300 }
    )
  })
})
