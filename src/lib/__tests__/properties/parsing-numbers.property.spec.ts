// Properties of number parsing: Brazilian decimal texts read and written back (parseBrazilianDecimal, toCents, the freight
// price text, formatDecimalText), and numberOf on any value.
import fc from "fast-check"
import { formatBrazilianMoney } from "../../../../sandbox/decimal-notation"
import {
  formatBrazilianDecimal,
  formatDecimalText,
  parseBrazilianDecimal,
  toCents,
} from "../../brazil/brazilian-decimal"
import { readQuotations } from "../../freight/schemas"
import { numberOf } from "../../utils/number-of"

/** Finite doubles of every magnitude, from 5e-324 to 1.8e308, both signs. */
const finite = fc.double({ noNaN: true, noDefaultInfinity: true })
/** Amounts as a store has them: up to a billion reais, often with centavos. */
const amount = fc.oneof(
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
  fc.integer({ min: -1e11, max: 1e11 }).map((cents) => cents / 100)
)
const numericText = fc.oneof(
  fc.stringMatching(/^-?\d{1,3}(\.\d{3}){0,5}(,\d{1,4})?$/),
  fc.stringMatching(/^-?\d{1,20}([.,]\d{1,6})?$/),
  fc.stringMatching(/^\s*(R\$\s*)?-?[\d.,]{0,12}\s*$/)
)
const decimalText = fc.oneof(
  numericText,
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "1e309",
    "0x1A",
    "1e3",
    "",
    " ",
    "R$",
    "R$ ",
    "1".repeat(400),
    `${"9".repeat(309)},00`
  )
)

/** Half a unit of the last kept decimal, plus the rounding of doubles themselves. */
function tolerance(value: number, fractionDigits: number): number {
  return 0.5 * 10 ** -fractionDigits + 4 * Number.EPSILON * Math.max(1, Math.abs(value))
}

/** A price text as the freight client reads a quotation's `cotacao_preco`: centavos, or null when unreadable. */
function freightPriceCents(text: string): number | null {
  const [quotation] = readQuotations([
    { servico_metaname: "s", servico_nome: "S", cotacao_prazo: 1, cotacao_preco: text },
  ]).quotations
  return quotation ? quotation.priceCents : null
}

describe("Brazilian decimals (properties)", () => {
  it("any finite number formatted the Brazilian way parses back to itself, within half a last decimal", () => {
    fc.assert(
      fc.property(fc.oneof(amount, finite), fc.integer({ min: 1, max: 6 }), (value, fractionDigits) => {
        const text = formatBrazilianDecimal(value, fractionDigits)
        expect(text).toMatch(new RegExp(`^-?\\d{1,3}(\\.\\d{3})*,\\d{${fractionDigits}}$`))
        const parsed = parseBrazilianDecimal(text)
        expect(parsed).not.toBeNull()
        expect(Math.abs((parsed as number) - value)).toBeLessThanOrEqual(tolerance(value, fractionDigits))
        // The way the admin shows it, with the currency before it.
        expect(parseBrazilianDecimal(`R$ ${text}`)).toBe(parsed)
      }),
      { numRuns: 300 }
    )
  })

  it("an amount in reais formatted with 2 decimals parses back to its centavos exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (cents) => {
        const reais = parseBrazilianDecimal(formatBrazilianDecimal(cents / 100, 2))
        expect(reais).not.toBeNull()
        expect(toCents(reais as number)).toBe(cents)
      }),
      { numRuns: 300 }
    )
  })

  it("reads the freight service's own price text (the sandbox's formatter) to the centavo", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e15 }), (cents) => {
        expect(freightPriceCents(formatBrazilianMoney(cents))).toBe(cents)
      }),
      { numRuns: 300 }
    )
  })

  it("arbitrary text never gives NaN or Infinity: a finite number or null", () => {
    fc.assert(
      fc.property(decimalText, (text) => {
        const value = parseBrazilianDecimal(text)
        if (value !== null) expect(Number.isFinite(value)).toBe(true)
        const cents = freightPriceCents(text)
        if (cents !== null) expect(Number.isSafeInteger(cents)).toBe(true)
        // A text without a single ASCII digit is never a number.
        if (!/\d/.test(text)) expect(value).toBeNull()
      }),
      { numRuns: 300 }
    )
  })

  it("anything that is not text or a finite number reads as null", () => {
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.constantFrom(Number.NaN, Infinity, -Infinity)), (input) => {
        const value = parseBrazilianDecimal(input)
        if (typeof input === "number" && Number.isFinite(input)) expect(value).toBe(input)
        else if (typeof input !== "string") expect(value).toBeNull()
      })
    )
  })

  it("toCents gives whole centavos within half a centavo, symmetric in sign", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e12, max: 1e12, noNaN: true }), (reais) => {
        const cents = toCents(reais)
        expect(Number.isInteger(cents)).toBe(true)
        expect(Math.abs(cents / 100 - reais)).toBeLessThanOrEqual(
          0.005 + 4 * Number.EPSILON * Math.max(1, Math.abs(reais))
        )
        expect(toCents(-reais)).toBe(-cents === 0 ? 0 : -cents)
      }),
      { numRuns: 300 }
    )
  })

  it("formatDecimalText writes plain dot-decimal text, never an exponent, within half a last decimal", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 1e15, noNaN: true }),
          fc.double({ min: 0, noNaN: true, noDefaultInfinity: true })
        ),
        fc.integer({ min: 0, max: 3 }),
        (value, digits) => {
          const text = formatDecimalText(value, digits)
          expect(text).toMatch(/^\d+(\.\d+)?$/)
          expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(tolerance(value, digits))
        }
      ),
      { numRuns: 300 }
    )
  })
})

describe("numberOf (properties)", () => {
  it("never throws, and gives a finite number or null, for any value", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withTypedArray: true,
          withSparseArray: true,
          withBoxedValues: true,
        }),
        (input) => {
          const value = numberOf(input)
          expect(value === null || Number.isFinite(value)).toBe(true)
        }
      ),
      { numRuns: 300 }
    )
  })

  it("reads any finite number, its text, and BigNumber-like wrappers of either, as the number", () => {
    fc.assert(
      fc.property(finite, fc.constantFrom("number", "text", "numeric", "value", "nested"), (value, form) => {
        const wrapped = {
          number: value,
          text: ` ${value} `,
          numeric: { numeric: value },
          value: { value: String(value) },
          nested: { value: { numeric: value } },
        }[form]
        const read = numberOf(wrapped)
        expect(read).not.toBeNull()
        // String(-0) is "0": the sign of zero is not kept through text, and need not be.
        expect((read as number) + 0).toBe(value + 0)
      }),
      { numRuns: 300 }
    )
  })

  it("reads NaN, Infinity and their texts, and blank text, as null", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(Number.NaN, Infinity, -Infinity, "NaN", "Infinity", "-Infinity", "1e999", "", "   ", "\u3000"),
        (input) => {
          expect(numberOf(input)).toBeNull()
          expect(numberOf({ numeric: input })).toBeNull()
        }
      )
    )
  })

  it("does not loop forever on a wrapper that contains itself", () => {
    fc.assert(
      fc.property(fc.constantFrom("value", "numeric"), fc.nat({ max: 5 }), (member, depth) => {
        const cyclic: Record<string, unknown> = {}
        let outer: Record<string, unknown> = cyclic
        for (let i = 0; i < depth; i++) outer = { [member]: outer }
        cyclic[member] = outer
        expect(numberOf(outer)).toBeNull()
      })
    )
  })
})
