import { withCartCurrency } from "../cart-currency"

/** A reader that answers from a table of carts and remembers what it was asked. */
function reader(carts: Record<string, string>) {
  const asked: string[] = []
  const read = async (cartId: string) => {
    asked.push(cartId)
    return carts[cartId] ?? null
  }
  return { asked, read }
}

describe("withCartCurrency", () => {
  it("reads the currency of a cart whose context has none (Medusa 2.14 to 2.18)", async () => {
    const { asked, read } = reader({ cart_01: "brl" })
    const context = { id: "cart_01", shipping_address: { postal_code: "30130-010" } }
    expect(await withCartCurrency(context, read)).toEqual({ ...context, currency_code: "brl" })
    expect(asked).toEqual(["cart_01"])
  })

  it("keeps the currency Medusa 2.19 and later put in the context, reading nothing", async () => {
    const { asked, read } = reader({ cart_01: "brl" })
    const context = { id: "cart_01", currency_code: "usd" }
    expect(await withCartCurrency(context, read)).toBe(context)
    expect(asked).toEqual([])
  })

  it("leaves an order flow's context to the order lookup", async () => {
    const { asked, read } = reader({})
    const context = { id: "order_01", return_id: "return_01" }
    expect(await withCartCurrency(context, read)).toBe(context)
    expect(asked).toEqual([])
  })

  it("leaves the context without currency when the cart is not found, so the provider refuses it", async () => {
    const { read } = reader({})
    const context = { id: "cart_gone" }
    expect(await withCartCurrency(context, read)).toEqual(context)
  })
})
