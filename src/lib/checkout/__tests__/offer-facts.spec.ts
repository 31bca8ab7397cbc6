import { factsOf, type Offer } from "../offers"

const offer: Offer = {
  service: "jadlog-package",
  name: "Jadlog Package",
  carrier: "Jadlog",
  amountCents: 3314,
  days: 4,
  deliveryEstimate: "2026-03-06",
  isFallback: false,
  consultaToken: "tok-1",
  code: "cot-1",
}

describe("factsOf", () => {
  it("keeps of an offer what checkout shows and the order keeps, in the storefront's names", () => {
    expect(factsOf(offer)).toEqual({
      service: "jadlog-package",
      service_name: "Jadlog Package",
      carrier: "Jadlog",
      days: 4,
      delivery_estimate: "2026-03-06",
      is_fallback: false,
      estimated_from: null,
    })
  })

  it("keeps the unknowns as unknown and a fallback price as such", () => {
    expect(factsOf({ ...offer, carrier: null, days: null, deliveryEstimate: null, isFallback: true })).toEqual({
      service: "jadlog-package",
      service_name: "Jadlog Package",
      carrier: null,
      days: null,
      delivery_estimate: null,
      is_fallback: true,
      estimated_from: "table",
    })
  })

  it("leaves out the price and the quote's tokens, which are not facts for the shopper", () => {
    expect(Object.keys(factsOf(offer)).filter((key) => /amount|token|codigo|code/i.test(key))).toEqual([])
  })
})
