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

/** A whole number written in a query string ("20"), within bounds. */
const wholeNumber = (field: string, min: number, max: number, fallback: number) => {
  const message = `${field}: use um número inteiro de ${min} a ${max}`
  const digits = z
    .string({ error: message })
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
  return digits
    .pipe(z.number().min(min, message).max(max, message))
    .optional()
    .transform((value) => value ?? fallback)
}

export const ProductsMissingDimensionsQuery = z.object({
  limit: wholeNumber("limit", 1, 100, 20),
  offset: wholeNumber("offset", 0, 100_000_000, 0),
})

export const MISSING_DIMENSIONS_QUERY = validated(
  ProductsMissingDimensionsQuery,
  (issue) => `Parâmetros inválidos: ${issue.message}`
)

type Variant = { id: string; title: string | null; sku: string | null } & Partial<Record<MissingMeasure, number | null>>
type Product = {
  id: string
  title: string
  thumbnail: string | null
  weight: number | null
  variants?: Variant[] | null
}

/** As the freight query judges it; the product's weight stands in for the variant's. */
function missingOf(product: Product, variant: Variant, units: StoreUnits): MissingMeasure[] {
  const weightless =
    usableWeightKg(variant.weight, units.weight) === null && usableWeightKg(product.weight, units.weight) === null
  return [
    ...(weightless ? (["weight"] as const) : []),
    ...(["length", "width", "height"] as const).filter(
      (side) => usableLengthCm(variant[side], units.dimension) === null
    ),
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
function lacksMeasuresFilter(units: StoreUnits): Record<string, unknown> {
  const maxSide = MAX_PLAUSIBLE_CM / toCm(1, units.dimension)
  const maxWeight = MAX_PLAUSIBLE_KG / toKg(1, units.weight)
  const sides = ["length", "width", "height"].flatMap((side) => unusable(side, maxSide))
  return {
    variants: {
      id: { $ne: null },
      $or: [
        ...sides,
        { $and: [{ $or: unusable("weight", maxWeight) }, { product: { $or: unusable("weight", maxWeight) } }] },
      ],
    },
  }
}

/** GET /admin/frete/products-missing-dimensions?limit=&offset=: found, paged and counted by one Query read. */
export async function GET(
  req: MedusaRequest<unknown, z.output<typeof ProductsMissingDimensionsQuery>>,
  res: MedusaResponse
) {
  const { limit, offset } = req.validatedQuery
  const { units } = freteOf(req.scope).pluginOptions
  const { data, metadata } = await queryOf(req.scope).graph({
    entity: "product",
    fields: [
      ...["id", "title", "thumbnail", "weight"],
      ...["id", "title", "sku", "weight", "length", "width", "height"].map((f) => `variants.${f}`),
    ],
    filters: lacksMeasuresFilter(units),
    pagination: { skip: offset, take: limit, order: { title: "ASC", id: "ASC" } },
  })
  const products = (data as Product[]).map((product) => ({
    id: product.id,
    title: product.title,
    thumbnail: product.thumbnail,
    variants: (product.variants ?? [])
      .map((variant) => ({
        id: variant.id,
        title: variant.title,
        sku: variant.sku,
        missing: missingOf(product, variant, units),
      }))
      .filter((variant) => variant.missing.length),
  }))
  res.json({ products, count: metadata?.count ?? 0, limit, offset } satisfies ProductsMissingDimensionsAnswer)
}
