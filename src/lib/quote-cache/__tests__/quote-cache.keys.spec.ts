// The cache's keys: canonicalKey (the same key for equal queries, whatever their key order).
import { canonicalKey } from "../quote-cache"

describe("canonicalKey", () => {
  it("gives the same key for equal nested objects whose keys were written in different orders", () => {
    const one = { to: { cep: "01001000", city: "SP" }, items: [{ weight: 1, height: 2 }], from: "20040002" }
    const other = { from: "20040002", items: [{ height: 2, weight: 1 }], to: { city: "SP", cep: "01001000" } }

    expect(canonicalKey(one)).toBe(canonicalKey(other))
  })

  it("keeps the order of arrays", () => {
    expect(canonicalKey({ items: [1, 2] })).not.toBe(canonicalKey({ items: [2, 1] }))
  })

  it("gives different keys for different values", () => {
    expect(canonicalKey({ to: { cep: "01001000" } })).not.toBe(canonicalKey({ to: { cep: "01001001" } }))
  })

  it("refuses a value that has no JSON text", () => {
    expect(() => canonicalKey(undefined)).toThrow(TypeError)
  })
})
