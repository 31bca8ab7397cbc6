import fc from "fast-check"
import { validateTrackingOrder } from "../../../../sandbox/tracking"
import { DEFAULT_SETTINGS, type FreteSettings } from "../../settings/schema"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../build-tracking-order"
import { trackingOrderSchema, type TrackingOrder } from "../schemas"
import type { ShipmentFacts } from "../shipment-facts"
import {
  cpfsIn,
  digitString,
  formatCpf,
  referenceCnpj,
  referenceCpf,
  validCnpj,
  validCpf,
} from "../../brazil/__tests__/tax-number-reference"

// ---- Text as shops really store it: any script, emoji, RTL, combining marks, controls, 10k characters ----

const oddities = fc.constantFrom(
  "\u0000",
  "\u0007",
  "\u001b[31m",
  "\t",
  "\r\n",
  "\u202e",
  "\u200f",
  "\u200b",
  "\ufeff",
  "\u2028",
  "\u00a0",
  "مرحبا",
  "שלום",
  "São João",
  "e\u0301",
  "ǅ",
  "👩‍👩‍👧‍👦",
  "🇧🇷",
  "\ud800",
  "\udfff",
  "ß",
  "ŉ",
  "İ",
  "ﬃ",
  "Ω",
  "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
  "٣٤٥",
  "１２３"
)
const shortText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.oneof(oddities, fc.string({ unit: "grapheme-ascii", maxLength: 6 })), { maxLength: 6 })
      .map((parts) => parts.join("")),
  }
)
const longText = fc
  .tuple(
    fc.oneof(shortText, oddities).filter((chunk) => chunk.length > 0),
    fc.integer({ min: 900, max: 10_000 })
  )
  .map(([chunk, length]) => chunk.repeat(Math.ceil(length / chunk.length)))
const text = fc.oneof({ weight: 8, arbitrary: shortText }, { weight: 1, arbitrary: longText })
const nullableText = fc.option(text, { nil: null })

/** A number a Medusa column or the provider's data may hold, sane or not. */
const messyNumber = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0, max: 5000, noNaN: true }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      0,
      -1,
      -0.01,
      Number.NaN,
      Infinity,
      -Infinity,
      1e12,
      1e300,
      Number.MAX_VALUE,
      Number.MIN_VALUE
    ),
  },
  { weight: 1, arbitrary: fc.double() }
)
const nullableNumber = fc.option(messyNumber, { nil: null })
/** What hand-edited or app-written metadata may hold. */
const metadataValue: fc.Arbitrary<unknown> = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.object({ maxDepth: 1 }),
  fc.array(fc.integer(), { maxLength: 3 })
)

const cpfValue: fc.Arbitrary<unknown> = fc.oneof(
  validCpf,
  validCpf.map(formatCpf),
  validCpf.map((cpf) => ` ${cpf.slice(0, 3)} ${cpf.slice(3)} `),
  validCpf.filter((cpf) => cpf[0] !== "0").map(Number),
  digitString(11),
  validCpf.map((cpf) => `${cpf.slice(0, 10)}${(Number(cpf[10]) + 1) % 10}`),
  fc.string({ unit: fc.constantFrom(..."0123456789.-/ "), maxLength: 20 }),
  metadataValue
)
const phone: fc.Arbitrary<string | null> = fc.oneof(
  fc.constant(null),
  fc
    .tuple(fc.integer({ min: 11, max: 99 }), fc.boolean(), digitString(8))
    .map(([ddd, mobile, rest]) => `+55 (${ddd}) ${mobile ? "9" : ""}${rest.slice(0, 4)}-${rest.slice(4)}`),
  fc.string({ unit: fc.constantFrom(..."0123456789+()- "), maxLength: 20 }),
  text
)
const email = fc.option(
  fc.oneof(
    fc.emailAddress(),
    text,
    text.map((local) => `${local}@exemplo.com.br`)
  ),
  { nil: null }
)
const birthDate: fc.Arbitrary<unknown> = fc.oneof(
  fc
    .date({ min: new Date("1850-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  fc.constantFrom("2026-02-30", "1990-13-01", "17/05/1990", "1990-5-17", " 1990-05-17 "),
  metadataValue
)

const METANAMES = ["correios-sedex", "correios-pac", "jadlog-package"]
const metadata = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.option(fc.record(fields, { requiredKeys: [] }) as fc.Arbitrary<Record<string, unknown>>, { nil: null })
const address = fc.option(
  fc.record({
    firstName: nullableText,
    lastName: nullableText,
    phone,
    address1: fc.option(
      fc.oneof(
        text,
        fc
          .tuple(
            text,
            fc.constantFrom(", ", " ", " - ", ", nº "),
            fc.oneof(fc.nat().map(String), fc.constantFrom("s/n", "45A"))
          )
          .map((parts) => parts.join(""))
      ),
      { nil: null }
    ),
    address2: nullableText,
    city: nullableText,
    province: fc.option(fc.oneof(fc.constantFrom("RJ", "br-sp", "Rio de Janeiro", "xx"), text), { nil: null }),
    postalCode: fc.option(
      fc.oneof(
        digitString(8),
        digitString(8).map((cep) => `${cep.slice(0, 5)}-${cep.slice(5)}`),
        text
      ),
      { nil: null }
    ),
    countryCode: fc.option(fc.oneof(fc.constantFrom("br", "BR", "pt"), text), { nil: null }),
    metadata: metadata({ cpf: cpfValue, number: metadataValue, numero: metadataValue }),
  }),
  { nil: null }
)
const customer = fc.option(
  fc.record({
    firstName: nullableText,
    lastName: nullableText,
    email,
    phone,
    metadata: metadata({ cpf: cpfValue, date_of_birth: birthDate, data_nascimento: birthDate }),
  }),
  { nil: null }
)
const item = fc.record({
  title: text,
  quantity: messyNumber,
  weightKg: nullableNumber,
  lengthCm: nullableNumber,
  widthCm: nullableNumber,
  heightCm: nullableNumber,
})
const shippedAt = fc.date({
  min: new Date("2000-01-01T00:00:00Z"),
  max: new Date("2100-12-31T23:59:59Z"),
  noInvalidDate: true,
})

const facts: fc.Arbitrary<ShipmentFacts> = fc.record({
  orderDisplayId: fc.oneof(fc.integer({ min: 1, max: 2 ** 31 }), fc.stringMatching(/^[A-Z0-9-]{1,20}$/)),
  orderTotal: nullableNumber,
  orderEmail: email,
  orderMetadata: metadata({ nfe_numero: metadataValue, nfe_serie: metadataValue }),
  items: fc.array(item, { maxLength: 6 }),
  shippedAt,
  fulfillmentMetadata: metadata({ nfe_numero: metadataValue, nfe_serie: metadataValue, freight_number: metadataValue }),
  trackingNumbers: fc.array(fc.oneof(fc.stringMatching(/^[A-Z]{2}\d{9}BR$/), text), { maxLength: 3 }),
  method: fc.record({
    name: nullableText,
    amount: nullableNumber,
    service: fc.option(fc.oneof(fc.constantFrom(...METANAMES), text), { nil: null }),
    serviceName: nullableText,
    carrier: nullableText,
    days: fc.option(
      fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constantFrom(-1, 1.5, Number.NaN, 1001, 1_000_000, 2 ** 53)),
      { nil: null }
    ),
  }),
  shippingAddress: address,
  customer,
  salesChannelName: nullableText,
  originCep: fc.option(fc.oneof(digitString(8), text), { nil: null }),
  noNotification: fc.boolean(),
})

const settings: fc.Arbitrary<FreteSettings> = fc
  .record({
    company_document: fc.option(fc.oneof(validCnpj, digitString(14)), { nil: null }),
    origin_cep: fc.option(digitString(8), { nil: null }),
    send_sms: fc.boolean(),
    send_email: fc.boolean(),
    carriers: fc.subarray([
      { service: "correios-sedex", carrier_id: "3f2504e0-4f89-11d3-9a0c-0305e82c3301", carrier_name: "Correios" },
      { service: "jadlog-package", carrier_id: null, carrier_name: "Jadlog" },
    ]),
  })
  .map(({ company_document, origin_cep, send_sms, send_email, carriers }) => ({
    ...DEFAULT_SETTINGS,
    origin_cep,
    tracking: { ...DEFAULT_SETTINGS.tracking, company_document, send_sms, send_email, carriers },
  }))

/** The CPF digits the facts carry in the metadata (either source), for the leak check. */
function cpfDigitsGiven(f: ShipmentFacts): string[] {
  return (
    [f.shippingAddress?.metadata?.cpf, f.customer?.metadata?.cpf]
      .map((raw) =>
        typeof raw === "number" ? String(raw).padStart(11, "0") : typeof raw === "string" ? raw.replace(/\D/g, "") : ""
      )
      // Eleven equal digits are no one's CPF: "00000000000" inside an item's quantity is no leak.
      .filter((digits) => digits.length === 11 && !/^(\d)\1{10}$/.test(digits))
  )
}

const isBlank = (raw: unknown) => raw === null || raw === undefined || (typeof raw === "string" && raw.trim() === "")

/** Every rule a built order must keep, as a list of the broken ones (one expect: jest's are slow by the hundred). */
function problemsOf(built: BuiltTrackingOrder, f: ShipmentFacts): string[] {
  const { order, omitted } = built
  const problems: string[] = []
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem)
  }
  check(trackingOrderSchema.safeParse(order).success, "the plugin's own schema refuses the order")
  // The service's own validation (the sandbox encodes the document's field table and formats).
  const verdict = validateTrackingOrder(JSON.stringify(order))
  check(verdict.ok, `the sandbox refuses the order: ${verdict.ok ? "" : verdict.message}`)

  const omittedFields = omitted.map((entry) => entry.field as string)
  for (const [field, value] of Object.entries(order)) {
    if (typeof value === "string") check(value.length <= 1000, `${field} is ${value.length} characters long`)
    if (typeof value === "number") check(Number.isFinite(value) && value >= 0, `${field} is ${value}`)
    check(!omittedFields.includes(field), `${field} is both sent and omitted`)
  }
  check((order.Description ?? "").length <= 255, "Description is over 255 characters")
  check(new Set(omittedFields).size === omittedFields.length, "a field is omitted twice")
  for (const entry of omitted) check(entry.reason.trim().length > 0, `${entry.field} is omitted without a reason`)

  if (order.CustomerDocumentNumber !== undefined)
    check(referenceCpf(order.CustomerDocumentNumber), "CustomerDocumentNumber is not a valid CPF")
  if (order.CompanyDocumentNumber !== undefined)
    check(referenceCnpj(order.CompanyDocumentNumber), "CompanyDocumentNumber is not a valid CNPJ")

  // No full CPF in any reason, nor the shopper's CPF in any field but its own.
  for (const entry of omitted) check(cpfsIn(entry.reason).length === 0, `the reason for ${entry.field} shows a CPF`)
  const given = cpfDigitsGiven(f)
  for (const [field, value] of Object.entries(order)) {
    if (field === "CustomerDocumentNumber" || typeof value !== "string") continue
    const digits = value.replace(/\D/g, "")
    for (const cpf of given) check(!digits.includes(cpf), `${field} shows the shopper's CPF`)
  }

  // A value the shop has is either sent or listed with the reason it was not.
  const accounted = (field: keyof TrackingOrder, sources: unknown[]) => {
    if (sources.some((raw) => !isBlank(raw)))
      check(field in order || omittedFields.includes(field), `${field} was given, but is neither sent nor omitted`)
  }
  accounted("CustomerDocumentNumber", [f.shippingAddress?.metadata?.cpf, f.customer?.metadata?.cpf])
  accounted("CustomerPhone", [f.shippingAddress?.phone, f.customer?.phone])
  accounted("CustomerPostalCode", [f.shippingAddress?.postalCode])
  accounted("OrderSalesValue", [f.orderTotal])
  accounted("FreightCost", [f.method.amount])
  accounted("DateToDelivery", [f.method.days])
  return problems
}

function expectAccepted(built: BuiltTrackingOrder, f: ShipmentFacts) {
  expect(problemsOf(built, f)).toEqual([])
}

function attempt(f: ShipmentFacts, s: FreteSettings): BuiltTrackingOrder {
  return buildTrackingOrder(f, s)
}

describe("buildTrackingOrder (properties)", () => {
  it("any facts give an order the tracking service accepts, with every unusable value left out for a reason", () => {
    fc.assert(
      fc.property(facts, settings, (f, s) => {
        expectAccepted(attempt(f, s), f)
      }),
      { numRuns: 150 }
    )
  })

  it("sends the shopper's CPF, digits only, exactly when it is a valid CPF, and never shows it in a reason", () => {
    fc.assert(
      fc.property(facts, settings, cpfValue, (f, s, cpf) => {
        const withCpf: ShipmentFacts = {
          ...f,
          customer: null,
          shippingAddress: {
            ...(f.shippingAddress ?? ({} as NonNullable<ShipmentFacts["shippingAddress"]>)),
            metadata: { cpf },
          },
        }
        const built = attempt(withCpf, s)
        expectAccepted(built, withCpf)
        const digits =
          typeof cpf === "number"
            ? String(cpf).padStart(11, "0")
            : typeof cpf === "string" && /^[\d.\-/\s]+$/.test(cpf.trim())
              ? cpf.replace(/\D/g, "")
              : null
        if (digits !== null && referenceCpf(digits)) {
          expect(built.order.CustomerDocumentNumber).toBe(digits)
        } else {
          expect(built.order.CustomerDocumentNumber).toBeUndefined()
          if (!isBlank(cpf)) expect(built.omitted.map((entry) => entry.field)).toContain("CustomerDocumentNumber")
        }
      }),
      { numRuns: 150 }
    )
  })

  it("refuses only a shipping moment it cannot write, with a RangeError", () => {
    const outOfRange = fc.oneof(
      fc.constant(new Date(Number.NaN)),
      fc.date({ min: new Date(-8.64e15), max: new Date("0999-12-31T00:00:00Z"), noInvalidDate: true }),
      fc.date({ min: new Date("+010000-01-01T00:00:00Z"), max: new Date(8.64e15), noInvalidDate: true })
    )
    fc.assert(
      fc.property(facts, settings, outOfRange, (f, s, when) => {
        expect(() => attempt({ ...f, shippedAt: when }, s)).toThrow(RangeError)
      }),
      { numRuns: 50 }
    )
  })

  it("writes any moment of the years 1000 to 9999 as a valid date, the promised date included when it fits the calendar", () => {
    const anyYear = fc.date({
      min: new Date("1000-01-01T03:00:00Z"),
      max: new Date("9999-12-31T23:59:59Z"),
      noInvalidDate: true,
    })
    fc.assert(
      fc.property(facts, settings, anyYear, (f, s, when) => {
        expectAccepted(attempt({ ...f, shippedAt: when }, s), f)
      }),
      { numRuns: 60 }
    )
  })

  it("refuses an order number the service cannot take (blank, or beyond its text limit) with a RangeError", () => {
    const badId = fc.oneof(
      fc.constantFrom("", " ", "\t\n"),
      fc.integer({ min: 1001, max: 5000 }).map((length) => "9".repeat(length))
    )
    fc.assert(
      fc.property(facts, settings, badId, (f, s, id) => {
        expect(() => attempt({ ...f, orderDisplayId: id }, s)).toThrow(RangeError)
      }),
      { numRuns: 50 }
    )
  })
})
