import { tryNormalizeCep } from "../cep"
import { toCents } from "../brazilian-decimal"
import type { FreightQuery, FreightVolume } from "../freight/schemas"
import type { FreteSettings } from "../settings/schema"
import { qualifiesForFreeFreight } from "./free-freight"
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
}

export interface QuoteRequest {
  /** CEP of the stock location the option ships from, as stored (any punctuation). */
  originCep?: string | null
  destinationCep?: string | null
  destinationState?: string | null
  items: ShippableItem[]
}

export interface BuiltQuery {
  query: FreightQuery
  /** Items subtotal in reais, on which free-freight rules and percentage prices are reckoned. */
  subtotal: number
}

/** A measure the store actually has: a positive finite number. */
function measured(value: number | null | undefined): value is number {
  return typeof value === "number" && Number.isFinite(value) && value > 0
}

function volumeOf(item: ShippableItem, settings: FreteSettings, units: { weight: WeightUnit; dimension: DimensionUnit }): FreightVolume {
  const box = settings.default_package
  const variant = item.variant ?? {}
  const weight = measured(variant.weight) ? variant.weight : measured(item.productWeight) ? item.productWeight : null
  const hasDimensions = measured(variant.length) && measured(variant.height) && measured(variant.width)
  const round = (value: number, digits: number) => Number(value.toFixed(digits))
  return {
    sku: item.sku,
    quantity: item.quantity,
    price: toCents(item.unitPrice) / 100,
    weightKg: round(weight === null ? box.weight_kg : toKg(weight, units.weight), 3) || 0.001,
    lengthCm: round(hasDimensions ? toCm(variant.length as number, units.dimension) : box.length_cm, 2) || 0.01,
    heightCm: round(hasDimensions ? toCm(variant.height as number, units.dimension) : box.height_cm, 2) || 0.01,
    widthCm: round(hasDimensions ? toCm(variant.width as number, units.dimension) : box.width_cm, 2) || 0.01,
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
 * and the settings' extra days, extra price and free-freight rules.
 */
export function buildFreightQuery(
  request: QuoteRequest,
  settings: FreteSettings,
  units: { weight: WeightUnit; dimension: DimensionUnit }
): BuiltQuery {
  if (!request.destinationCep?.trim()) {
    throw new ShopperError("missing_cep")
  }
  const destinationCep = tryNormalizeCep(request.destinationCep)
  if (!destinationCep) {
    throw new ShopperError("invalid_cep")
  }
  const originCep = tryNormalizeCep(request.originCep) ?? settings.origin_cep
  if (!originCep) {
    throw new ShopperError("no_origin")
  }
  const items = request.items.filter((item) => Number.isInteger(item.quantity) && item.quantity > 0)
  if (!items.length) {
    throw new ShopperError("no_items")
  }
  const subtotal = toCents(items.reduce((sum, item) => sum + item.unitPrice * item.quantity, 0)) / 100
  const extra = settings.extra_price
  const extraPrice = toCents(extra.type === "fixed" ? extra.value : (subtotal * extra.value) / 100) / 100
  return {
    subtotal,
    query: {
      originCep,
      destinationCep,
      invoiceValue: subtotal,
      extraDays: settings.extra_days,
      extraPrice,
      freeFreight: qualifiesForFreeFreight(settings, subtotal, destinationCep, request.destinationState),
      volumes: items.map((item) => volumeOf(item, settings, units)).sort(byContent),
    },
  }
}
