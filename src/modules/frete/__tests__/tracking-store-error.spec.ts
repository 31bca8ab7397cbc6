import { guarded } from "../repository"

describe("a failed statement of the tracking outbox", () => {
  it("names the operation and what Postgres says, never the statement's values", async () => {
    // As knex leaves a pg error: the query, bindings inlined, put in front of Postgres's message.
    const knexError = Object.assign(
      new Error(
        `update "tracking_order" set "payload" = '{"CustomerName":"Maria da Silva","CustomerPostalCode":"20040002"}' - value too long`
      ),
      { name: "error", code: "22001", table: "tracking_order", column: "payload" }
    )
    const failure = await guarded("storing a tracking order", () => Promise.reject(knexError)).catch(
      (error: unknown) => error
    )
    expect(failure).toMatchObject({
      name: "TrackingStoreError",
      message:
        "frete tracking store: storing a tracking order failed (error, code 22001, table tracking_order, column payload)",
      code: "22001",
    })
    expect(JSON.stringify(failure)).not.toMatch(/Maria|20040002/)
    expect((failure as Error).stack).not.toMatch(/Maria|20040002/)
  })

  it("passes a statement's result through", async () => {
    await expect(guarded("reading", () => Promise.resolve(42))).resolves.toBe(42)
  })

  it("words an error that is not an object", async () => {
    await expect(guarded("reading", () => Promise.reject("boom"))).rejects.toThrow(
      "frete tracking store: reading failed (unknown error)"
    )
  })
})
