import { DEFAULT_SETTINGS } from "../../settings/schema"
import { parcelMeasure, parcelOf } from "../readers"

const pack = DEFAULT_SETTINGS.default_package

describe("parcelOf (kg and cm)", () => {
  it("is the default package without items", () => {
    expect(parcelOf([], pack)).toEqual({ weightKg: pack.weight_kg, lengthCm: pack.length_cm, widthCm: pack.width_cm, heightCm: pack.height_cm })
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
    const items = [{ title: "Parafuso", quantity: 3, weightKg: 0.0333, lengthCm: 1.234, widthCm: 0.555, heightCm: 0.3333 }]
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
