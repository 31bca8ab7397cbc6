import { cartCep, cartPricingKey } from "../cart"
import { uniqueOffers } from "../format"

const cart = {
  id: "cart_1",
  items: [{ id: "item_1", variant_id: "variant_1", quantity: 1, unit_price: 79.9 }],
  shipping_address: { postal_code: "30130-010", province: "MG" },
  item_subtotal: 79.9,
}

describe("the cart as the kit reads it", () => {
  it("keys a cart by what prices its freight: an equal cart has the same key, a new quantity, line, price or address another", () => {
    const key = cartPricingKey(cart)
    expect(
      cartPricingKey({
        ...cart,
        items: [{ ...cart.items[0] }],
        shipping_address: { postal_code: "30130010", province: "MG" },
      })
    ).toBe(key)
    const changed = [
      { ...cart, items: [{ ...cart.items[0], quantity: 2 }], item_subtotal: 159.8 },
      { ...cart, items: [...cart.items, { id: "item_2", variant_id: "variant_2", quantity: 1, unit_price: 10 }] },
      { ...cart, items: [{ ...cart.items[0], unit_price: 69.9 }] },
      { ...cart, shipping_address: { postal_code: "80010-000", province: "PR" } },
      { ...cart, shipping_address: { postal_code: "30130-010", province: "SP" } },
      { ...cart, id: "cart_2" },
    ]
    expect(new Set([key, ...changed.map(cartPricingKey)]).size).toBe(changed.length + 1)
    expect(cartPricingKey(null)).toBe("")
  })

  it("reads the cart's own CEP only when it is a CEP", () => {
    expect(cartCep(cart)).toBe("30130-010")
    expect(cartCep({ shipping_address: { postal_code: "3013" } })).toBeNull()
    expect(cartCep({ shipping_address: null })).toBeNull()
    expect(cartCep(undefined)).toBeNull()
  })
})

describe("one row per offer", () => {
  const facts = (service: string, date: string) => ({
    service,
    service_name: service,
    carrier: "Jadlog",
    days: 7,
    delivery_estimate: date,
    is_fallback: false,
  })
  const prices: Record<string, { amount: number | null; facts: ReturnType<typeof facts> | null }> = {
    cheapest: { amount: 33.14, facts: facts("jadlog-package", "2026-12-07") },
    package: { amount: 33.14, facts: facts("jadlog-package", "2026-12-07") },
    sedex: { amount: 43.38, facts: { ...facts("correios-sedex", "2026-12-02"), carrier: "Correios" } },
    pickup: { amount: 0, facts: null },
    loading: { amount: null, facts: null },
  }
  const options = ["cheapest", "package", "sedex", "pickup", "loading"].map((id) => ({ id }))

  it("keeps the merchant's first of the options that resolve to the same service, price and date, and every other option", () => {
    expect(uniqueOffers(options, (option) => prices[option.id]).map((option) => option.id)).toEqual([
      "cheapest",
      "sedex",
      "pickup",
      "loading",
    ])
  })

  it("keeps the chosen option in place of its twin", () => {
    expect(uniqueOffers(options, (option) => prices[option.id], "package").map((option) => option.id)).toEqual([
      "package",
      "sedex",
      "pickup",
      "loading",
    ])
  })

  it("keeps both when the price or the date differs", () => {
    const apart: typeof prices = {
      ...prices,
      package: { amount: 35.9, facts: facts("jadlog-package", "2026-12-07") },
      cheapest: { amount: 33.14, facts: facts("jadlog-package", "2026-12-08") },
    }
    expect(uniqueOffers(options, (option) => apart[option.id]).map((option) => option.id)).toEqual([
      "cheapest",
      "package",
      "sedex",
      "pickup",
      "loading",
    ])
  })
})
