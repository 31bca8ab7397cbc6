import { truncate } from "../text"

describe("truncate", () => {
  it("returns a text that fits as it is, with or without an ellipsis", () => {
    expect(truncate("Camiseta", 8)).toBe("Camiseta")
    expect(truncate("Camiseta", 8, "…")).toBe("Camiseta")
    expect(truncate("", 0)).toBe("")
  })

  it("keeps the first `max` units when cut without an ellipsis", () => {
    expect(truncate("x".repeat(256), 255)).toBe("x".repeat(255))
  })

  it("ends in the ellipsis, counted within `max`, when cut", () => {
    const cut = truncate("A".repeat(1200), 1000, "…")
    expect(cut).toHaveLength(1000)
    expect(cut).toBe(`${"A".repeat(999)}…`)
  })

  it("never splits a surrogate pair: a character that does not fit whole is left out", () => {
    // "😀" is two UTF-16 units: 255 units hold 127 of them, not 127 and a half.
    const cut = truncate("😀".repeat(200), 255)
    expect(cut).toBe("😀".repeat(127))
    expect(cut).toHaveLength(254)
    expect(truncate("ab😀", 3)).toBe("ab")
    expect(truncate("ab😀cd", 4, "…")).toBe("ab…")
  })

  it("counts a lone surrogate as one character", () => {
    expect(truncate("\ud800\ud800\ud800", 2)).toBe("\ud800\ud800")
  })

  it("never leaves a lone surrogate behind, whatever the cut", () => {
    const text = "a😀b𝔘c👩‍👩‍👧‍👦d"
    for (let max = 0; max <= text.length; max++) {
      for (const ellipsis of ["", "…"]) {
        if (max < ellipsis.length) continue
        const cut = truncate(text, max, ellipsis)
        expect(cut.length).toBeLessThanOrEqual(max)
        expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/)
        expect(text.startsWith(cut.slice(0, cut.length - ellipsis.length))).toBe(true)
      }
    }
  })
})
