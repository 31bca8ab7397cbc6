export type WeightUnit = "g" | "kg"
export type DimensionUnit = "cm" | "mm" | "m"
export type StoreUnits = { weight: WeightUnit; dimension: DimensionUnit }

export const toKg = (value: number, unit: WeightUnit): number => value * { g: 0.001, kg: 1 }[unit]
export const toCm = (value: number, unit: DimensionUnit): number => value * { mm: 0.1, cm: 1, m: 100 }[unit]
