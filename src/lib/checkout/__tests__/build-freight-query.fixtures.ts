// The settings, cart items and requests the buildFreightQuery specs start from, and the helpers that build
// a query from them.
import { freteSettingsSchema, type FreteSettingsInput } from "../../settings/schema"
import { buildFreightQuery, type QuoteRequest, type ShippableItem } from "../build-freight-query"
import type { DimensionUnit, WeightUnit } from "../units"

/** The store's units when the test says nothing else. */
export const KG_CM = { weight: "kg", dimension: "cm" } as const satisfies {
  weight: WeightUnit
  dimension: DimensionUnit
}

/** Settings of a store in São Paulo with a default box no variant in these tests measures. */
const BASE_SETTINGS: FreteSettingsInput = {
  origin_cep: "01310-100",
  default_package: { weight_kg: 0.5, length_cm: 33, width_cm: 22, height_cm: 11 },
}
export const SETTINGS = freteSettingsSchema.parse(BASE_SETTINGS)

export function settingsWith(overrides: FreteSettingsInput) {
  return freteSettingsSchema.parse({ ...BASE_SETTINGS, ...overrides })
}

/** A T-shirt measured in kg and cm, one of it at R$ 50. */
export function item(overrides: Partial<ShippableItem> = {}): ShippableItem {
  return {
    sku: "CAMISETA-P",
    quantity: 1,
    unitPrice: 50,
    variant: { weight: 0.3, length: 30, height: 4, width: 20 },
    ...overrides,
  }
}

/** A cart to Rio de Janeiro (20040-002) holding `items`. */
export function request(overrides: Partial<QuoteRequest> = {}): QuoteRequest {
  return { destinationCep: "20040-002", items: [item()], ...overrides }
}

export function build(
  req: QuoteRequest,
  settings = SETTINGS,
  units: { weight: WeightUnit; dimension: DimensionUnit } = KG_CM
) {
  return buildFreightQuery(req, settings, units)
}

/** The single volume the query has for a one-item cart. */
export function onlyVolume(
  req: QuoteRequest,
  settings = SETTINGS,
  units: { weight: WeightUnit; dimension: DimensionUnit } = KG_CM
) {
  const { volumes } = build(req, settings, units).query
  expect(volumes).toHaveLength(1)
  return volumes[0]
}
