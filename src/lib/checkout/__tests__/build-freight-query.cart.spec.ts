// buildFreightQuery's reading of the cart: the destination and origin CEPs, and which items it ships.
import { ShopperError, type ShopperErrorCode } from "../shopper-error"
import { subtotalOf } from "../build-freight-query"
import { build, item, onlyVolume, request, settingsWith } from "./build-freight-query.fixtures"

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

    it.each(["2004-002", "200400021", "2004O-002", "CEP 20040-002"])(
      "refuses a malformed destination CEP (%p) as invalid_cep",
      (destinationCep) => {
        expect(shopperErrorCode(() => build(request({ destinationCep })))).toBe("invalid_cep")
      }
    )

    it("ships from the stock location's CEP rather than the settings' origin", () => {
      expect(build(request({ originCep: "30130-010" })).query.originCep).toBe("30130010")
    })

    it.each([undefined, null, "", "not a cep"])(
      "ships from the settings' origin CEP when the request's is %p",
      (originCep) => {
        expect(build(request({ originCep })).query.originCep).toBe("01310100")
      }
    )

    it("refuses to price when neither the request nor the settings have an origin CEP", () => {
      const noOrigin = settingsWith({ origin_cep: null })

      expect(shopperErrorCode(() => build(request(), noOrigin))).toBe("no_origin")
      expect(build(request({ originCep: "30130-010" }), noOrigin).query.originCep).toBe("30130010")
    })

    it("reports the shopper's missing CEP before the store's missing origin", () => {
      expect(shopperErrorCode(() => build(request({ destinationCep: "" }), settingsWith({ origin_cep: null })))).toBe(
        "missing_cep"
      )
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
      expect(shopperErrorCode(() => build(request({ items: [item({ quantity: 0 }), item({ quantity: 0.5 })] })))).toBe(
        "no_items"
      )
    })

    it("keeps each item's SKU and quantity on its volume", () => {
      expect(onlyVolume(request({ items: [item({ sku: "CANECA-01", quantity: 3 })] }))).toMatchObject({
        sku: "CANECA-01",
        quantity: 3,
      })
    })
  })
})

describe("subtotalOf", () => {
  it("counts the lines to ship at their price, a bad price as 0, with no CEP needed", () => {
    const items = [
      item({ unitPrice: 10.5, quantity: 2 }),
      item({ unitPrice: 99, quantity: 0 }),
      item({ unitPrice: -3, quantity: 1 }),
      item({ unitPrice: 0.1, quantity: 3 }),
    ]
    // 2 × 10,50 + 3 × 0,10 = 21,30; the line of quantity 0 is left out, the negative price counts 0.
    expect(subtotalOf(items)).toBe(21.3)
    expect(subtotalOf([])).toBe(0)
  })

  it("refuses a subtotal too large to count in centavos as freight_unavailable", () => {
    expect(shopperErrorCode(() => subtotalOf([item({ unitPrice: 1e15, quantity: 1000 })]))).toBe("freight_unavailable")
  })
})
