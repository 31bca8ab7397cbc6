import { freteSettingsSchema, type FreteSettings, type FreteSettingsInput } from "../../settings/schema"
import { applyRules, freeFreightProgress, stateOf } from "../rules"
import { offerOf } from "./offer.fixtures"

// The 0.x free-freight rules, carried over into `free_cheapest` rules: the nudge reads them as checkout applies them.
const rules = (freeFreightRules: FreteSettingsInput["free_freight_rules"]) =>
  freteSettingsSchema.parse({ free_freight_rules: freeFreightRules })

const cartOf = (subtotal: number, cep: string, province: string | null = null) => ({
  subtotal,
  destinationCep: cep,
  state: stateOf(cep, province),
  weightKg: 1,
  items: [],
})
const progress = (settings: FreteSettings, subtotal: number, cep: string, province?: string) =>
  freeFreightProgress(settings, cartOf(subtotal, cep, province))
// Whether checkout charges nothing for the cheapest option of a cart priced R$ 25,19 and R$ 40,00 by the API.
const freedAtCheckout = (settings: FreteSettings, subtotal: number, cep: string) =>
  applyRules([offerOf("pac", 2519), offerOf("sedex", 4000)], cartOf(subtotal, cep), settings, new Date()).offers.some(
    (priced) => priced.amountCents === 0
  )

/** Avenida Paulista, São Paulo. */
const SP = "01310100"
/** Avenida Rio Branco, Rio de Janeiro. */
const RJ = "20040002"

describe("freeFreightProgress", () => {
  it("says no rule can apply when the store has none", () => {
    expect(progress(rules([]), 59.9, SP)).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })

  it("says no rule can apply to a CEP of another state, however large the subtotal", () => {
    const settings = rules([{ min_subtotal: 100, states: ["SP"] }])
    expect(progress(settings, 59.9, RJ)).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
    expect(progress(settings, 1_000_000, RJ)).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })

  it("says what is missing below the threshold, to the centavo", () => {
    const settings = rules([{ min_subtotal: 100, states: ["SP"] }])
    expect(progress(settings, 59.9, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 40.1,
    })
    expect(progress(settings, 99.99, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 0.01,
    })
    expect(progress(settings, 0, SP)).toEqual({ free: false, reachable: true, threshold: 100, missing: 100 })
  })

  it("never says R$ 0,00 is missing while the subtotal is still under the threshold", () => {
    const settings = rules([{ min_subtotal: 100, states: [] }])
    expect(progress(settings, 99.999, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 0.01,
    })
  })

  it("is free exactly at the threshold and above it", () => {
    const settings = rules([{ min_subtotal: 100, states: ["SP"] }])
    expect(progress(settings, 100, SP)).toEqual({ free: true, reachable: true, threshold: 100, missing: 0 })
    expect(progress(settings, 250.5, SP)).toEqual({
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
    expect(progress(settings, 100, SP)).toEqual({
      free: false,
      reachable: true,
      threshold: 150,
      missing: 50,
    })
    expect(progress(settings, 20, RJ)).toEqual({ free: false, reachable: true, threshold: 50, missing: 30 })
    expect(progress(settings, 200, "30130010")).toEqual({
      free: true,
      reachable: true,
      threshold: 150,
      missing: 0,
    })
    expect(progress(settings, 200, "80010000")).toEqual({
      free: false,
      reachable: true,
      threshold: 300,
      missing: 100,
    })
  })

  it("reaches only the CEPs inside a rule's ranges, bounds included", () => {
    const settings = rules([{ min_subtotal: 80, cep_ranges: [{ from: "01000-000", to: "01999-999" }] }])
    expect(progress(settings, 30, "01000000")).toEqual({
      free: false,
      reachable: true,
      threshold: 80,
      missing: 50,
    })
    expect(progress(settings, 80, "01999999")).toEqual({
      free: true,
      reachable: true,
      threshold: 80,
      missing: 0,
    })
    expect(progress(settings, 80, "02000000")).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })

  it("takes the state from the province only where the CEP is outside the known ranges", () => {
    const settings = rules([{ min_subtotal: 100, states: ["RJ"] }])
    expect(progress(settings, 10, "00000001", "br-rj")).toEqual({
      free: false,
      reachable: true,
      threshold: 100,
      missing: 90,
    })
    expect(progress(settings, 10, SP, "RJ")).toEqual({
      free: false,
      reachable: false,
      threshold: null,
      missing: null,
    })
  })
})

describe("free freight at checkout", () => {
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
      ([subtotal, cep]) => freedAtCheckout(settings, subtotal, cep) !== progress(settings, subtotal, cep).free
    )
    expect(disagreements).toEqual([])
    expect(cases.map(([subtotal, cep]) => freedAtCheckout(settings, subtotal, cep))).toEqual([
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

describe("the nudge under later rules", () => {
  const withRules = (list: FreteSettingsInput["rules"]) => freteSettingsSchema.parse({ rules: list })

  it("is not free when a later rule charges again, and names the subtotal where that rule ends", () => {
    const settings = withRules([
      { scope: { min_subtotal: 100 }, action: { type: "free" } },
      { scope: { max_subtotal: 199.99 }, action: { type: "amount", value: 5 } },
    ])
    expect(progress(settings, 150, RJ)).toEqual({ free: false, reachable: true, threshold: 200, missing: 50 })
    expect(progress(settings, 200, RJ)).toEqual({ free: true, reachable: true, threshold: 200, missing: 0 })
    expect(freedAtCheckout(settings, 150, RJ)).toBe(false)
    expect(freedAtCheckout(settings, 200, RJ)).toBe(true)
  })

  it("promises free freight only when it holds whichever service the carrier prices lowest", () => {
    // The cheapest is freed, then PAC hidden: free only if PAC was not the cheapest, which only the carrier knows.
    const unsure = withRules([
      { action: { type: "free_cheapest" } },
      { scope: { services: ["pac"] }, action: { type: "hide" } },
    ])
    expect(progress(unsure, 150, RJ)).toEqual({ free: false, reachable: false, threshold: null, missing: null })
    // Every service freed, then PAC hidden: the others stay free.
    const sure = withRules([{ action: { type: "free" } }, { scope: { services: ["pac"] }, action: { type: "hide" } }])
    expect(progress(sure, 150, RJ)).toEqual({ free: true, reachable: true, threshold: 0, missing: 0 })
  })
})
