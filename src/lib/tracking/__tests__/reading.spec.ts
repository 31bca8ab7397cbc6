import { cleanText, firstReading, isAbsent, known, metadataText, type Reading } from "../readers"

describe("known", () => {
  it("is a value for anything but null and undefined, which are nothing", () => {
    expect(known("x")).toEqual({ value: "x" })
    expect(known(0)).toEqual({ value: 0 })
    expect(known(null)).toBeNull()
    expect(known(undefined)).toBeNull()
  })
})

describe("firstReading", () => {
  const read = (raw: unknown): Reading<string> => (raw === "bad" || raw === "worse" ? { reason: `${raw}` } : known(raw as string | null))

  it("takes the first candidate that reads as a value, past unusable ones", () => {
    expect(firstReading(["bad", null, "good", "other"], read)).toEqual({ value: "good" })
  })

  it("gives the reason of the first unusable candidate when none is a value", () => {
    expect(firstReading([null, "bad", "worse"], read)).toEqual({ reason: "bad" })
  })

  it("is nothing when every candidate is", () => {
    expect(firstReading([null, undefined], read)).toBeNull()
    expect(firstReading([], read)).toBeNull()
  })
})

describe("isAbsent", () => {
  it.each([[null], [undefined], [""], [" \t\n"]])("is true for %j", (raw) => {
    expect(isAbsent(raw)).toBe(true)
  })

  it.each([[0], [false], ["x"], [{}]])("is false for %j", (raw) => {
    expect(isAbsent(raw)).toBe(false)
  })
})

describe("cleanText", () => {
  it("trims and folds white space to single spaces", () => {
    expect(cleanText("  Bloco B,  apto\t302 ")).toBe("Bloco B, apto 302")
  })

  it("is null for blank text and for what is not text", () => {
    expect(cleanText("   ")).toBeNull()
    expect(cleanText(42)).toBeNull()
    expect(cleanText(null)).toBeNull()
  })
})

describe("metadataText", () => {
  it("reads text, cleaned, and a finite number as text", () => {
    expect(metadataText(" 4567 ", "Número da nota fiscal")).toEqual({ value: "4567" })
    expect(metadataText(2, "Série da nota fiscal")).toEqual({ value: "2" })
  })

  it("refuses anything else with a reason naming it", () => {
    expect(metadataText({ value: 1 }, "Número da nota fiscal")).toEqual({ reason: "Número da nota fiscal em formato não reconhecido: use texto ou número" })
    expect(metadataText(Number.NaN, "Série da nota fiscal")).toEqual({ reason: expect.stringMatching(/^Série da nota fiscal/) })
  })

  it("is nothing when absent", () => {
    expect(metadataText(null, "Série da nota fiscal")).toBeNull()
    expect(metadataText(" ", "Série da nota fiscal")).toBeNull()
  })
})
