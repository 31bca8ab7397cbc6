import { freteSettingsSchema, type FreteSettingsInput } from "../../settings/schema"
import { buildFreightQuery, type QuoteRequest, type ShippableItem } from "../build-freight-query"
import { ShopperError, type ShopperErrorCode } from "../shopper-error"
import type { DimensionUnit, WeightUnit } from "../units"

/** The store's units when the test says nothing else. */
const KG_CM = { weight: "kg", dimension: "cm" } as const satisfies { weight: WeightUnit; dimension: DimensionUnit }

/** Settings of a store in São Paulo with a default box no variant in these tests measures. */
const BASE_SETTINGS: FreteSettingsInput = {
  origin_cep: "01310-100",
  default_package: { weight_kg: 0.5, length_cm: 33, width_cm: 22, height_cm: 11 },
}
const SETTINGS = freteSettingsSchema.parse(BASE_SETTINGS)

function settingsWith(overrides: FreteSettingsInput) {
  return freteSettingsSchema.parse({ ...BASE_SETTINGS, ...overrides })
}

/** A T-shirt measured in kg and cm, one of it at R$ 50. */
function item(overrides: Partial<ShippableItem> = {}): ShippableItem {
  return { sku: "CAMISETA-P", quantity: 1, unitPrice: 50, variant: { weight: 0.3, length: 30, height: 4, width: 20 }, ...overrides }
}

/** A cart to Rio de Janeiro (20040-002) holding `items`. */
function request(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return { destinationCep: "20040-002", items: [item()], ...overrides }
}

function build(req: QuoteRequest, settings = SETTINGS, units: { weight: WeightUnit; dimension: DimensionUnit } = KG_CM) {
  return buildFreightQuery(req, settings, units)
}

/** The single volume the query has for a one-item cart. */
function onlyVolume(req: QuoteRequest, settings = SETTINGS, units: { weight: WeightUnit; dimension: DimensionUnit } = KG_CM) {
  const { volumes } = build(req, settings, units).query
  expect(volumes).toHaveLength(1)
  return volumes[0]
}

function shopperErrorCode(run: () => unknown): ShopperErrorCode {
  try {
    run()
  } catch (error) {
    if (error instanceof ShopperError) {
      return error.code
    }
    throw error
  }
  throw new Error("expected a ShopperError, but nothing was thrown")
}

describe("buildFreightQuery", () => {
  describe("CEPs", () => {
    it("normalises the destination and origin CEPs to their 8 digits", () => {
      const { query } = build(request({ destinationCep: " 20.040-002 ", originCep: "04538-132" }))

      expect(query.destinationCep).toBe("20040002")
      expect(query.originCep).toBe("04538132")
    })

    it.each([undefined, null, "", "   "])("refuses a missing destination CEP (%p) as missing_cep", (destinationCep) => {
      expect(shopperErrorCode(() => build(request({ destinationCep })))).toBe("missing_cep")
    })

    it.each(["2004-002", "200400021", "2004O-002", "CEP 20040-002"])("refuses a malformed destination CEP (%p) as invalid_cep", (destinationCep) => {
      expect(shopperErrorCode(() => build(request({ destinationCep })))).toBe("invalid_cep")
    })

    it("ships from the stock location's CEP rather than the settings' origin", () => {
      expect(build(request({ originCep: "30130-010" })).query.originCep).toBe("30130010")
    })

    it.each([undefined, null, "", "not a cep"])("ships from the settings' origin CEP when the request's is %p", (originCep) => {
      expect(build(request({ originCep })).query.originCep).toBe("01310100")
    })

    it("refuses to price when neither the request nor the settings have an origin CEP", () => {
      const noOrigin = settingsWith({ origin_cep: null })

      expect(shopperErrorCode(() => build(request(), noOrigin))).toBe("no_origin")
      expect(build(request({ originCep: "30130-010" }), noOrigin).query.originCep).toBe("30130010")
    })

    it("reports the shopper's missing CEP before the store's missing origin", () => {
      expect(shopperErrorCode(() => build(request({ destinationCep: "" }), settingsWith({ origin_cep: null })))).toBe("missing_cep")
    })
  })

  describe("items", () => {
    it("leaves out items whose quantity is 0, negative or not a whole number, and leaves them out of the subtotal", () => {
      const built = build(
        request({
          items: [
            item({ sku: "KEPT", quantity: 2, unitPrice: 10 }),
            item({ sku: "ZERO", quantity: 0, unitPrice: 1000 }),
            item({ sku: "NEGATIVE", quantity: -1, unitPrice: 1000 }),
            item({ sku: "HALF", quantity: 1.5, unitPrice: 1000 }),
            item({ sku: "NAN", quantity: Number.NaN, unitPrice: 1000 }),
          ],
        })
      )

      expect(built.query.volumes.map((volume) => volume.sku)).toEqual(["KEPT"])
      expect(built.subtotal).toBe(20)
      expect(built.query.invoiceValue).toBe(20)
    })

    it("refuses a cart with no item left to ship as no_items", () => {
      expect(shopperErrorCode(() => build(request({ items: [] })))).toBe("no_items")
      expect(shopperErrorCode(() => build(request({ items: [item({ quantity: 0 }), item({ quantity: 0.5 })] })))).toBe("no_items")
    })

    it("keeps each item's SKU and quantity on its volume", () => {
      expect(onlyVolume(request({ items: [item({ sku: "CANECA-01", quantity: 3 })] }))).toMatchObject({ sku: "CANECA-01", quantity: 3 })
    })
  })

  describe("weight", () => {
    it("prefers the variant's weight over the product's", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1.2 }, productWeight: 2.5 })] })).weightKg).toBe(1.2)
    })

    it("takes the product's weight when the variant has none", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: null }, productWeight: 2.5 })] })).weightKg).toBe(2.5)
      expect(onlyVolume(request({ items: [item({ variant: null, productWeight: 2.5 })] })).weightKg).toBe(2.5)
      expect(onlyVolume(request({ items: [item({ variant: undefined, productWeight: 2.5 })] })).weightKg).toBe(2.5)
    })

    it("takes the default package's weight when neither the variant nor the product has one", () => {
      expect(onlyVolume(request({ items: [item({ variant: {}, productWeight: undefined })] })).weightKg).toBe(0.5)
    })

    it.each([
      ["0", 0],
      ["a negative number", -1],
      ["NaN", Number.NaN],
      ["Infinity", Number.POSITIVE_INFINITY],
      ["null", null],
      ["over 10 t (a typing error)", 10_000.001],
      ["1e30", 1e30],
    ])("treats a weight of %s as missing", (_label, missing) => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: missing }, productWeight: 2.5 })] })).weightKg).toBe(2.5)
      expect(onlyVolume(request({ items: [item({ variant: { weight: missing }, productWeight: missing })] })).weightKg).toBe(0.5)
    })
  })

  describe("dimensions", () => {
    it("uses the variant's length, height and width", () => {
      expect(onlyVolume(request({ items: [item({ variant: { length: 40, height: 12, width: 25 } })] }))).toMatchObject({
        lengthCm: 40,
        heightCm: 12,
        widthCm: 25,
      })
    })

    it.each([
      ["length", { length: null, height: 12, width: 25 }],
      ["height", { length: 40, height: 0, width: 25 }],
      ["width", { length: 40, height: 12, width: Number.NaN }],
      ["width", { length: 40, height: 12 }],
      ["length, over 10 m", { length: 1000.01, height: 12, width: 25 }],
    ])("takes all three dimensions from the default package when the variant lacks its %s, never a mix", (_missing, variant) => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1, ...variant } })] }))).toMatchObject({
        weightKg: 1,
        lengthCm: 33,
        heightCm: 11,
        widthCm: 22,
      })
    })
  })

  describe("plausible measures", () => {
    it("keeps a measure up to 10 t and 10 m, in the store's units", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 10_000_000, length: 10_000, height: 120, width: 800 } })] }), SETTINGS, { weight: "g", dimension: "mm" })).toMatchObject({
        weightKg: 10_000,
        lengthCm: 1000,
        heightCm: 12,
        widthCm: 80,
      })
    })

    it("treats a measure beyond them, once converted, as missing", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 10_000_001, length: 10, height: 10, width: 10.001 } })] }), SETTINGS, { weight: "g", dimension: "m" })).toMatchObject({
        weightKg: 0.5,
        lengthCm: 33,
        heightCm: 11,
        widthCm: 22,
      })
    })
  })

  describe("units", () => {
    it("converts grams to kilograms, the variant's and the product's alike", () => {
      const grams = { weight: "g", dimension: "cm" } as const

      expect(onlyVolume(request({ items: [item({ variant: { weight: 1250 } })] }), SETTINGS, grams).weightKg).toBe(1.25)
      expect(onlyVolume(request({ items: [item({ variant: null, productWeight: 300 })] }), SETTINGS, grams).weightKg).toBe(0.3)
    })

    it("reads kilograms as they are", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1.25 } })] }), SETTINGS, KG_CM).weightKg).toBe(1.25)
    })

    it("converts millimetres and metres to centimetres", () => {
      const variant = { length: 305, height: 45, width: 152 }
      const inMetres = { length: 0.305, height: 0.045, width: 0.152 }

      expect(onlyVolume(request({ items: [item({ variant })] }), SETTINGS, { weight: "kg", dimension: "mm" })).toMatchObject({
        lengthCm: 30.5,
        heightCm: 4.5,
        widthCm: 15.2,
      })
      expect(onlyVolume(request({ items: [item({ variant: inMetres })] }), SETTINGS, { weight: "kg", dimension: "m" })).toMatchObject({
        lengthCm: 30.5,
        heightCm: 4.5,
        widthCm: 15.2,
      })
    })

    it("does not convert the default package, which the settings keep in kg and cm", () => {
      const volume = onlyVolume(request({ items: [item({ variant: null })] }), SETTINGS, { weight: "g", dimension: "mm" })

      expect(volume).toMatchObject({ weightKg: 0.5, lengthCm: 33, heightCm: 11, widthCm: 22 })
    })
  })

  describe("rounding", () => {
    it("rounds the weight to the gram (3 decimals of a kilogram)", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1.23456 } })] })).weightKg).toBe(1.235)
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1234.56 } })] }), SETTINGS, { weight: "g", dimension: "cm" }).weightKg).toBe(1.235)
    })

    it("rounds the dimensions to 2 decimals of a centimetre", () => {
      expect(onlyVolume(request({ items: [item({ variant: { length: 12.3456, height: 4.321, width: 20.005001 } })] }))).toMatchObject({
        lengthCm: 12.35,
        heightCm: 4.32,
        widthCm: 20.01,
      })
    })

    it("never rounds a measure down to 0: 1 g and 0.01 cm at the least", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 0.0001, length: 0.001, height: 0.001, width: 0.001 } })] }))).toMatchObject({
        weightKg: 0.001,
        lengthCm: 0.01,
        heightCm: 0.01,
        widthCm: 0.01,
      })
    })

    it("rounds the unit price to the centavo", () => {
      expect(onlyVolume(request({ items: [item({ unitPrice: 19.999 })] })).price).toBe(20)
      expect(onlyVolume(request({ items: [item({ unitPrice: 19.994 })] })).price).toBe(19.99)
    })

    it("rounds a unit price half a centavo away from zero, as the invoice value is rounded", () => {
      const built = build(request({ items: [item({ unitPrice: 2.675, quantity: 1 })] }))

      expect(built.query.invoiceValue).toBe(2.68)
      expect(built.query.volumes[0].price).toBe(built.query.invoiceValue)
    })
  })

  describe("subtotal", () => {
    it("is the sum of unit price × quantity, rounded to the centavo", () => {
      const single = build(request({ items: [item({ unitPrice: 0.1, quantity: 3 })] }))
      const mixed = build(request({ items: [item({ sku: "A", unitPrice: 19.9, quantity: 2 }), item({ sku: "B", unitPrice: 0.1, quantity: 3 })] }))

      expect(single.subtotal).toBe(0.3)
      expect(single.query.invoiceValue).toBe(0.3)
      expect(mixed.subtotal).toBe(40.1)
      expect(mixed.query.invoiceValue).toBe(40.1)
    })
  })

  describe("extra days and price", () => {
    it("adds nothing, and asks for no free freight, with the default settings", () => {
      expect(build(request(), freteSettingsSchema.parse({ origin_cep: "01310-100" })).query).toMatchObject({ extraDays: 0, extraPrice: 0, freeFreight: false })
    })

    it("sends the settings' extra days", () => {
      expect(build(request(), settingsWith({ extra_days: 2 })).query.extraDays).toBe(2)
    })

    it("sends a fixed extra price in reais", () => {
      expect(build(request(), settingsWith({ extra_price: { type: "fixed", value: 7.5 } })).query.extraPrice).toBe(7.5)
    })

    it("reckons a percentage extra price on the subtotal, to the centavo", () => {
      const items = [item({ unitPrice: 41.15, quantity: 3 })] // 123.45

      expect(build(request({ items }), settingsWith({ extra_price: { type: "percent", value: 10 } })).query.extraPrice).toBe(12.35)
      expect(build(request({ items }), settingsWith({ extra_price: { type: "percent", value: 0 } })).query.extraPrice).toBe(0)
    })
  })

  describe("free freight", () => {
    const SP_CEP = "01310-100"
    const RJ_CEP = "20040-002"
    /** Eight digits, but below 01000-000: no state's range holds it. */
    const UNMAPPED_CEP = "00500-000"

    it("is off when the settings have no rule", () => {
      expect(build(request({ items: [item({ unitPrice: 10_000 })] })).query.freeFreight).toBe(false)
    })

    it("applies from a rule's minimum subtotal, inclusive", () => {
      const settings = settingsWith({ free_freight_rules: [{ min_subtotal: 200 }] })

      expect(build(request({ items: [item({ unitPrice: 199.99 })] }), settings).query.freeFreight).toBe(false)
      expect(build(request({ items: [item({ unitPrice: 100, quantity: 2 })] }), settings).query.freeFreight).toBe(true)
    })

    it("applies only in a rule's states, the destination's state taken from its CEP", () => {
      const settings = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["SP"] }] })

      expect(build(request({ destinationCep: SP_CEP }), settings).query.freeFreight).toBe(true)
      expect(build(request({ destinationCep: RJ_CEP }), settings).query.freeFreight).toBe(false)
    })

    it("trusts the CEP's state over the address's province", () => {
      const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })
      const spOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["SP"] }] })

      expect(build(request({ destinationCep: SP_CEP, destinationState: "RJ" }), rjOnly).query.freeFreight).toBe(false)
      expect(build(request({ destinationCep: SP_CEP, destinationState: "RJ" }), spOnly).query.freeFreight).toBe(true)
      expect(build(request({ destinationCep: SP_CEP, destinationState: "São Paulo" }), spOnly).query.freeFreight).toBe(true)
    })

    it.each(["RJ", " rj ", "br-rj", "BR-RJ"])("reads the province %p as the state when the CEP is outside the known ranges", (province) => {
      const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })

      expect(build(request({ destinationCep: UNMAPPED_CEP, destinationState: province }), rjOnly).query.freeFreight).toBe(true)
    })

    it("matches no state rule when neither the CEP nor the province gives a state", () => {
      const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })
      const anywhere = settingsWith({ free_freight_rules: [{ min_subtotal: 0 }] })

      expect(build(request({ destinationCep: UNMAPPED_CEP, destinationState: "Rio de Janeiro" }), rjOnly).query.freeFreight).toBe(false)
      expect(build(request({ destinationCep: UNMAPPED_CEP, destinationState: null }), rjOnly).query.freeFreight).toBe(false)
      expect(build(request({ destinationCep: UNMAPPED_CEP, destinationState: null }), anywhere).query.freeFreight).toBe(true)
    })

    it("applies only in a rule's CEP ranges, both ends inclusive", () => {
      const settings = settingsWith({ free_freight_rules: [{ min_subtotal: 0, cep_ranges: [{ from: "20000-000", to: "20040-002" }] }] })

      expect(build(request({ destinationCep: "20000-000" }), settings).query.freeFreight).toBe(true)
      expect(build(request({ destinationCep: "20040-002" }), settings).query.freeFreight).toBe(true)
      expect(build(request({ destinationCep: "20040-003" }), settings).query.freeFreight).toBe(false)
      expect(build(request({ destinationCep: "19999-999" }), settings).query.freeFreight).toBe(false)
    })

    it("needs every condition of one rule, and any one rule is enough", () => {
      const settings = settingsWith({
        free_freight_rules: [
          { min_subtotal: 300, states: ["SP"] },
          { min_subtotal: 500, states: ["RJ"] },
        ],
      })
      const cart = (cep: string, unitPrice: number) => request({ destinationCep: cep, items: [item({ unitPrice })] })

      expect(build(cart(SP_CEP, 300), settings).query.freeFreight).toBe(true)
      expect(build(cart(SP_CEP, 299.99), settings).query.freeFreight).toBe(false)
      expect(build(cart(RJ_CEP, 300), settings).query.freeFreight).toBe(false)
      expect(build(cart(RJ_CEP, 500), settings).query.freeFreight).toBe(true)
    })
  })

  describe("volume order", () => {
    it("gives the same query whatever the order of the cart's items", () => {
      const items = [
        item({ sku: "MOCHILA", quantity: 1, unitPrice: 199.9, variant: { weight: 0.9, length: 45, height: 15, width: 30 } }),
        item({ sku: "CAMISETA-P", quantity: 2, unitPrice: 59.9 }),
        item({ sku: "CANECA", quantity: 3, unitPrice: 35, variant: null, productWeight: 0.4 }),
      ]
      const reversed = [...items].reverse()
      const shuffled = [items[1], items[2], items[0]]

      const first = build(request({ items }))
      expect(build(request({ items: reversed }))).toEqual(first)
      expect(build(request({ items: shuffled }))).toEqual(first)
      expect(first.query.volumes.map((volume) => volume.sku)).toEqual(["CAMISETA-P", "CANECA", "MOCHILA"])
    })

    it("orders volumes of the same SKU by their content", () => {
      const small = item({ sku: "ITEM", quantity: 1 })
      const large = item({ sku: "ITEM", quantity: 2 })

      expect(build(request({ items: [large, small] })).query).toEqual(build(request({ items: [small, large] })).query)
    })
  })
})
