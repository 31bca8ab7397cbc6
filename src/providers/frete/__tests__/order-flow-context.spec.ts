import { linesAsItems, orderFlowOf, withCartCurrency } from "../order-flow-context"

describe("orderFlowOf", () => {
  it("reads a cart or a draft order (no flow ids) as a cart", () => {
    expect(orderFlowOf({})).toEqual({ kind: "cart" })
  })

  it("reads a return, and an exchange's or a claim's inbound option (return_id), as a return", () => {
    const lines = [{ id: "ordli_1", quantity: 1 }]
    expect(orderFlowOf({ return_id: "ret_1", return_items: lines })).toEqual({ kind: "return", lines })
    expect(orderFlowOf({ return_id: "ret_1", return_items: lines, exchange_id: "exc_1" })).toEqual({
      kind: "return",
      lines,
    })
  })

  it("reads an exchange's and a claim's new items as an outbound flow", () => {
    const lines = [{ id: "ordli_9", quantity: 2 }]
    expect(orderFlowOf({ exchange_id: "exc_1", exchange_items: lines })).toEqual({ kind: "outbound", lines })
    expect(orderFlowOf({ claim_id: "claim_1", claim_items: lines })).toEqual({ kind: "outbound", lines })
  })

  it("keeps only the lines that are objects", () => {
    expect(orderFlowOf({ return_id: "ret_1", return_items: [null, "x", { id: "a" }] })).toEqual({
      kind: "return",
      lines: [{ id: "a" }],
    })
    expect(orderFlowOf({ return_id: "ret_1", return_items: "not a list" })).toEqual({ kind: "return", lines: [] })
  })
})

describe("linesAsItems", () => {
  const items = [
    { id: "shirt", quantity: 2, sku: "CAMISETA-P" },
    { id: "mug", quantity: 1, sku: "CANECA" },
  ]

  it("takes each line's item with the line's quantity, not the order's", () => {
    expect(linesAsItems([{ id: "shirt", quantity: 1 }], items)).toEqual({
      items: [{ id: "shirt", quantity: 1, sku: "CAMISETA-P" }],
      missing: [],
    })
  })

  it("adds up the lines of one item and reads BigNumber quantities", () => {
    const lines = [
      { id: "shirt", quantity: 1 },
      { id: "shirt", quantity: { numeric: 1 } },
    ]
    expect(linesAsItems(lines, items).items).toEqual([{ id: "shirt", quantity: 2, sku: "CAMISETA-P" }])
  })

  it("names the lines whose item is not among the items", () => {
    expect(
      linesAsItems(
        [
          { id: "new-item", quantity: 1 },
          { id: "mug", quantity: 1 },
        ],
        items
      )
    ).toEqual({
      items: [{ id: "mug", quantity: 1, sku: "CANECA" }],
      missing: ["new-item"],
    })
  })

  it("gives a line with no usable quantity a quantity of 0, which the query then leaves out", () => {
    expect(
      linesAsItems([{ id: "mug", quantity: -1 }, { id: "shirt" }], items).items.map((item) => item.quantity)
    ).toEqual([0, 0])
  })
})

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
