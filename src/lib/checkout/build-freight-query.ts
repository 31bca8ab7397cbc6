import { tryNormalizeCep } from "../brazil/cep"
import { toCents } from "../brazil/brazilian-decimal"
import type { FreightQuery, FreightVolume } from "../freight/schemas"
import type { FreteSettings } from "../settings/schema"
import { truncate } from "../utils/text"
import { billableWeightKg } from "../learned/learned-prices"
import { handlingDaysOf } from "./handling-days"
import { stateOf, type RuleCart } from "./rules"
import { ShopperError } from "./shopper-error"
import { toCm, toKg, type DimensionUnit, type StoreUnits, type WeightUnit } from "./units"

export interface ShippableItem {
  sku: string
  quantity: number
  unitPrice: number // reais
  variant?: { weight?: number | null; length?: number | null; height?: number | null; width?: number | null } | null
  productWeight?: number | null
  productId?: string | null
  shippingProfileId?: string | null
  handlingMetadata?: { variant?: Record<string, unknown> | null; product?: Record<string, unknown> | null } | null
}

export interface QuoteRequest {
  originCep?: string | null // the stock location's, as stored
  destinationCep?: string | null
  destinationState?: string | null
  items: ShippableItem[]
  // The CEPs swap, and the carrier's trip alone is priced (no handling days, no rules).
  isReturn?: boolean
}

// `cart`: what the rules read of an outbound parcel; null for a return.
export type BuiltQuery = { query: FreightQuery; subtotal: number; cart: RuleCart | null }

// Beyond these a measure is a typing error (1e30 g): priced as the default package, listed as missing in the admin.
export const MAX_PLAUSIBLE_KG = 10_000
export const MAX_PLAUSIBLE_CM = 1_000

function converted(value: unknown, convert: (value: number) => number, max: number): number | null {
  if (typeof value !== "number" || !(value > 0)) return null
  const result = convert(value)
  return result > 0 && result <= max ? result : null
}

export const usableWeightKg = (value: unknown, unit: WeightUnit): number | null =>
  converted(value, (weight) => toKg(weight, unit), MAX_PLAUSIBLE_KG)
export const usableLengthCm = (value: unknown, unit: DimensionUnit): number | null =>
  converted(value, (length) => toCm(length, unit), MAX_PLAUSIBLE_CM)

const unitPriceOf = (item: ShippableItem): number =>
  Number.isFinite(item.unitPrice) && item.unitPrice > 0 ? item.unitPrice : 0
const shippable = (items: ShippableItem[]) =>
  items.filter((item) => Number.isSafeInteger(item.quantity) && item.quantity > 0)

export function subtotalOf(items: ShippableItem[]): number {
  const cents = toCents(shippable(items).reduce((sum, item) => sum + unitPriceOf(item) * item.quantity, 0))
  // Beyond R$ 90 trillion no sum of centavos is exact (and beyond 1e306, none is finite).
  if (!Number.isSafeInteger(cents))
    throw new ShopperError("freight_unavailable", `the items' subtotal (${cents / 100}) is too large to price`)
  return cents / 100
}

function volumeOf(item: ShippableItem, box: FreteSettings["default_package"], units: StoreUnits): FreightVolume {
  const variant = item.variant ?? {}
  const weight =
    usableWeightKg(variant.weight, units.weight) ?? usableWeightKg(item.productWeight, units.weight) ?? box.weight_kg
  const dimensions = [variant.length, variant.height, variant.width].map((value) =>
    usableLengthCm(value, units.dimension)
  )
  const [length, height, width] = dimensions.every((value) => value !== null)
    ? (dimensions as number[])
    : [box.length_cm, box.height_cm, box.width_cm]
  const round = (value: number, digits: number) => Number(value.toFixed(digits))
  const sku = typeof item.sku === "string" ? item.sku.trim() : ""
  return {
    // The freight API's limit (freightVolumeSchema).
    sku: sku === "" ? "item" : truncate(sku, 255),
    quantity: item.quantity,
    price: toCents(unitPriceOf(item)) / 100,
    weightKg: round(weight, 3) || 0.001,
    lengthCm: round(length, 2) || 0.01,
    heightCm: round(height, 2) || 0.01,
    widthCm: round(width, 2) || 0.01,
  }
}

// A canonical order: the same cart gives the same query whatever its item order.
function byContent(a: FreightVolume, b: FreightVolume): number {
  const [x, y] = [a, b].map((volume) => JSON.stringify(Object.values(volume)))
  return x < y ? -1 : x > y ? 1 : 0
}

function destinationOf(request: QuoteRequest): string {
  const destination: unknown = request.destinationCep
  if (destination === null || destination === undefined || (typeof destination === "string" && !destination.trim()))
    throw new ShopperError("missing_cep")
  const cep = tryNormalizeCep(destination)
  if (!cep) throw new ShopperError("invalid_cep")
  return cep
}

function parcelOf(request: QuoteRequest, destinationCep: string, settings: FreteSettings, units: StoreUnits) {
  const items = shippable(request.items)
  const volumes = items.map((item) => volumeOf(item, settings.default_package, units)).sort(byContent)
  const cart: RuleCart = {
    subtotal: subtotalOf(items),
    destinationCep,
    state: stateOf(destinationCep, request.destinationState),
    weightKg: billableWeightKg({ volumes }),
    items: items.map((item) => ({ productId: item.productId ?? null, profileId: item.shippingProfileId ?? null })),
  }
  return { items, volumes, cart }
}

/** What the rules read of a cart to this CEP, with no freight query (the free-freight nudge's; an empty cart too). */
export const rulesCartOf = (request: QuoteRequest, settings: FreteSettings, units: StoreUnits): RuleCart =>
  parcelOf(request, destinationOf(request), settings, units).cart

export function buildFreightQuery(request: QuoteRequest, settings: FreteSettings, units: StoreUnits): BuiltQuery {
  const destinationCep = destinationOf(request)
  const originCep = tryNormalizeCep(request.originCep) ?? settings.origin_cep
  if (!originCep) throw new ShopperError("no_origin")
  const { items, volumes, cart } = parcelOf(request, destinationCep, settings, units)
  if (!items.length) throw new ShopperError("no_items")
  const key = settings.handling_days_metadata_key
  // The parcel leaves when its slowest item is ready: the API adds the days.
  const handlingDays = Math.max(
    0,
    ...items.map((item) => handlingDaysOf(item.handlingMetadata?.variant, item.handlingMetadata?.product, key))
  )
  const outbound = !request.isReturn
  return {
    subtotal: cart.subtotal,
    cart: outbound ? cart : null,
    query: {
      originCep: outbound ? originCep : destinationCep,
      destinationCep: outbound ? destinationCep : originCep,
      invoiceValue: cart.subtotal,
      extraDays: outbound ? handlingDays : 0,
      volumes,
    },
  }
}
