// buildFreightQuery's money and terms: the subtotal, and what the rules carried over from the 0.x extra days and price
// and free freight make of the API's answer for the cart the query describes.
import { freteSettingsSchema, type FreteSettings } from "../../settings/schema"
import type { QuoteRequest } from "../build-freight-query"
import { applyRules } from "../rules"
import { offerOf } from "./offer.fixtures"
import { build as buildQuery, item, request, SETTINGS, settingsWith } from "./build-freight-query.fixtures"

// The query, and what checkout charges for its cheaper service when the API answers R$ 20,00 in 5 days and R$ 30,00
// in 2: the days and reais the rules added, and whether they freed it.
function build(req: QuoteRequest, settings: FreteSettings = SETTINGS) {
  const built = buildQuery(req, settings)
  const api = [offerOf("pac", 2000), offerOf("sedex", 3000, { days: 2 })]
  const pac = applyRules(api, built.cart, settings, new Date()).offers.find((offer) => offer.service === "pac")
  if (!pac || pac.days === null) throw new Error("the rules hid the cheaper service")
  const checkout = {
    extraDays: pac.days - 5 + (built.query.extraDays ?? 0),
    extraPrice: (pac.amountCents - 2000) / 100,
    freeFreight: pac.amountCents === 0,
  }
  return { ...built, checkout }
}

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
      expect(build(request(), freteSettingsSchema.parse({ origin_cep: "01310-100" })).checkout).toEqual({
        extraDays: 0,
        extraPrice: 0,
        freeFreight: false,
      })
    })

    it("adds the settings' extra days", () => {
      expect(build(request(), settingsWith({ extra_days: 2 })).checkout.extraDays).toBe(2)
    })

    it("adds a fixed extra price in reais", () => {
      expect(build(request(), settingsWith({ extra_price: { type: "fixed", value: 7.5 } })).checkout.extraPrice).toBe(
        7.5
      )
    })

    it("reckons a percentage extra price on the subtotal, to the centavo", () => {
      const items = [item({ unitPrice: 41.15, quantity: 3 })] // 123.45

      expect(
        build(request({ items }), settingsWith({ extra_price: { type: "percent", value: 10 } })).checkout.extraPrice
      ).toBe(12.35)
      expect(
        build(request({ items }), settingsWith({ extra_price: { type: "percent", value: 0 } })).checkout.extraPrice
      ).toBe(0)
    })
  })

  describe("free freight", () => {
    const SP_CEP = "01310-100"
    const RJ_CEP = "20040-002"
    /** Eight digits, but below 01000-000: no state's range holds it. */
    const UNMAPPED_CEP = "00500-000"

    it("is off when the settings have no rule", () => {
      expect(build(request({ items: [item({ unitPrice: 10_000 })] })).checkout.freeFreight).toBe(false)
    })

    it("applies from a rule's minimum subtotal, inclusive", () => {
      const settings = settingsWith({ free_freight_rules: [{ min_subtotal: 200 }] })

      expect(build(request({ items: [item({ unitPrice: 199.99 })] }), settings).checkout.freeFreight).toBe(false)
      expect(build(request({ items: [item({ unitPrice: 100, quantity: 2 })] }), settings).checkout.freeFreight).toBe(
        true
      )
    })

    it("applies only in a rule's states, the destination's state taken from its CEP", () => {
      const settings = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["SP"] }] })

      expect(build(request({ destinationCep: SP_CEP }), settings).checkout.freeFreight).toBe(true)
      expect(build(request({ destinationCep: RJ_CEP }), settings).checkout.freeFreight).toBe(false)
    })

    it("trusts the CEP's state over the address's province", () => {
      const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })
      const spOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["SP"] }] })

      expect(build(request({ destinationCep: SP_CEP, destinationState: "RJ" }), rjOnly).checkout.freeFreight).toBe(
        false
      )
      expect(build(request({ destinationCep: SP_CEP, destinationState: "RJ" }), spOnly).checkout.freeFreight).toBe(true)
      expect(
        build(request({ destinationCep: SP_CEP, destinationState: "São Paulo" }), spOnly).checkout.freeFreight
      ).toBe(true)
    })

    it.each(["RJ", " rj ", "br-rj", "BR-RJ"])(
      "reads the province %p as the state when the CEP is outside the known ranges",
      (province) => {
        const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })

        expect(
          build(request({ destinationCep: UNMAPPED_CEP, destinationState: province }), rjOnly).checkout.freeFreight
        ).toBe(true)
      }
    )

    it("matches no state rule when neither the CEP nor the province gives a state", () => {
      const rjOnly = settingsWith({ free_freight_rules: [{ min_subtotal: 0, states: ["RJ"] }] })
      const anywhere = settingsWith({ free_freight_rules: [{ min_subtotal: 0 }] })

      expect(
        build(request({ destinationCep: UNMAPPED_CEP, destinationState: "Rio de Janeiro" }), rjOnly).checkout
          .freeFreight
      ).toBe(false)
      expect(
        build(request({ destinationCep: UNMAPPED_CEP, destinationState: null }), rjOnly).checkout.freeFreight
      ).toBe(false)
      expect(
        build(request({ destinationCep: UNMAPPED_CEP, destinationState: null }), anywhere).checkout.freeFreight
      ).toBe(true)
    })

    it("applies only in a rule's CEP ranges, both ends inclusive", () => {
      const settings = settingsWith({
        free_freight_rules: [{ min_subtotal: 0, cep_ranges: [{ from: "20000-000", to: "20040-002" }] }],
      })

      expect(build(request({ destinationCep: "20000-000" }), settings).checkout.freeFreight).toBe(true)
      expect(build(request({ destinationCep: "20040-002" }), settings).checkout.freeFreight).toBe(true)
      expect(build(request({ destinationCep: "20040-003" }), settings).checkout.freeFreight).toBe(false)
      expect(build(request({ destinationCep: "19999-999" }), settings).checkout.freeFreight).toBe(false)
    })

    it("needs every condition of one rule, and any one rule is enough", () => {
      const settings = settingsWith({
        free_freight_rules: [
          { min_subtotal: 300, states: ["SP"] },
          { min_subtotal: 500, states: ["RJ"] },
        ],
      })
      const cart = (cep: string, unitPrice: number) => request({ destinationCep: cep, items: [item({ unitPrice })] })

      expect(build(cart(SP_CEP, 300), settings).checkout.freeFreight).toBe(true)
      expect(build(cart(SP_CEP, 299.99), settings).checkout.freeFreight).toBe(false)
      expect(build(cart(RJ_CEP, 300), settings).checkout.freeFreight).toBe(false)
      expect(build(cart(RJ_CEP, 500), settings).checkout.freeFreight).toBe(true)
    })
  })
})
