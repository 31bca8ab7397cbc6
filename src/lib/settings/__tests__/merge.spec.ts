import { mergeSettings } from "../schema"

describe("mergeSettings: a save merged into the stored settings field by field", () => {
  const stored = {
    extra_days: 2,
    extra_price: { type: "percent", value: 5 },
    fallback: [{ service: "pac", name: "PAC", bands: [{ max_weight_kg: 1, price: 20, days: 5 }] }],
    tracking: {
      company_document: "11222333000181",
      payload_retention_days: 90,
      carriers: [{ service: "pac", carrier_id: "c-1", carrier_name: "Correios" }],
    },
  }

  it("keeps the fields of a nested object that the save does not give", () => {
    expect(mergeSettings(stored, { tracking: { payload_retention_days: 30 } })).toEqual({
      ...stored,
      tracking: { ...stored.tracking, payload_retention_days: 30 },
    })
  })

  it("keeps every top-level field the save does not give", () => {
    expect(mergeSettings(stored, { extra_days: 4 })).toEqual({ ...stored, extra_days: 4 })
  })

  it("takes a given list as the new list, never merged by position", () => {
    const merged = mergeSettings(stored, { tracking: { carriers: [] }, fallback: [{ service: "sedex" }] })
    expect(merged.fallback).toEqual([{ service: "sedex" }])
    expect(merged.tracking).toEqual({ ...stored.tracking, carriers: [] })
  })

  it("sets null where it is given, and leaves a field undefined in code as it was", () => {
    expect(mergeSettings(stored, { tracking: { company_document: null } }).tracking).toEqual({
      ...stored.tracking,
      company_document: null,
    })
    expect(mergeSettings(stored, { extra_days: undefined })).toEqual(stored)
  })

  it("replaces a value of another kind whole: an object over a number, a number over an object", () => {
    expect(mergeSettings({ a: 1 }, { a: { b: 2 } })).toEqual({ a: { b: 2 } })
    expect(mergeSettings({ a: { b: 2 } }, { a: 3 })).toEqual({ a: 3 })
  })

  it("merges into nothing stored as into an empty object", () => {
    expect(mergeSettings(null, { extra_days: 1 })).toEqual({ extra_days: 1 })
  })

  it("keeps a __proto__ key of a JSON body as a plain key, never the result's prototype", () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "extra_days": 1}') as Record<string, unknown>
    const merged = mergeSettings(stored, patch)
    expect(Object.getPrototypeOf(merged)).toBe(Object.prototype)
    expect({ polluted: (merged as { polluted?: unknown }).polluted }).toEqual({ polluted: undefined })
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined()
  })

  it("leaves the stored object as it was", () => {
    const before = JSON.stringify(stored)
    mergeSettings(stored, { tracking: { payload_retention_days: 1 } })
    expect(JSON.stringify(stored)).toBe(before)
  })
})
