// The bad values the bad-input specs send and the oracles they judge the answers by: shared by
// the files of this folder, one per route or group of small routes.
import fc from "fast-check"
import { ShopperError, type ShopperErrorCode } from "../../../src/lib/checkout/shopper-error"

export type Json = unknown

/** Medusa's JSON body parser (express): 100 kB at most, and only an object or an array as the whole body. */
export const BODY_LIMIT_BYTES = 100 * 1024

export const INVALID_CEP = "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100."
export const MISSING_CEP = "Informe o CEP de entrega para calcular o frete."
const SHOPPER_CODES: ShopperErrorCode[] = [
  "missing_cep",
  "invalid_cep",
  "cep_not_served",
  "unsupported_currency",
  "no_items",
  "no_origin",
  "option_unavailable",
  "freight_unavailable",
]
/** The plugin's messages to a shopper whose cart cannot be priced. */
export const SHOPPER_MESSAGES = SHOPPER_CODES.map((code) => new ShopperError(code).message)
/** What zod, Medusa or Express say in English; none of it may reach a merchant or a shopper from the plugin. */
const ENGLISH = /Invalid|expected|received|Too (big|small)|Unrecognized|must|Required|unknown error|not valid JSON/i

export function expectPortuguese(message: unknown, prefix: RegExp) {
  expect(typeof message).toBe("string")
  expect(message).toMatch(prefix)
  expect(message).not.toMatch(ENGLISH)
}

/** The value the server parses from what the client sends (undefined members and NaN do not survive JSON). */
export const overTheWire = (value: Json): Json => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
export const isWellFormed = (text: string) =>
  !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)
export const bytesOf = (value: Json) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)))

// ---- Generators of bad values --------------------------------------------------------------

const LONE_SURROGATES = fc.constantFrom("\ud800", "\udfff", "a\udc00b")
export const ODD_TEXT = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "NaN",
  "Infinity",
  "-1",
  "1e400",
  "0x1F",
  "١٢٣٤٥٦٧٨",
  "０１３１０１００",
  "🚚📦",
  "\u202eabc\u202c",
  "e\u0301\u0301",
  "\t\n\r",
  "null",
  "[]",
  "{}",
  "true",
  "R$ 10,00",
  "1.234,56"
)
export const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  ODD_TEXT,
  LONE_SURROGATES
)
/** Up to ~16 kB of UTF-8: big, yet a few of them stay under Medusa's body limit. */
const hugeText = fc
  .tuple(fc.integer({ min: 1000, max: 4000 }), fc.constantFrom("x", "ç", "🚚"))
  .map(([size, char]) => char.repeat(size))
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, -0.5, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, 5e-324, NaN, Infinity)
)
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null))
export const small: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) }
)
/** A value of the wrong type for any member: text for numbers, numbers for text, arrays, objects, null. */
export const wrong: fc.Arbitrary<Json> = fc.oneof({ weight: 12, arbitrary: small }, { weight: 1, arbitrary: hugeText })
/** A member that is sometimes right, more often wrong. */
export const maybe = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<Json> =>
  fc.oneof({ weight: 1, arbitrary: right }, { weight: 2, arbitrary: wrong })
export const members = <T extends Record<string, fc.Arbitrary<Json>>>(shape: T) =>
  fc.record(shape, { requiredKeys: [] })

const DIGITS = "0123456789"
const digits = (count: number) => fc.string({ unit: fc.constantFrom(...DIGITS), minLength: count, maxLength: count })
/** Anything that is neither an ASCII digit nor the punctuation a CEP may carry (dot, hyphen, whitespace). */
const FOREIGN = fc.constantFrom(
  "a",
  "Z",
  "/",
  "_",
  "#",
  "+",
  ",",
  "e",
  "x",
  "ç",
  "🚚",
  "\u200b",
  "٣",
  "０",
  "'",
  ";",
  "\u0301"
)
const withPunctuation = (cep: string) =>
  fc.constantFrom(cep, `${cep.slice(0, 5)}-${cep.slice(5)}`, ` ${cep} `, cep.split("").join("."))
/** A CEP of a wrong shape: not 8 ASCII digits once its dots, hyphens and spaces are removed. */
export const wrongCep = fc.oneof(
  fc
    .integer({ min: 0, max: 14 })
    .filter((count) => count !== 8)
    .chain(digits)
    .chain(withPunctuation),
  fc.tuple(digits(8), fc.nat(8), FOREIGN).map(([cep, at, char]) => `${cep.slice(0, at)}${char}${cep.slice(at)}`),
  digits(8).map((cep) => cep.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)))),
  digits(8).map((cep) => cep.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))),
  fc.string({ unit: "grapheme", maxLength: 12 }).filter((cep) => !/\d/.test(cep))
)
/** CEPs the sandbox's postal base knows, one per state capital region. */
export const knownCep = fc.constantFrom(
  "01310-100",
  "20040-002",
  "30130-010",
  "40020-000",
  "80010-000",
  "90010-000",
  "69005-010",
  "70040-010"
)
