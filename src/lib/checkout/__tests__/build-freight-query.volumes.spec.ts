// buildFreightQuery's volumes: where each weight and dimension comes from, the plausible bounds, the store's units,
// the rounding of measures and prices, and the order of the volumes.
import { build, item, KG_CM, onlyVolume, request, SETTINGS } from "./build-freight-query.fixtures"

describe("buildFreightQuery", () => {
  describe("weight", () => {
    it("prefers the variant's weight over the product's", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1.2 }, productWeight: 2.5 })] })).weightKg).toBe(
        1.2
      )
    })

    it("takes the product's weight when the variant has none", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: null }, productWeight: 2.5 })] })).weightKg).toBe(
        2.5
      )
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
      expect(
        onlyVolume(request({ items: [item({ variant: { weight: missing }, productWeight: 2.5 })] })).weightKg
      ).toBe(2.5)
      expect(
        onlyVolume(request({ items: [item({ variant: { weight: missing }, productWeight: missing })] })).weightKg
      ).toBe(0.5)
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
    ])(
      "takes all three dimensions from the default package when the variant lacks its %s, never a mix",
      (_missing, variant) => {
        expect(onlyVolume(request({ items: [item({ variant: { weight: 1, ...variant } })] }))).toMatchObject({
          weightKg: 1,
          lengthCm: 33,
          heightCm: 11,
          widthCm: 22,
        })
      }
    )
  })

  describe("plausible measures", () => {
    it("keeps a measure up to 10 t and 10 m, in the store's units", () => {
      expect(
        onlyVolume(
          request({ items: [item({ variant: { weight: 10_000_000, length: 10_000, height: 120, width: 800 } })] }),
          SETTINGS,
          { weight: "g", dimension: "mm" }
        )
      ).toMatchObject({
        weightKg: 10_000,
        lengthCm: 1000,
        heightCm: 12,
        widthCm: 80,
      })
    })

    it("treats a measure beyond them, once converted, as missing", () => {
      expect(
        onlyVolume(
          request({ items: [item({ variant: { weight: 10_000_001, length: 10, height: 10, width: 10.001 } })] }),
          SETTINGS,
          { weight: "g", dimension: "m" }
        )
      ).toMatchObject({
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
      expect(
        onlyVolume(request({ items: [item({ variant: null, productWeight: 300 })] }), SETTINGS, grams).weightKg
      ).toBe(0.3)
    })

    it("reads kilograms as they are", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1.25 } })] }), SETTINGS, KG_CM).weightKg).toBe(1.25)
    })

    it("converts millimetres and metres to centimetres", () => {
      const variant = { length: 305, height: 45, width: 152 }
      const inMetres = { length: 0.305, height: 0.045, width: 0.152 }

      expect(
        onlyVolume(request({ items: [item({ variant })] }), SETTINGS, { weight: "kg", dimension: "mm" })
      ).toMatchObject({
        lengthCm: 30.5,
        heightCm: 4.5,
        widthCm: 15.2,
      })
      expect(
        onlyVolume(request({ items: [item({ variant: inMetres })] }), SETTINGS, { weight: "kg", dimension: "m" })
      ).toMatchObject({
        lengthCm: 30.5,
        heightCm: 4.5,
        widthCm: 15.2,
      })
    })

    it("does not convert the default package, which the settings keep in kg and cm", () => {
      const volume = onlyVolume(request({ items: [item({ variant: null })] }), SETTINGS, {
        weight: "g",
        dimension: "mm",
      })

      expect(volume).toMatchObject({ weightKg: 0.5, lengthCm: 33, heightCm: 11, widthCm: 22 })
    })
  })

  describe("rounding", () => {
    it("rounds the weight to the gram (3 decimals of a kilogram)", () => {
      expect(onlyVolume(request({ items: [item({ variant: { weight: 1.23456 } })] })).weightKg).toBe(1.235)
      expect(
        onlyVolume(request({ items: [item({ variant: { weight: 1234.56 } })] }), SETTINGS, {
          weight: "g",
          dimension: "cm",
        }).weightKg
      ).toBe(1.235)
    })

    it("rounds the dimensions to 2 decimals of a centimetre", () => {
      expect(
        onlyVolume(request({ items: [item({ variant: { length: 12.3456, height: 4.321, width: 20.005001 } })] }))
      ).toMatchObject({
        lengthCm: 12.35,
        heightCm: 4.32,
        widthCm: 20.01,
      })
    })

    it("never rounds a measure down to 0: 1 g and 0.01 cm at the least", () => {
      expect(
        onlyVolume(
          request({ items: [item({ variant: { weight: 0.0001, length: 0.001, height: 0.001, width: 0.001 } })] })
        )
      ).toMatchObject({
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

  describe("volume order", () => {
    it("gives the same query whatever the order of the cart's items", () => {
      const items = [
        item({
          sku: "MOCHILA",
          quantity: 1,
          unitPrice: 199.9,
          variant: { weight: 0.9, length: 45, height: 15, width: 30 },
        }),
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
