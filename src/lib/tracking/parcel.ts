import type { FreteSettings } from "../settings/schema"
import type { Reading } from "./reading"
import { roundTo } from "./round-to"
import type { ShipmentFacts } from "./shipment-facts"

type Item = ShipmentFacts["items"][number]

/** The package in the freight API's units: kilograms and centimetres. */
export interface Parcel {
  weightKg: number
  lengthCm: number
  widthCm: number
  heightCm: number
}

/**
 * Items stacked in one box: as long and wide as the largest item, as high as all of them
 * together. An item without weight, or without any one of its dimensions, counts the default
 * package's weight or dimensions. No items: the default package. Weight is rounded to 3
 * decimals, dimensions to 2.
 */
export function parcelOf(items: Item[], defaults: FreteSettings["default_package"]): Parcel {
  if (items.length === 0) {
    return { weightKg: defaults.weight_kg, lengthCm: defaults.length_cm, widthCm: defaults.width_cm, heightCm: defaults.height_cm }
  }
  const parcel: Parcel = { weightKg: 0, lengthCm: 0, widthCm: 0, heightCm: 0 }
  for (const item of items) {
    const size =
      isPositive(item.lengthCm) && isPositive(item.widthCm) && isPositive(item.heightCm)
        ? { length: item.lengthCm, width: item.widthCm, height: item.heightCm }
        : { length: defaults.length_cm, width: defaults.width_cm, height: defaults.height_cm }
    parcel.weightKg += (isPositive(item.weightKg) ? item.weightKg : defaults.weight_kg) * item.quantity
    parcel.lengthCm = Math.max(parcel.lengthCm, size.length)
    parcel.widthCm = Math.max(parcel.widthCm, size.width)
    parcel.heightCm += size.height * item.quantity
  }
  return {
    weightKg: roundTo(parcel.weightKg, 3),
    lengthCm: roundTo(parcel.lengthCm, 2),
    widthCm: roundTo(parcel.widthCm, 2),
    heightCm: roundTo(parcel.heightCm, 2),
  }
}

/** A measure of the whole parcel; items of absurd weight or size can add up beyond any number. */
export function parcelMeasure(value: number, label: string): Reading<number> {
  return Number.isFinite(value) ? { value } : { reason: `${label} do pacote grande demais: confira o peso e as medidas dos itens` }
}

function isPositive(value: number | null): value is number {
  return value !== null && Number.isFinite(value) && value > 0
}
