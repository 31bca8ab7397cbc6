import { roundTo } from "../readers"

describe("roundTo", () => {
  it("rounds half up, 1.005 included despite its binary form", () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(259.899, 2)).toBe(259.9)
    expect(roundTo(0.0999, 3)).toBe(0.1)
    expect(roundTo(1.234, 2)).toBe(1.23)
  })

  it("gives a value too large to scale back as it is", () => {
    expect(roundTo(1e307, 2)).toBe(1e307)
    expect(roundTo(Number.MAX_VALUE, 3)).toBe(Number.MAX_VALUE)
  })
})
