import fc from "fast-check"
import { validateFreightQuery } from "../../../../sandbox/freight"
import { buildWireQuery } from "../../freight/client"
import { freightQuerySchema } from "../../freight/schemas"
import { BRAZILIAN_STATES } from "../../brazil/cep-state"
import { freteSettingsSchema, type FreteSettings } from "../../settings/schema"
import {
  buildFreightQuery,
  MAX_PLAUSIBLE_CM,
  MAX_PLAUSIBLE_KG,
  type BuiltQuery,
  type QuoteRequest,
  type ShippableItem,
} from "../build-freight-query"
import { ShopperError, type ShopperErrorCode } from "../shopper-error"
import type { DimensionUnit, WeightUnit } from "../units"

type Units = { weight: WeightUnit; dimension: DimensionUnit }

const eightDigits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 8, maxLength: 8 })
/** CEPs the sandbox's postal base knows (01000-000 to 99999-998 but for 78900-78999, which Correios leave unassigned). */
const knownCep = fc
  .integer({ min: 1_000_000, max: 99_999_998 })
  .filter((n) => n < 78_900_000 || n > 78_999_999)
  .map((n) => String(n).padStart(8, "0"))
const writtenCep = fc.oneof(
  knownCep,
  knownCep.map((cep) => `${cep.slice(0, 5)}-${cep.slice(5)}`),
  knownCep.map((cep) => ` ${cep.slice(0, 2)}.${cep.slice(2, 5)}-${cep.slice(5)} `)
)
/** What a CEP field may hold at run time, well beyond its declared type. */
const messyCep: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: writtenCep },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, "", "   ", "2004-002", "CEP 20040-002", "٢٠٠٤٠٠٠٢") },
  { weight: 1, arbitrary: fc.string() },
  {
    weight: 1,
    arbitrary: fc.oneof(fc.integer({ min: 10_000_000, max: 99_999_999 }), fc.double(), fc.boolean(), fc.object()),
  }
)

/** Measures and prices as a store may really hold them: missing, 0, negative, NaN, Infinity, absurd, text. */
const messyNumber: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0.001, max: 2000, noNaN: true }) },
  { weight: 2, arbitrary: fc.integer({ min: -5, max: 5000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      undefined,
      null,
      0,
      -0,
      -1,
      Number.NaN,
      Infinity,
      -Infinity,
      1e12,
      1e300,
      Number.MAX_VALUE,
      Number.MIN_VALUE,
      1e-9
    ),
  },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom("1.5", "abc", "", "1e3", "2,5") }
)
const messyQuantity: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 20 }) },
  { weight: 2, arbitrary: fc.integer({ min: -3, max: 1_000_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(0, -1, 0.5, 1.5, Number.NaN, Infinity, 2 ** 53, 1e21, 1e300, "2", null, undefined),
  }
)
const sku = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[A-Z]{2,8}-\d{1,4}$/) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 300 }) },
  { weight: 1, arbitrary: fc.constantFrom("", "x".repeat(256), "😀".repeat(200)) }
)

const variant = fc.oneof(
  fc.constantFrom(null, undefined),
  fc.record({ weight: messyNumber, length: messyNumber, height: messyNumber, width: messyNumber }, { requiredKeys: [] })
)
const item = fc.record({
  sku,
  quantity: messyQuantity,
  unitPrice: messyNumber,
  variant,
  productWeight: messyNumber,
}) as unknown as fc.Arbitrary<ShippableItem>
const units: fc.Arbitrary<Units> = fc.record({
  weight: fc.constantFrom<WeightUnit>("g", "kg"),
  dimension: fc.constantFrom<DimensionUnit>("cm", "mm", "m"),
})

/** Settings as the admin can save them: generated as input and parsed by the real schema. */
const settings: fc.Arbitrary<FreteSettings> = fc
  .record({
    origin_cep: fc.oneof(fc.constant(null), knownCep),
    extra_days: fc.integer({ min: 0, max: 365 }),
    extra_price: fc.oneof(
      fc.record({ type: fc.constant("fixed" as const), value: fc.double({ min: 0, max: 1_000_000, noNaN: true }) }),
      fc.record({ type: fc.constant("percent" as const), value: fc.double({ min: 0, max: 100, noNaN: true }) })
    ),
    free_freight_rules: fc.array(
      fc.record({
        min_subtotal: fc.double({ min: 0, max: 1_000_000, noNaN: true }),
        states: fc.subarray([...BRAZILIAN_STATES], { maxLength: 4 }),
        cep_ranges: fc.array(
          fc.tuple(eightDigits, eightDigits).map(([a, b]) => (a <= b ? { from: a, to: b } : { from: b, to: a })),
          { maxLength: 2 }
        ),
      }),
      { maxLength: 3 }
    ),
    default_package: fc.record({
      weight_kg: fc.double({ min: 0.001, max: 1000, noNaN: true }),
      length_cm: fc.double({ min: 0.01, max: 500, noNaN: true }),
      width_cm: fc.double({ min: 0.01, max: 500, noNaN: true }),
      height_cm: fc.double({ min: 0.01, max: 500, noNaN: true }),
    }),
  })
  .map((input) => freteSettingsSchema.parse(input))

const request = (items: fc.Arbitrary<ShippableItem[]>) =>
  fc.record({
    originCep: messyCep,
    destinationCep: messyCep,
    destinationState: fc.oneof(fc.constantFrom(null, undefined, "RJ", "br-sp", "São Paulo"), fc.string(), fc.integer()),
    items,
  }) as unknown as fc.Arbitrary<QuoteRequest>

/** Whether the shipped items' subtotal is beyond what whole centavos count exactly (R$ 90 trillion): refused on purpose. */
function tooLargeToCount(items: ShippableItem[]): boolean {
  const price = (each: ShippableItem) =>
    typeof each.unitPrice === "number" && Number.isFinite(each.unitPrice) && each.unitPrice > 0 ? each.unitPrice : 0
  const subtotal = items
    .filter((each) => Number.isSafeInteger(each.quantity) && each.quantity > 0)
    .reduce((sum, each) => sum + price(each) * each.quantity, 0)
  return !(subtotal * 100 < Number.MAX_SAFE_INTEGER)
}

const ON_PURPOSE: ShopperErrorCode[] = ["missing_cep", "invalid_cep", "no_origin", "no_items"]

/** The built query, or the ShopperError thrown on purpose; any other throw fails the property. */
function attempt(req: QuoteRequest, s: FreteSettings, u: Units): BuiltQuery | ShopperError {
  try {
    return buildFreightQuery(req, s, u)
  } catch (error) {
    if (error instanceof ShopperError) return error
    throw error
  }
}

/** Everything the freight API and the plugin's own wire schema require of a query. */
function expectSendable(built: BuiltQuery) {
  const { query } = built
  const checked = freightQuerySchema.safeParse(query)
  expect(
    checked.success ? [] : checked.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`)
  ).toEqual([])
  expect(built.subtotal).toBe(query.invoiceValue)
  for (const volume of query.volumes) {
    expect(Number.isSafeInteger(volume.quantity) && volume.quantity > 0).toBe(true)
    expect(volume.weightKg).toBeGreaterThanOrEqual(0.001)
    expect(Math.min(volume.lengthCm, volume.heightCm, volume.widthCm)).toBeGreaterThanOrEqual(0.01)
  }
  // The body as sent: the sandbox, which follows the interface document, takes it. A well-formed
  // CEP its postal base leaves out (99999-999, 00xxx-xxx) is an answer about the CEP (erro_id 101
  // or 102), not a query built wrong.
  const validation = validateFreightQuery(JSON.stringify(buildWireQuery(query)))
  const cepOutsideTheBase = !validation.ok && [101, 102].includes(validation.error.erro_id)
  expect(validation.ok || cepOutsideTheBase ? "ok" : validation.error).toBe("ok")
}

describe("buildFreightQuery (properties)", () => {
  it("any cart gives a query the freight API accepts, or a ShopperError thrown on purpose", () => {
    fc.assert(
      fc.property(request(fc.array(item, { maxLength: 12 })), settings, units, (req, s, u) => {
        const result = attempt(req, s, u)
        if (result instanceof ShopperError && result.code === "freight_unavailable") {
          expect(tooLargeToCount(req.items)).toBe(true)
        } else if (result instanceof ShopperError) {
          expect(ON_PURPOSE).toContain(result.code)
          expect(result.message).toMatch(/frete|CEP|itens/)
        } else {
          expectSendable(result)
        }
      }),
      { numRuns: 200 }
    )
  })

  it("a cart with a good CEP and one shippable item always gives a query, whatever else is wrong", () => {
    const good: fc.Arbitrary<ShippableItem> = fc.record({
      sku,
      quantity: fc.integer({ min: 1, max: 1000 }),
      unitPrice: fc.double({ min: 0, max: 1e6, noNaN: true }),
      variant,
      productWeight: messyNumber,
    }) as fc.Arbitrary<ShippableItem>
    fc.assert(
      fc.property(
        writtenCep,
        good,
        fc.array(item, { maxLength: 6 }),
        settings,
        units,
        (cep, shippable, others, s, u) => {
          const items = [...others, shippable]
          const result = attempt({ destinationCep: cep, originCep: "01310-100", items }, s, u)
          if (tooLargeToCount(items)) {
            expect(result).toMatchObject({ code: "freight_unavailable" })
            return
          }
          expect(result).not.toBeInstanceOf(ShopperError)
          expectSendable(result as BuiltQuery)
        }
      ),
      { numRuns: 200 }
    )
  })

  it("measures in any unit: a measured variant's plausible weight and dimensions are converted, else the default box's are used", () => {
    const measure = fc.double({ min: 1, max: 5000, noNaN: true })
    fc.assert(
      fc.property(
        fc.record({ weight: measure, length: measure, height: measure, width: measure }),
        settings,
        units,
        (v, s, u) => {
          const built = attempt(
            {
              destinationCep: "20040-002",
              originCep: "01310100",
              items: [{ sku: "A", quantity: 1, unitPrice: 10, variant: v }],
            },
            s,
            u
          ) as BuiltQuery
          const [volume] = built.query.volumes
          const close = (actual: number, expected: number, digits: number) =>
            expect(Math.abs(actual - Math.max(expected, 10 ** -digits))).toBeLessThanOrEqual(
              0.5 * 10 ** -digits + 1e-9 * expected
            )
          // 1 g = 0.001 kg; 1 mm = 0.1 cm, 1 m = 100 cm.
          const kg = v.weight * { g: 0.001, kg: 1 }[u.weight]
          const cm = [v.length, v.height, v.width].map((value) => value * { mm: 0.1, cm: 1, m: 100 }[u.dimension])
          const box = s.default_package
          close(volume.weightKg, kg <= MAX_PLAUSIBLE_KG ? kg : box.weight_kg, 3)
          const [length, height, width] = cm.every((value) => value <= MAX_PLAUSIBLE_CM)
            ? cm
            : [box.length_cm, box.height_cm, box.width_cm]
          close(volume.lengthCm, length, 2)
          close(volume.heightCm, height, 2)
          close(volume.widthCm, width, 2)
        }
      ),
      { numRuns: 200 }
    )
  })

  it("the invoice value is the sum of price × quantity of the items it ships, to the centavo, and the item order does not matter", () => {
    const priced: fc.Arbitrary<ShippableItem> = fc.record({
      sku,
      quantity: fc.integer({ min: 1, max: 1000 }),
      unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => cents / 100),
      variant,
    }) as fc.Arbitrary<ShippableItem>
    fc.assert(
      fc.property(fc.array(priced, { minLength: 1, maxLength: 20 }), settings, units, (items, s, u) => {
        const built = attempt({ destinationCep: "20040-002", originCep: "01310100", items }, s, u) as BuiltQuery
        const cents = items.reduce((sum, each) => sum + Math.round(each.unitPrice * 100) * each.quantity, 0)
        expect(Math.round(built.query.invoiceValue * 100)).toBe(cents)
        expect(
          buildFreightQuery({ destinationCep: "20040-002", originCep: "01310100", items: [...items].reverse() }, s, u)
        ).toEqual(built)
      }),
      { numRuns: 100 }
    )
  })

  it("a 500-item cart is one query of 500 volumes, which the freight API accepts", () => {
    fc.assert(
      // No shrinking of 500 items (minutes); the small carts above give the minimal counterexamples.
      fc.property(fc.noShrink(fc.array(item, { minLength: 500, maxLength: 500 })), settings, units, (items, s, u) => {
        const shippable = [...items, { sku: "LAST", quantity: 1, unitPrice: 1, variant: null }]
        const result = attempt(
          { destinationCep: "69900-000", originCep: "90000-000", items: shippable },
          s,
          u
        ) as BuiltQuery
        if (tooLargeToCount(shippable)) {
          expect(result).toMatchObject({ code: "freight_unavailable" })
          return
        }
        expect(result).not.toBeInstanceOf(ShopperError)
        expect(result.query.volumes.length).toBe(
          shippable.filter((each) => Number.isSafeInteger(each.quantity) && each.quantity > 0).length
        )
        expectSendable(result)
      }),
      { numRuns: 15 }
    )
  })
})
