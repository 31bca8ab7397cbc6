import { orderFreightRow, type PricedMethod } from "../order-freight"

const KNOWN = new Set(["correios-sedex", "correios-pac"])
const ORDER = { id: "order_01", status: "pending", created_at: "2026-11-27T15:42:00.000Z" }
const rowOf = (method: Partial<PricedMethod>) => orderFreightRow(ORDER, { id: "ordsm_01", ...method }, KNOWN)

describe("an order's freight as the Frete page counts it", () => {
  it("keys a method by a service the settings name, and any other text under one key, other", () => {
    expect(rowOf({ data: { service: "correios-sedex" } }).service).toBe("correios-sedex")
    for (const service of ["x".repeat(4000), "cheapest", "Correios-Sedex", 42, null, undefined]) {
      expect(rowOf({ data: { service } }).service).toBe("other")
    }
    expect(rowOf({ data: null }).service).toBe("other")
  })

  it("keeps days as whole business days from 0 to 365, and no days when they are no number", () => {
    const days = (value: unknown) => rowOf({ data: { days: value } }).days
    expect([days(1e308), days(-3), days(4.6), days(0), days("7")]).toEqual([365, 0, 5, 0, 7])
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, "1e999", "três", {}, undefined]) {
      expect(days(value)).toBeNull()
    }
  })

  it("keeps the amount in cents, never negative, never past the settings' R$ 1.000.000, 0 when it is no number", () => {
    const cents = (amount: unknown) => rowOf({ amount }).amount_cents
    expect([cents(25.19), cents("33.14"), cents({ numeric: 12.5 }), cents(0)]).toEqual([2519, 3314, 1250, 0])
    expect([cents(1e308), cents(-10), cents(Number.NaN), cents(undefined)]).toEqual([100_000_000, 0, 0, 0])
  })

  it("marks a table's price only by true, and a canceled order as such, counted in the hour it was placed", () => {
    expect(rowOf({ data: { is_fallback: true } }).is_fallback).toBe(true)
    expect(rowOf({ data: { is_fallback: "true" } }).is_fallback).toBe(false)
    const row = rowOf({})
    expect(row).toMatchObject({ shipping_method_id: "ordsm_01", order_id: "order_01", canceled: false })
    expect(row.placed_at.toISOString()).toBe(ORDER.created_at)
    const canceled = orderFreightRow({ ...ORDER, status: "canceled" }, { id: "ordsm_02" }, KNOWN)
    expect(canceled.canceled).toBe(true)
  })
})
