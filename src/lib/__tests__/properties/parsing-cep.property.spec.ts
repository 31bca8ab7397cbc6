// Properties of CEP parsing: tryNormalizeCep and formatCep on any input, and stateOfCep on any text.
import fc from "fast-check"
import { formatCep, tryNormalizeCep } from "../../brazil/cep"
import { stateOfCep } from "../../brazil/cep-state"
import { BRAZILIAN_STATES } from "../../brazil/cep-state"

const ASCII_DIGITS = "0123456789"
/** Digits of other scripts: they look like digits and must never count as one. */
const FOREIGN_DIGITS = [
  "٠١٢٣٤٥٦٧٨٩", // Arabic-Indic
  "۰۱۲۳۴۵۶۷۸۹", // Extended Arabic-Indic (Persian)
  "０１２３４５６７８９", // full-width
  "०१२३४५६७८९", // Devanagari
  "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗", // mathematical bold (astral plane)
].flatMap((digits) => [...digits])
const WHITESPACE = [" ", "\t", "\n", "\r", "\v", "\f", "\u00a0", "\u2007", "\u3000", "\ufeff", "\u2028"]

const asciiDigit = fc.constantFrom(...ASCII_DIGITS)
const eightDigits = fc.string({ unit: asciiDigit, minLength: 8, maxLength: 8 })
const punctuation = fc.constantFrom(".", "-", ...WHITESPACE)
/** Text made mostly of what a CEP is made of, with now and then something it must not hold. */
const cepLike = fc.string({
  unit: fc.oneof(
    { weight: 10, arbitrary: asciiDigit },
    { weight: 4, arbitrary: punctuation },
    { weight: 1, arbitrary: fc.constantFrom(...FOREIGN_DIGITS) },
    { weight: 1, arbitrary: fc.constantFrom("/", ",", "O", "o", "l", "\u0000", "\u200b", "+", "e", "_") },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 1 }) }
  ),
  maxLength: 24,
})
const anyText = fc.oneof(
  cepLike,
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.string({ unit: "grapheme-composite", maxLength: 30 })
)

const isAsciiDigit = (char: string) => ASCII_DIGITS.includes(char)
const isSeparator = (char: string) => char === "." || char === "-" || /^\s$/.test(char)

/** The rule written out independently: only ASCII digits and separators, exactly 8 of the digits. */
function expectedCep(text: string): string | null {
  const chars = [...text]
  if (!chars.every((char) => isAsciiDigit(char) || isSeparator(char))) return null
  const digits = chars.filter(isAsciiDigit).join("")
  return digits.length === 8 ? digits : null
}

describe("CEP normalisation (properties)", () => {
  it("any text gives 8 ASCII digits or null, exactly when the independent rule says so", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        expect(tryNormalizeCep(text)).toBe(expectedCep(text))
      }),
      { numRuns: 300 }
    )
  })

  it("a CEP punctuated and padded any way normalises back to its 8 digits", () => {
    const separators = fc.string({ unit: punctuation, maxLength: 3 })
    fc.assert(
      fc.property(eightDigits, fc.array(separators, { minLength: 9, maxLength: 9 }), (cep, gaps) => {
        const text = gaps.map((gap, index) => gap + (cep[index] ?? "")).join("")
        expect(tryNormalizeCep(text)).toBe(cep)
      }),
      { numRuns: 300 }
    )
  })

  it("refuses a CEP one of whose digits is replaced by a digit of another script", () => {
    fc.assert(
      fc.property(eightDigits, fc.nat({ max: 7 }), fc.constantFrom(...FOREIGN_DIGITS), (cep, index, foreign) => {
        const chars = [...cep]
        chars[index] = foreign
        expect(tryNormalizeCep(chars.join(""))).toBeNull()
        expect(tryNormalizeCep(`${cep} ${foreign}`)).toBeNull()
        // Full-width digits alone are refused too, even when they are eight.
        expect(
          tryNormalizeCep([...cep].map((digit) => String.fromCharCode(0xff10 + Number(digit))).join(""))
        ).toBeNull()
      }),
      { numRuns: 200 }
    )
  })

  it("reads very long texts by their digit count alone", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.oneof(asciiDigit, punctuation), minLength: 1, maxLength: 10 }),
        fc.integer({ min: 1_000, max: 20_000 }),
        (chunk, times) => {
          const text = chunk.repeat(Math.ceil(times / chunk.length))
          // A long run of separators around 8 digits is still a CEP.
          expect(tryNormalizeCep(text)).toBe(expectedCep(text))
        }
      ),
      { numRuns: 100 }
    )
  })

  it("anything that is not text or a number is refused", () => {
    const notText = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.bigInt(),
      fc.object(),
      fc.array(eightDigits),
      fc.date()
    )
    fc.assert(
      fc.property(notText, (input) => {
        expect(tryNormalizeCep(input)).toBeNull()
      })
    )
  })

  it("a number is a CEP only when it is a whole number of exactly 8 digits", () => {
    const numbers = fc.oneof(
      fc.integer({ min: 10_000_000, max: 99_999_999 }),
      fc.double({ noDefaultInfinity: false }),
      fc.integer({ min: 0, max: 99_999_999 }).map((n) => n / 10 ** (1 + (n % 4))),
      fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => -n)
    )
    fc.assert(
      fc.property(numbers, (value) => {
        const expected = Number.isInteger(value) && value >= 10_000_000 && value <= 99_999_999 ? String(value) : null
        expect(tryNormalizeCep(value)).toBe(expected)
      }),
      { numRuns: 300 }
    )
  })

  it("formatting round-trips: 8 digits -> NNNNN-NNN -> the same 8 digits", () => {
    fc.assert(
      fc.property(eightDigits, (cep) => {
        const formatted = formatCep(cep)
        expect(formatted).toMatch(/^\d{5}-\d{3}$/)
        expect(tryNormalizeCep(formatted)).toBe(cep)
        expect(formatCep(tryNormalizeCep(` ${formatted} `) as string)).toBe(formatted)
      }),
      { numRuns: 300 }
    )
  })
})

describe("stateOfCep (properties)", () => {
  const states: ReadonlyArray<string | null> = [...BRAZILIAN_STATES, null]

  it("gives one of the 27 UFs or null for any text, and never throws", () => {
    fc.assert(
      fc.property(fc.oneof(eightDigits, anyText), (text) => {
        expect(states).toContain(stateOfCep(text))
      }),
      { numRuns: 300 }
    )
  })

  it("gives a UF for every CEP from 01000-000 up, and none below", () => {
    fc.assert(
      fc.property(eightDigits, (cep) => {
        const prefix = Number(cep.slice(0, 5))
        const state = stateOfCep(cep)
        if (prefix < 1000) expect(state).toBeNull()
        // 78900-78999 is the one block of the table Correios leaves unassigned.
        else if (prefix < 78900 || prefix > 78999) expect(state).not.toBeNull()
        // The state depends on the first five digits only.
        expect(stateOfCep(`${cep.slice(0, 5)}000`)).toBe(state)
      }),
      { numRuns: 300 }
    )
  })
})
