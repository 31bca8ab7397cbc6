import { freteSettingsSchema, type FreteSettingsInput } from "../../settings/schema"
import { freeFreightProgress, qualifiesForFreeFreight } from "../free-freight"

const rules = (freeFreightRules: FreteSettingsInput["free_freight_rules"]) =>
  freteSettingsSchema.parse({ free_freight_rules: freeFreightRules })

/** Avenida Paulista, São Paulo. */
const SP = "01310100"
/** Avenida Rio Branco, Rio de Janeiro. */
const RJ = "20040002"

describe("freeFreightProgress", () => {
  it("says no rule can apply when the store has none", () => {
    expect(freeFreightProgress(rules([]), 59.9, SP)).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })

  it("says no rule can apply to a CEP of another state, however large the subtotal", () => {
    const settings = rules([{ min_subtotal: 100, states: ["SP"] }])
    expect(freeFreightProgress(settings, 59.9, RJ)).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
    expect(freeFreightProgress(settings, 1_000_000, RJ)).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })

  it("says what is missing below the threshold, to the centavo", () => {
    const settings = rules([{ min_subtotal: 100, states: ["SP"] }])
    expect(freeFreightProgress(settings, 59.9, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 40.1,
    })
    expect(freeFreightProgress(settings, 99.99, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 0.01,
    })
    expect(freeFreightProgress(settings, 0, SP)).toEqual({ free: false, reachable: true, threshold: 100, missing: 100 })
  })

  it("never says R$ 0,00 is missing while the subtotal is still under the threshold", () => {
    const settings = rules([{ min_subtotal: 100, states: [] }])
    expect(freeFreightProgress(settings, 99.999, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 0.01,
    })
  })

  it("is free exactly at the threshold and above it", () => {
    const settings = rules([{ min_subtotal: 100, states: ["SP"] }])
    expect(freeFreightProgress(settings, 100, SP)).toEqual({ free: true, reachable: true, threshold: 100, missing: 0 })
    expect(freeFreightProgress(settings, 250.5, SP)).toEqual({
      free: true,
      reachable: true,
      threshold: 100,
      missing: 0,
    })
  })

  it("takes the cheapest of the rules that reach the CEP, and ignores a cheaper one that does not", () => {
    const settings = rules([
      { min_subtotal: 50, states: ["RJ"] },
      { min_subtotal: 300, states: [] },
      { min_subtotal: 150, states: ["SP", "MG"] },
    ])
    expect(freeFreightProgress(settings, 100, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 150,
      missing: 50,
    })
    expect(freeFreightProgress(settings, 20, RJ)).toEqual({ free: false, reachable: true, threshold: 50, missing: 30 })
    expect(freeFreightProgress(settings, 200, "30130010")).toEqual({
      free: true,
      reachable: true,
      threshold: 150,
      missing: 0,
    })
    expect(freeFreightProgress(settings, 200, "80010000")).toEqual({
      free: false,
      reachable: true,
      threshold: 300,
      missing: 100,
    })
  })

  it("reaches only the CEPs inside a rule's ranges, bounds included", () => {
    const settings = rules([{ min_subtotal: 80, cep_ranges: [{ from: "01000-000", to: "01999-999" }] }])
    expect(freeFreightProgress(settings, 30, "01000000")).toEqual({
      free: false,
      reachable: true,
      threshold: 80,
      missing: 50,
    })
    expect(freeFreightProgress(settings, 80, "01999999")).toEqual({
      free: true,
      reachable: true,
      threshold: 80,
      missing: 0,
    })
    expect(freeFreightProgress(settings, 80, "02000000")).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })

  it("takes the state from the province only where the CEP is outside the known ranges", () => {
    const settings = rules([{ min_subtotal: 100, states: ["RJ"] }])
    expect(freeFreightProgress(settings, 10, "00000001", "br-rj")).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 90,
    })
    expect(freeFreightProgress(settings, 10, SP, "RJ")).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })
})

describe("qualifiesForFreeFreight", () => {
  const settings = rules([
    { min_subtotal: 100, states: ["SP"] },
    { min_subtotal: 40, cep_ranges: [{ from: "20000-000", to: "20099-999" }] },
  ])

  it("agrees with the nudge on both sides of each threshold", () => {
    const cases: Array<[number, string]> = [
      [99.99, SP],
      [100, SP],
      [100.01, SP],
      [39.99, RJ],
      [40, RJ],
      [1_000, "30130010"],
      [0, SP],
    ]
    const disagreements = cases.filter(
      ([subtotal, cep]) =>
        qualifiesForFreeFreight(settings, subtotal, cep) !== freeFreightProgress(settings, subtotal, cep).free
    )
    expect(disagreements).toEqual([])
    expect(cases.map(([subtotal, cep]) => qualifiesForFreeFreight(settings, subtotal, cep))).toEqual([
      false,
      true,
      true,
      false,
      true,
      false,
      false,
    ])
  })
})
