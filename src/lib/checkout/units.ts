export type WeightUnit = "g" | "kg"
export type DimensionUnit = "cm" | "mm" | "m"

const KG_PER: Record<WeightUnit, number> = { g: 0.001, kg: 1 }
const CM_PER: Record<DimensionUnit, number> = { mm: 0.1, cm: 1, m: 100 }

/** A weight in the store's unit to kilograms, the freight API's unit. */
export function toKg(value: number, unit: WeightUnit): number {
  return value * KG_PER[unit]
}

/** A length in the store's unit to centimetres, the freight API's unit. */
export function toCm(value: number, unit: DimensionUnit): number {
  return value * CM_PER[unit]
}
