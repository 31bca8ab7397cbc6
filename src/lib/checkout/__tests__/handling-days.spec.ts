import { freteSettingsSchema } from "../../settings/schema"
import { buildFreightQuery, type QuoteRequest, type ShippableItem } from "../build-freight-query"
import { handlingDaysOf, readHandlingDays } from "../handling-days"

const KG_CM = { weight: "kg", dimension: "cm" } as const

describe("readHandlingDays", () => {
  it("reads whole days from 0 to 365, as a number or as digits", () => {
    expect(readHandlingDays(5)).toBe(5)
    expect(readHandlingDays("12")).toBe(12)
    expect(readHandlingDays(" 7 ")).toBe(7)
    expect(readHandlingDays(0)).toBe(0)
    expect(readHandlingDays(365)).toBe(365)
  })

  it("reads anything else as no value", () => {
    for (const value of [undefined, null, "", "abc", "5 dias", -1, 366, 2.5, "2.5", "-3", Number.NaN, true, {}, [5]]) {
      expect(readHandlingDays(value)).toBeNull()
    }
  })
})

describe("handlingDaysOf", () => {
  it("takes the variant's, else the product's, else 0", () => {
    expect(handlingDaysOf({ dias: 3 }, { dias: 10 }, "dias")).toBe(3)
    expect(handlingDaysOf({ dias: 0 }, { dias: 10 }, "dias")).toBe(0)
    expect(handlingDaysOf({}, { dias: "10" }, "dias")).toBe(10)
    expect(handlingDaysOf(null, undefined, "dias")).toBe(0)
  })

  it("falls back to the product's when the variant's cannot be read, and reads only the configured key", () => {
    expect(handlingDaysOf({ dias: "três" }, { dias: 4 }, "dias")).toBe(4)
    expect(handlingDaysOf({ frete_handling_days: 9 }, null, "dias")).toBe(0)
  })
})

describe("buildFreightQuery with handling days", () => {
  const settings = (extra_days: number, key?: string) =>
    freteSettingsSchema.parse({
      origin_cep: "01310-100",
      extra_days,
      ...(key ? { handling_days_metadata_key: key } : {}),
    })
  const item = (
    sku: string,
    variant: Record<string, unknown> | null,
    product: Record<string, unknown> | null = null
  ): ShippableItem => ({
    sku,
    quantity: 1,
    unitPrice: 50,
    variant: { weight: 0.3, length: 30, height: 4, width: 20 },
    handlingMetadata: { variant, product },
  })
  const request = (items: ShippableItem[], overrides: Partial<QuoteRequest> = {}): QuoteRequest => ({
    destinationCep: "20040-002",
    items,
    ...overrides,
  })

  it("sends the largest of the items' handling days; the settings' extra days are a rule, not sent", () => {
    const items = [
      item("FEITO-SOB-MEDIDA", { frete_handling_days: 5 }),
      item("PRONTA-ENTREGA", { frete_handling_days: 0 }),
      item("SEM-PRAZO", null),
    ]
    expect(buildFreightQuery(request(items), settings(0), KG_CM).query.extraDays).toBe(5)
    expect(buildFreightQuery(request(items), settings(2), KG_CM).query.extraDays).toBe(5)
  })

  it("reads the key the settings name, on the variant, else the product", () => {
    const items = [
      item("A", null, { prazo_fabricacao: "8" }),
      item("B", { prazo_fabricacao: 3 }, { prazo_fabricacao: 20 }),
    ]
    expect(buildFreightQuery(request(items), settings(1, "prazo_fabricacao"), KG_CM).query.extraDays).toBe(8)
    expect(buildFreightQuery(request(items), settings(1), KG_CM).query.extraDays).toBe(0)
  })

  it("ignores the handling days of a line that is not shipped", () => {
    const items = [
      { ...item("ZERADO", { frete_handling_days: 30 }), quantity: 0 },
      item("OK", { frete_handling_days: 1 }),
    ]
    expect(buildFreightQuery(request(items), settings(0), KG_CM).query.extraDays).toBe(1)
  })
})

describe("buildFreightQuery for a return", () => {
  const settings = freteSettingsSchema.parse({
    origin_cep: "01310-100",
    extra_days: 2,
    extra_price: { type: "fixed", value: 5 },
    free_freight_rules: [{ min_subtotal: 0 }],
  })
  const items: ShippableItem[] = [
    { sku: "CAMISETA-P", quantity: 1, unitPrice: 120, handlingMetadata: { variant: { frete_handling_days: 5 } } },
  ]

  it("runs from the customer's CEP to the stock location's, with no handling days and no cart for the rules", () => {
    const { query, cart } = buildFreightQuery(
      { destinationCep: "20040-002", originCep: "04538-132", items, isReturn: true },
      settings,
      KG_CM
    )
    expect(query).toMatchObject({ originCep: "20040002", destinationCep: "04538132", extraDays: 0, invoiceValue: 120 })
    expect(cart).toBeNull()
  })

  it("sends the return to the settings' origin when the option's stock location has no CEP", () => {
    const { query } = buildFreightQuery({ destinationCep: "20040-002", items, isReturn: true }, settings, KG_CM)
    expect(query).toMatchObject({ originCep: "20040002", destinationCep: "01310100" })
  })

  it("prices the same items as a delivery the other way, with the settings' rules", () => {
    const { query } = buildFreightQuery({ destinationCep: "20040-002", originCep: "04538-132", items }, settings, KG_CM)
    const { cart } = buildFreightQuery({ destinationCep: "20040-002", originCep: "04538-132", items }, settings, KG_CM)
    expect(query).toMatchObject({ originCep: "04538132", destinationCep: "20040002", extraDays: 5 })
    expect(cart).toMatchObject({ subtotal: 120, destinationCep: "20040002", state: "RJ" })
  })
})
