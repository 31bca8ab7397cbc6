import { budgetMs as quoteBudgetMs } from "../deadline"

describe("quoteBudgetMs", () => {
  it("is the whole timeout when the wait begins with the call", () => {
    expect(quoteBudgetMs(2500, undefined, 1_000_000)).toBe(2500)
    expect(quoteBudgetMs(2500, 1_000_000, 1_000_000)).toBe(2500)
  })

  it("leaves out the time the request spent in Medusa before the provider asked", () => {
    expect(quoteBudgetMs(2500, 1_000_000 - 116, 1_000_000)).toBe(2384)
  })

  it("is whole milliseconds, as AbortSignal.timeout wants them", () => {
    expect(quoteBudgetMs(2500, 1_000_000 - 116.6, 1_000_000)).toBe(2383)
    expect(quoteBudgetMs(2501, 1_000_000 - 1250.5, 1_000_000)).toBe(1250)
  })

  it("has no floor: a request that waited long leaves the call only what is left, so the route keeps to the timeout", () => {
    // Arrival + spent + budget = arrival + timeout: the call ends by the deadline the README promises.
    const spentBefore = [0, 1250, 2000, 2400, 2499]
    expect(spentBefore.map((spent) => spent + quoteBudgetMs(2500, 1_000_000 - spent, 1_000_000))).toEqual([
      2500, 2500, 2500, 2500, 2500,
    ])
    expect(quoteBudgetMs(2500, 1_000_000 - 2400, 1_000_000)).toBe(100)
  })

  it("is 0, never negative, once the timeout is spent", () => {
    expect([2500, 2501, 60_000].map((spent) => quoteBudgetMs(2500, 1_000_000 - spent, 1_000_000))).toEqual([0, 0, 0])
  })

  it("takes a start in the future (another clock's) as now", () => {
    expect(quoteBudgetMs(2500, 1_000_050, 1_000_000)).toBe(2500)
  })
})
