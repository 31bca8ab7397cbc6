import { numberOf } from "../../utils/number-of"
import { linesAsItems, orderFlowOf } from "../order-flow"

describe("orderFlowOf", () => {
  it("reads a cart or a draft order (no flow ids) as a cart", () => {
    expect(orderFlowOf({})).toEqual({ kind: "cart" })
  })

  it("reads a return, and an exchange's or a claim's inbound option (return_id), as a return", () => {
    const lines = [{ id: "ordli_1", quantity: 1 }]
    expect(orderFlowOf({ return_id: "ret_1", return_items: lines })).toEqual({ kind: "return", lines })
    expect(orderFlowOf({ return_id: "ret_1", return_items: lines, exchange_id: "exc_1" })).toEqual({ kind: "return", lines })
  })

  it("reads an exchange's and a claim's new items as an outbound flow", () => {
    const lines = [{ id: "ordli_9", quantity: 2 }]
    expect(orderFlowOf({ exchange_id: "exc_1", exchange_items: lines })).toEqual({ kind: "outbound", lines })
    expect(orderFlowOf({ claim_id: "claim_1", claim_items: lines })).toEqual({ kind: "outbound", lines })
  })

  it("keeps only the lines that are objects", () => {
    expect(orderFlowOf({ return_id: "ret_1", return_items: [null, "x", { id: "a" }] })).toEqual({ kind: "return", lines: [{ id: "a" }] })
    expect(orderFlowOf({ return_id: "ret_1", return_items: "not a list" })).toEqual({ kind: "return", lines: [] })
  })
})

describe("linesAsItems", () => {
  const items = [
    { id: "shirt", quantity: 2, sku: "CAMISETA-P" },
    { id: "mug", quantity: 1, sku: "CANECA" },
  ]

  it("takes each line's item with the line's quantity, not the order's", () => {
    expect(linesAsItems([{ id: "shirt", quantity: 1 }], items, numberOf)).toEqual({ items: [{ id: "shirt", quantity: 1, sku: "CAMISETA-P" }], missing: [] })
  })

  it("adds up the lines of one item and reads BigNumber quantities", () => {
    const lines = [{ id: "shirt", quantity: 1 }, { id: "shirt", quantity: { numeric: 1 } }]
    expect(linesAsItems(lines, items, numberOf).items).toEqual([{ id: "shirt", quantity: 2, sku: "CAMISETA-P" }])
  })

  it("names the lines whose item is not among the items", () => {
    expect(linesAsItems([{ id: "new-item", quantity: 1 }, { id: "mug", quantity: 1 }], items, numberOf)).toEqual({
      items: [{ id: "mug", quantity: 1, sku: "CANECA" }],
      missing: ["new-item"],
    })
  })

  it("gives a line with no usable quantity a quantity of 0, which the query then leaves out", () => {
    expect(linesAsItems([{ id: "mug", quantity: -1 }, { id: "shirt" }], items, numberOf).items.map((item) => item.quantity)).toEqual([0, 0])
  })
})
