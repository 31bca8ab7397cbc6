import { quoteBudgetMs } from "../quote-budget"

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
    expect(quoteBudgetMs(2501, 0, 1_000_000)).toBe(1250)
  })

  it("never gives the call less than half the timeout, however slow Medusa was", () => {
    expect(quoteBudgetMs(2500, 1_000_000 - 2400, 1_000_000)).toBe(1250)
    expect(quoteBudgetMs(2500, 1_000_000 - 60_000, 1_000_000)).toBe(1250)
  })

  it("takes a start in the future (another clock's) as now", () => {
    expect(quoteBudgetMs(2500, 1_000_050, 1_000_000)).toBe(2500)
  })
})
