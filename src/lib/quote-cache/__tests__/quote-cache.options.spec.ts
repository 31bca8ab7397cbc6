// QuoteCache options: a maxEntries or TTL the cache underneath would misread is refused.
import { QuoteCache } from "../quote-cache"
import { OPTIONS } from "./quote-cache.fixtures"

describe("QuoteCache", () => {
  it("refuses a maxEntries below 1", () => {
    expect(() => new QuoteCache({ ...OPTIONS, maxEntries: 0 })).toThrow(RangeError)
  })

  it("refuses a success or failure TTL below 1 ms, which the cache underneath would read as forever", () => {
    expect(() => new QuoteCache({ ...OPTIONS, successTtlMs: 0 })).toThrow(RangeError)
    expect(() => new QuoteCache({ ...OPTIONS, failureTtlMs: 0 })).toThrow(RangeError)
    expect(() => new QuoteCache({ ...OPTIONS, staleTtlMs: -1 })).toThrow(RangeError)
    expect(() => new QuoteCache({ ...OPTIONS, staleTtlMs: 0 })).not.toThrow()
  })
})
