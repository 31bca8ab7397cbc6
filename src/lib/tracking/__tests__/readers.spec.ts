import { MAX_BUSINESS_DAYS } from "../../brazil/business-days"
import { DEFAULT_SETTINGS } from "../../settings/schema"
import {
  cleanText,
  firstReading,
  isAbsent,
  known,
  metadataText,
  parcelMeasure,
  parcelOf,
  promisedDate,
  readAmount,
  readFreightNumber,
  roundTo,
  type Reading,
} from "../readers"

describe("known", () => {
  it("is a value for anything but null and undefined, which are nothing", () => {
    expect(known("x")).toEqual({ value: "x" })
    expect(known(0)).toEqual({ value: 0 })
    expect(known(null)).toBeNull()
    expect(known(undefined)).toBeNull()
  })
})

describe("firstReading", () => {
  const read = (raw: unknown): Reading<string> =>
    raw === "bad" || raw === "worse" ? { reason: `${raw}` } : known(raw as string | null)

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
    expect(metadataText({ value: 1 }, "Número da nota fiscal")).toEqual({
      reason: "Número da nota fiscal em formato não reconhecido: use texto ou número",
    })
    expect(metadataText(Number.NaN, "Série da nota fiscal")).toEqual({
      reason: expect.stringMatching(/^Série da nota fiscal/),
    })
  })

  it("is nothing when absent", () => {
    expect(metadataText(null, "Série da nota fiscal")).toBeNull()
    expect(metadataText(" ", "Série da nota fiscal")).toBeNull()
  })
})

describe("readAmount", () => {
  it("rounds to centavos, half up", () => {
    expect(readAmount(259.899, "Valor do pedido")).toEqual({ value: 259.9 })
    expect(readAmount(1.005, "Custo do frete")).toEqual({ value: 1.01 })
  })

  it("keeps a free freight as 0", () => {
    expect(readAmount(0, "Custo do frete")).toEqual({ value: 0 })
  })

  it("refuses a negative or non-finite amount with a reason naming it", () => {
    expect(readAmount(-10, "Valor do pedido")).toEqual({ reason: "Valor do pedido negativo" })
    expect(readAmount(Number.NaN, "Custo do frete")).toEqual({ reason: "Custo do frete inválido" })
    expect(readAmount(Infinity, "Custo do frete")).toEqual({ reason: "Custo do frete inválido" })
  })

  it("reads a missing amount as nothing, without a reason", () => {
    expect(readAmount(null, "Valor do pedido")).toBeNull()
    expect(readAmount(undefined, "Valor do pedido")).toBeNull()
  })
})

describe("readFreightNumber", () => {
  it.each([
    [98765, 98765],
    ["000123", 123],
    [" 42 ", 42],
    [0, 0],
  ])("reads %j as %j", (freightNumber, expected) => {
    expect(readFreightNumber(freightNumber)).toEqual({ value: expected })
  })

  it.each([[-1], [1.5], ["12a"], ["1e3"], [{ id: 1 }], [2 ** 53], ["9007199254740993"]])(
    "refuses %j with a reason",
    (freightNumber) => {
      expect(readFreightNumber(freightNumber)).toEqual({ reason: expect.stringMatching(/freight_number/) })
    }
  )

  it.each([[null], [undefined], [""], [" "]])("reads %j as nothing, without a reason", (freightNumber) => {
    expect(readFreightNumber(freightNumber)).toBeNull()
  })
})

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

const pack = DEFAULT_SETTINGS.default_package

describe("parcelOf (kg and cm)", () => {
  it("is the default package without items", () => {
    expect(parcelOf([], pack)).toEqual({
      weightKg: pack.weight_kg,
      lengthCm: pack.length_cm,
      widthCm: pack.width_cm,
      heightCm: pack.height_cm,
    })
  })

  it("stacks the items: as long and wide as the largest, as high and heavy as all together", () => {
    const items = [
      { title: "Camiseta", quantity: 2, weightKg: 0.25, lengthCm: 30, widthCm: 25, heightCm: 2 },
      { title: "Caneca", quantity: 1, weightKg: 0.4, lengthCm: 12, widthCm: 12, heightCm: 10 },
    ]
    expect(parcelOf(items, pack)).toEqual({ weightKg: 0.9, lengthCm: 30, widthCm: 25, heightCm: 14 })
  })

  it("counts the default package's weight for an item without weight", () => {
    const items = [{ title: "Livro", quantity: 3, weightKg: null, lengthCm: 23, widthCm: 16, heightCm: 2 }]
    expect(parcelOf(items, pack).weightKg).toBeCloseTo(3 * pack.weight_kg, 10)
  })

  it("counts the default package's dimensions for an item lacking any one of them", () => {
    const items = [
      { title: "Livro", quantity: 1, weightKg: 0.5, lengthCm: 10, widthCm: 10, heightCm: 3 },
      { title: "Pôster", quantity: 2, weightKg: 0.2, lengthCm: 60, widthCm: null, heightCm: 1 },
    ]
    const parcel = parcelOf(items, pack)
    expect(parcel.lengthCm).toBe(Math.max(10, pack.length_cm))
    expect(parcel.widthCm).toBe(Math.max(10, pack.width_cm))
    expect(parcel.heightCm).toBe(3 + 2 * pack.height_cm)
    expect(parcel.weightKg).toBe(0.9)
  })

  it("rounds weight to 3 decimals and dimensions to 2", () => {
    const items = [
      { title: "Parafuso", quantity: 3, weightKg: 0.0333, lengthCm: 1.234, widthCm: 0.555, heightCm: 0.3333 },
    ]
    expect(parcelOf(items, pack)).toEqual({ weightKg: 0.1, lengthCm: 1.23, widthCm: 0.56, heightCm: 1 })
  })
})

describe("parcelMeasure", () => {
  it("gives a finite measure as the value", () => {
    expect(parcelMeasure(0.9, "Peso")).toEqual({ value: 0.9 })
  })

  it.each([[Infinity], [Number.NaN]])("refuses %p with a reason naming the measure", (measure) => {
    expect(parcelMeasure(measure, "Peso")).toEqual({ reason: expect.stringMatching(/^Peso do pacote grande demais/) })
  })
})

describe("promisedDate", () => {
  it("counts business days from the shipping date, 0 being the shipping day", () => {
    // Tuesday 2026-03-10.
    expect(promisedDate("2026-03-10", 2)).toEqual({ value: "2026-03-12" })
    expect(promisedDate("2026-03-10", 0)).toEqual({ value: "2026-03-10" })
  })

  it("is nothing, without a reason, when the deadline is unknown", () => {
    expect(promisedDate("2026-03-10", null)).toBeNull()
    expect(promisedDate("2026-03-10", undefined)).toBeNull()
  })

  it.each([[1.5], [-1], [Number.NaN]])("refuses a deadline of %p days, not a whole number of days", (days) => {
    expect(promisedDate("2026-03-10", days)).toEqual({ reason: expect.stringMatching(/Prazo de entrega inválido/) })
  })

  it("refuses a deadline longer than the calendar counts", () => {
    expect(promisedDate("2026-03-10", MAX_BUSINESS_DAYS + 1)).toEqual({
      reason: expect.stringMatching(/Prazo de entrega longo demais/),
    })
  })

  it("refuses a promised date beyond the business-day calendar", () => {
    expect(promisedDate("9999-12-30", 5)).toEqual({ reason: expect.stringMatching(/fora do calendário de dias úteis/) })
  })
})
