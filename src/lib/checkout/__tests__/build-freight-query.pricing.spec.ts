// buildFreightQuery's money and terms: the subtotal, the settings' extra days and price, and free freight.
import { freteSettingsSchema } from "../../settings/schema"
import { build, item, request, settingsWith } from "./build-freight-query.fixtures"

describe("buildFreightQuery", () => {
  describe("subtotal", () => {
    it("is the sum of unit price × quantity, rounded to the centavo", () => {
      const single = build(request({ items: [item({ unitPrice: 0.1, quantity: 3 })] }))
      const mixed = build(
        request({
          items: [item({ sku: "A", unitPrice: 19.9, quantity: 2 }), item({ sku: "B", unitPrice: 0.1, quantity: 3 })],
        })
      )

      expect(single.subtotal).toBe(0.3)
      expect(single.query.invoiceValue).toBe(0.3)
      expect(mixed.subtotal).toBe(40.1)
      expect(mixed.query.invoiceValue).toBe(40.1)
    })
  })

  describe("extra days and price", () => {
    it("adds nothing, and asks for no free freight, with the default settings", () => {
      expect(build(request(), freteSettingsSchema.parse({ origin_cep: "01310-100" })).query).toMatchObject({
        extraDays: 0,
        extraPrice: 0,
        freeFreight: false,
      })
    })

    it("sends the settings' extra days", () => {
      expect(build(request(), settingsWith({ extra_days: 2 })).query.extraDays).toBe(2)
    })

    it("sends a fixed extra price in reais", () => {
      expect(build(request(), settingsWith({ extra_price: { type: "fixed", value: 7.5 } })).query.extraPrice).toBe(7.5)
    })

    it("reckons a percentage extra price on the subtotal, to the centavo", () => {
      const items = [item({ unitPrice: 41.15, quantity: 3 })] // 123.45

      expect(
        build(request({ items }), settingsWith({ extra_price: { type: "percent", value: 10 } })).query.extraPrice
      ).toBe(12.35)
      expect(
        build(request({ items }), settingsWith({ extra_price: { type: "percent", value: 0 } })).query.extraPrice
      ).toBe(0)
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
      expect(build(request({ destinationCep: SP_CEP, destinationState: "São Paulo" }), spOnly).query.freeFreight).toBe(
        true
      )
    })

    it.each(["RJ", " rj ", "br-rj", "BR-RJ"])(
      "reads the province %p as the state when the CEP is outside the known ranges",
      (province) => {
        const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })

        expect(
          build(request({ destinationCep: UNMAPPED_CEP, destinationState: province }), rjOnly).query.freeFreight
        ).toBe(true)
      }
    )

    it("matches no state rule when neither the CEP nor the province gives a state", () => {
      const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })
      const anywhere = settingsWith({ free_freight_rules: [{ min_subtotal: 0 }] })

      expect(
        build(request({ destinationCep: UNMAPPED_CEP, destinationState: "Rio de Janeiro" }), rjOnly).query.freeFreight
      ).toBe(false)
      expect(build(request({ destinationCep: UNMAPPED_CEP, destinationState: null }), rjOnly).query.freeFreight).toBe(
        false
      )
      expect(build(request({ destinationCep: UNMAPPED_CEP, destinationState: null }), anywhere).query.freeFreight).toBe(
        true
      )
    })

    it("applies only in a rule's CEP ranges, both ends inclusive", () => {
      const settings = settingsWith({
        free_freight_rules: [{ min_subtotal: 0, cep_ranges: [{ from: "20000-000", to: "20040-002" }] }],
      })

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
})
