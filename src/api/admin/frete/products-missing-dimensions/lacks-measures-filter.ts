import { MAX_PLAUSIBLE_CM, MAX_PLAUSIBLE_KG } from "../../../../lib/checkout/build-freight-query"
import { toCm, toKg, type DimensionUnit, type WeightUnit } from "../../../../lib/checkout/units"

/**
 * A measure that `usableWeightKg` / `usableLengthCm` refuse: none, not positive, or over the
 * plausible bound, here in the store's own unit. A `real` column's NaN and Infinity sort above
 * every number in Postgres, so the bound catches them too.
 */
function unusable(measure: string, max: number): Array<Record<string, unknown>> {
  return [{ [measure]: null }, { [measure]: { $lte: 0 } }, { [measure]: { $gt: max } }]
}

/**
 * Query's filters on `product` for the products with a variant lacking what the freight query
 * needs, as the route's `missingOf` judges it: a dimension, or a weight when its product has none
 * either, found, paged and counted by Postgres. All in one condition on `variants`: MikroORM joins
 * the relation again for each condition naming it. Medusa leaves deleted variants out of the join,
 * as out of a product; the join is a left one, where a product without variants meets a row of
 * nulls, which is no variant.
 */
export function lacksMeasuresFilter(units: { weight: WeightUnit; dimension: DimensionUnit }): Record<string, unknown> {
  const maxSide = MAX_PLAUSIBLE_CM / toCm(1, units.dimension)
  const maxWeight = MAX_PLAUSIBLE_KG / toKg(1, units.weight)
  return {
    variants: {
      id: { $ne: null },
      $or: [
        ...["length", "width", "height"].flatMap((side) => unusable(side, maxSide)),
        { $and: [{ $or: unusable("weight", maxWeight) }, { product: { $or: unusable("weight", maxWeight) } }] },
      ],
    },
  }
}
