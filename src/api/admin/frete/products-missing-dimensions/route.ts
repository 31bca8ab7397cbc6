import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import {
  MAX_PLAUSIBLE_CM,
  MAX_PLAUSIBLE_KG,
  usableLengthCm,
  usableWeightKg,
} from "../../../../lib/checkout/build-freight-query"
import { toCm, toKg, type StoreUnits } from "../../../../lib/checkout/units"
import type { MissingMeasure, ProductsMissingDimensionsAnswer } from "../../../../lib/admin-contract"
import { freteOf, queryOf } from "../../../../bridge/medusa-bridge"
import { validated } from "../../../lib/validated"

const wholeNumber = (field: string, min: number, max: number, fallback: number) => {
  const message = `Parâmetros inválidos: ${field}: use um número inteiro de ${min} a ${max}`
  return z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .default(String(fallback))
    .transform(Number)
    .refine((value) => value >= min && value <= max, message)
}

export const ProductsMissingDimensionsQuery = z.object({
  limit: wholeNumber("limit", 1, 100, 20),
  offset: wholeNumber("offset", 0, 100_000_000, 0),
})

type Query = z.output<typeof ProductsMissingDimensionsQuery>
export const MISSING_DIMENSIONS_QUERY = validated(ProductsMissingDimensionsQuery)

const SIDES = ["length", "width", "height"] as const
type Measures = Partial<Record<MissingMeasure, number | null>>
type Variant = { id: string; title: string | null; sku: string | null } & Measures
type Product = { id: string; title: string; thumbnail: string | null; weight: number | null; variants: Variant[] }

/** As the freight query judges it; the product's weight stands in for the variant's. */
function missingOf(variant: Measures, productWeight: number | null, units: StoreUnits): MissingMeasure[] {
  const weightless = [variant.weight, productWeight].every((value) => usableWeightKg(value, units.weight) === null)
  return [
    ...(weightless ? (["weight"] as const) : []),
    ...SIDES.filter((side) => usableLengthCm(variant[side], units.dimension) === null),
  ]
}

// A `real` column's NaN and Infinity sort above every number in Postgres, so the bound catches them.
const unusable = (measure: string, max: number) => [
  { [measure]: null },
  { [measure]: { $lte: 0 } },
  { [measure]: { $gt: max } },
]

// One condition on `variants` (MikroORM joins the relation again for each one); in its left join a product without
// variants meets a row of nulls.
function lacksMeasuresFilter(units: StoreUnits) {
  const maxWeight = MAX_PLAUSIBLE_KG / toKg(1, units.weight)
  const weightless = {
    $and: [{ $or: unusable("weight", maxWeight) }, { product: { $or: unusable("weight", maxWeight) } }],
  }
  const sides = SIDES.flatMap((side) => unusable(side, MAX_PLAUSIBLE_CM / toCm(1, units.dimension)))
  return { variants: { id: { $ne: null }, $or: [...sides, weightless] } }
}

export async function GET(req: MedusaRequest<unknown, Query>, res: MedusaResponse) {
  const { limit, offset } = req.validatedQuery
  const { units } = freteOf(req.scope).pluginOptions
  const variantFields = ["id", "title", "sku", "weight", ...SIDES].map((field) => `variants.${field}`)
  const { data, metadata } = await queryOf(req.scope).graph({
    entity: "product",
    fields: ["id", "title", "thumbnail", "weight", ...variantFields],
    filters: lacksMeasuresFilter(units),
    pagination: { skip: offset, take: limit, order: { title: "ASC", id: "ASC" } },
  })
  const products = (data as Product[]).map(({ weight, variants, ...product }) => ({
    ...product,
    variants: variants
      .map(({ id, title, sku, ...measures }) => ({ id, title, sku, missing: missingOf(measures, weight, units) }))
      .filter((variant) => variant.missing.length),
  }))
  res.json({ products, count: metadata?.count ?? 0, limit, offset } satisfies ProductsMissingDimensionsAnswer)
}
