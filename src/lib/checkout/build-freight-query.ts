import { tryNormalizeCep } from "../brazil/cep"
import { toCents } from "../brazil/brazilian-decimal"
import type { FreightQuery, FreightVolume } from "../freight/schemas"
import type { FreteSettings } from "../settings/schema"
import { truncate } from "../utils/text"
import { qualifiesForFreeFreight } from "./free-freight"
import { handlingDaysOf } from "./handling-days"
import { ShopperError } from "./shopper-error"
import { toCm, toKg, type DimensionUnit, type WeightUnit } from "./units"

/** A line item to ship, in the store's units, as the provider and the quote route both see it. */
export interface ShippableItem {
  sku: string
  quantity: number
  /** Unit price in reais. */
  unitPrice: number
  variant?: { weight?: number | null; length?: number | null; height?: number | null; width?: number | null } | null
  productWeight?: number | null
  /** The variant's and the product's metadata, where the settings' key holds the item's handling days. */
  handlingMetadata?: { variant?: Record<string, unknown> | null; product?: Record<string, unknown> | null } | null
}

export interface QuoteRequest {
  /** CEP of the stock location the option ships from, as stored (any punctuation). */
  originCep?: string | null
  destinationCep?: string | null
  destinationState?: string | null
  items: ShippableItem[]
  /**
   * A return: the customer sends the items back, so the customer's CEP (`destinationCep`) is the
   * query's origin and the stock location's (`originCep`, else the settings') its destination. A
   * return is priced for the carrier's trip alone: no handling days, no extra price, no free freight.
   */
  isReturn?: boolean
}

export interface BuiltQuery {
  query: FreightQuery
  /** Items subtotal in reais, on which free-freight rules and percentage prices are reckoned. */
  subtotal: number
}

/** A measure the store actually has: a positive finite number. */
function measured(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0
}

/**
 * Beyond these a measure is a typing error (a weight of 1e30 g, a side of 5 km), not a parcel: it
 * is treated as missing, so the default package prices the item, and the admin's report of
 * products missing dimensions lists it. The freight API states no bounds of its own.
 */
export const MAX_PLAUSIBLE_KG = 10_000
export const MAX_PLAUSIBLE_CM = 1_000

/** A measure in the freight API's unit, or null when the store has none, it overflows there (1e308 m) or is implausible. */
function converted(value: unknown, convert: (value: number) => number, max: number): number | null {
  if (!measured(value)) {
    return null
  }
  const result = convert(value)
  return measured(result) && result <= max ? result : null
}

/** A weight in the store's unit, in kg, or null when missing or implausible. */
export function usableWeightKg(value: unknown, unit: WeightUnit): number | null {
  return converted(value, (weight) => toKg(weight, unit), MAX_PLAUSIBLE_KG)
}

/** A length, width or height in the store's unit, in cm, or null when missing or implausible. */
export function usableLengthCm(value: unknown, unit: DimensionUnit): number | null {
  return converted(value, (length) => toCm(length, unit), MAX_PLAUSIBLE_CM)
}

/** The freight API's limit for a SKU (`freightVolumeSchema`). */
const MAX_SKU_LENGTH = 255

/** The item's SKU as the API takes it: never blank, at most 255 UTF-16 units, no character split. */
function skuOf(sku: unknown): string {
  const text = typeof sku === "string" ? sku.trim() : ""
  return text === "" ? "item" : truncate(text, MAX_SKU_LENGTH)
}

/** A line to ship: a quantity of whole units, one the freight API can write as a plain number. */
function isShippable(item: ShippableItem): boolean {
  return Number.isSafeInteger(item.quantity) && item.quantity > 0
}

/** The unit price in reais; a price that is not a finite, non-negative number counts as 0, as a missing one does. */
function unitPriceOf(item: ShippableItem): number {
  const price: unknown = item.unitPrice
  return typeof price === "number" && Number.isFinite(price) && price > 0 ? price : 0
}

function volumeOf(item: ShippableItem, settings: FreteSettings, units: { weight: WeightUnit; dimension: DimensionUnit }): FreightVolume {
  const box = settings.default_package
  const variant = item.variant ?? {}
  const weight = usableWeightKg(variant.weight, units.weight) ?? usableWeightKg(item.productWeight, units.weight)
  const dimensions = [variant.length, variant.height, variant.width].map((value) => usableLengthCm(value, units.dimension))
  const [length, height, width] = dimensions.every((value) => value !== null) ? (dimensions as number[]) : [box.length_cm, box.height_cm, box.width_cm]
  const round = (value: number, digits: number) => Number(value.toFixed(digits))
  return {
    sku: skuOf(item.sku),
    quantity: item.quantity,
    price: toCents(unitPriceOf(item)) / 100,
    weightKg: round(weight ?? box.weight_kg, 3) || 0.001,
    lengthCm: round(length, 2) || 0.01,
    heightCm: round(height, 2) || 0.01,
    widthCm: round(width, 2) || 0.01,
  }
}

/** Volumes in a canonical order, so the same cart gives the same query whatever its item order. */
function byContent(a: FreightVolume, b: FreightVolume): number {
  const key = (volume: FreightVolume) => JSON.stringify([volume.sku, volume.quantity, volume.price, volume.weightKg, volume.lengthCm, volume.heightCm, volume.widthCm])
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0
}

/**
 * One freight query for a cart: CEPs normalised (origin from the stock location, else the
 * settings), one volume per line item (the variant's weight and dimensions, then the product's
 * weight, then the settings' default package, in kg and cm), the invoice value from the items,
 * and the settings' extra days (plus the items' largest handling days), extra price and
 * free-freight rules; a return reverses the CEPs and adds none of them. Lines whose quantity is not a
 * positive whole number are left out; a unit price that is not a finite number >= 0 counts as 0;
 * a subtotal too large to count in centavos is refused as freight_unavailable.
 */
export function buildFreightQuery(
  request: QuoteRequest,
  settings: FreteSettings,
  units: { weight: WeightUnit; dimension: DimensionUnit }
): BuiltQuery {
  const destination: unknown = request.destinationCep
  if (destination === null || destination === undefined || (typeof destination === "string" && !destination.trim())) {
    throw new ShopperError("missing_cep")
  }
  const destinationCep = tryNormalizeCep(destination)
  if (!destinationCep) {
    throw new ShopperError("invalid_cep")
  }
  const originCep = tryNormalizeCep(request.originCep) ?? settings.origin_cep
  if (!originCep) {
    throw new ShopperError("no_origin")
  }
  const items = request.items.filter(isShippable)
  if (!items.length) {
    throw new ShopperError("no_items")
  }
  const subtotalCents = toCents(items.reduce((sum, item) => sum + unitPriceOf(item) * item.quantity, 0))
  if (!Number.isSafeInteger(subtotalCents)) {
    // Beyond R$ 90 trillion no sum of centavos is exact (and beyond 1e306, none is finite).
    throw new ShopperError("freight_unavailable", `the items' subtotal (${subtotalCents / 100}) is too large to price`)
  }
  const subtotal = subtotalCents / 100
  const extra = settings.extra_price
  const extraPrice = toCents(extra.type === "fixed" ? extra.value : (subtotal * extra.value) / 100) / 100
  // The largest of the items' handling days: the parcel leaves when its slowest item is ready.
  const key = settings.handling_days_metadata_key
  const handlingDays = Math.max(0, ...items.map((item) => handlingDaysOf(item.handlingMetadata?.variant, item.handlingMetadata?.product, key)))
  const trip = request.isReturn
    ? { originCep: destinationCep, destinationCep: originCep, extraDays: 0, extraPrice: 0, freeFreight: false }
    : {
        originCep,
        destinationCep,
        extraDays: settings.extra_days + handlingDays,
        extraPrice,
        freeFreight: qualifiesForFreeFreight(settings, subtotal, destinationCep, request.destinationState),
      }
  return {
    subtotal,
    query: {
      originCep: trip.originCep,
      destinationCep: trip.destinationCep,
      invoiceValue: subtotal,
      extraDays: trip.extraDays,
      extraPrice: trip.extraPrice,
      freeFreight: trip.freeFreight,
      volumes: items.map((item) => volumeOf(item, settings, units)).sort(byContent),
    },
  }
}
