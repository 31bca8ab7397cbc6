import fc from "fast-check"
import { isValidCpf } from "../../brazil/cpf"
import { maskPersonalText } from "../mask-personal-text"

// The order's own values (what the plugin sent the tracking service) masked wherever a message
// quotes them: in any separator shape, case or accents, besides the shapes.

const cpf = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
  .map((nine) => {
    const check = (digits: number[], weight: number) => {
      const remainder = digits.reduce((sum, digit, index) => sum + digit * (weight - index), 0) % 11
      return remainder < 2 ? 0 : 11 - remainder
    }
    const first = check(nine, 10)
    return [...nine, first, check([...nine, first], 11)].join("")
  })
  .filter(isValidCpf)
const separator = fc.constantFrom("", " ", ".", "-", " - ", "  ", "/")
/** The digits written with any separator between any of them. */
const spelled = (digits: string) =>
  fc
    .array(separator, { minLength: digits.length - 1, maxLength: digits.length - 1 })
    .map((gaps) => [...digits].map((digit, index) => `${digit}${gaps[index] ?? ""}`).join(""))
// Not a particle ("das", "van"), which the masking keeps on purpose: about one word in 67,000 drew one ("van").
const word = fc
  .string({ unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzáéíóúâêôãõç"), minLength: 3, maxLength: 10 })
  .filter((value) => !["das", "dos", "del", "der", "van", "von"].includes(value))
const strip = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "")
const writtenAs = (text: string) =>
  fc.constantFrom(
    text,
    text.toUpperCase(),
    strip(text),
    strip(text).toUpperCase(),
    text[0].toUpperCase() + text.slice(1)
  )
const digitsOf = (text: string) => text.replace(/\D/g, "")

describe("maskPersonalText with the order's known values", () => {
  it("masks the CPF in the shapes no pattern knows: spaced, dashed, split before its check digits", () => {
    for (const written of ["529 982 247 25", "529-982-247-25", "529982247 - 25", "5 2 9 9 8 2 2 4 7 2 5"]) {
      expect(maskPersonalText(`documento ${written} recusado`, ["52998224725"])).toBe("documento *** recusado")
    }
  })

  it("masks the street, number, complement, neighbourhood, CEP and phone the order carries", () => {
    const known = [
      "Rua das Acácias",
      "1234",
      "Apto 56",
      "Jardim Botânico",
      "22460-030",
      "21987654321",
      "maria@exemplo.com.br",
    ]
    expect(
      maskPersonalText(
        "endereço RUA DAS ACACIAS, 1234 apto 56 - Jardim Botanico, CEP 22460030; tel 21 98765 4321; Maria@Exemplo.com.br",
        known
      )
    ).toBe("endereço R*** DAS A***, *** a*** *** - J*** B***, CEP ***; tel ***; M***@Exemplo.com.br")
  })

  it("masks an e-mail with an accented local part, by its shape too", () => {
    expect(maskPersonalText("contato joão.ninguém@exemplo.com.br")).toBe("contato j***@exemplo.com.br")
  })

  it("keeps no digit run of a known CPF, written with any separators", () => {
    fc.assert(
      fc.property(
        cpf.chain((digits) => fc.tuple(fc.constant(digits), spelled(digits))),
        fc.string({ maxLength: 15 }),
        ([digits, written], before) => {
          const masked = maskPersonalText(`${before} ${written} fim`, [digits])
          expect(digitsOf(masked)).not.toContain(digits)
        }
      )
    )
  })

  it("keeps no known word, whatever its case or accents", () => {
    fc.assert(
      fc.property(
        word.chain((value) => fc.tuple(fc.constant(value), writtenAs(value))),
        ([value, written]) => {
          const masked = maskPersonalText(`o cliente ${written} reclamou`, [`Rua ${value}`])
          expect(strip(masked).toLowerCase()).not.toMatch(
            new RegExp(`(?<![\\p{L}\\p{N}])${strip(value).toLowerCase()}(?![\\p{L}\\p{N}])`, "u")
          )
        }
      )
    )
  })

  it("changes nothing the second time", () => {
    fc.assert(
      fc.property(cpf, word, fc.string({ maxLength: 30 }), (digits, value, text) => {
        const once = maskPersonalText(`${text} ${digits} ${value}`, [digits, value])
        expect(maskPersonalText(once, [digits, value])).toBe(once)
      })
    )
  })
})
