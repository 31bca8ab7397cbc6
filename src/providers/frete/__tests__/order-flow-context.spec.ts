import { flowLines, linesAsItems } from "../order-flow-context"

describe("flowLines", () => {
  it("reads no lines of a cart or a draft order (no flow ids)", () => {
    expect(flowLines({})).toBeUndefined()
  })

  it("reads a return's lines first: an exchange's or a claim's inbound option passes return_id", () => {
    const lines = [{ id: "ordli_1", quantity: 1 }]
    expect(flowLines({ return_id: "ret_1", return_items: lines })).toEqual(lines)
    expect(flowLines({ return_id: "ret_1", return_items: lines, exchange_id: "exc_1", exchange_items: [] })).toEqual(
      lines
    )
  })

  it("reads an exchange's and a claim's new items", () => {
    const lines = [{ id: "ordli_9", quantity: 2 }]
    expect(flowLines({ exchange_id: "exc_1", exchange_items: lines })).toEqual(lines)
    expect(flowLines({ claim_id: "claim_1", claim_items: lines })).toEqual(lines)
  })

  it("keeps only the lines that are objects", () => {
    expect(flowLines({ return_id: "ret_1", return_items: [null, "x", { id: "a" }] })).toEqual([{ id: "a" }])
    expect(flowLines({ return_id: "ret_1", return_items: "not a list" })).toEqual([])
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
