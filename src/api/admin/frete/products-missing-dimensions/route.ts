import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { usableLengthCm, usableWeightKg } from "../../../../lib/checkout/build-freight-query"
import type { DimensionUnit, WeightUnit } from "../../../../lib/checkout/units"
import { lacksMeasuresFilter } from "./lacks-measures-filter"
import { ProductsMissingDimensionsQuery } from "./validators"
import { freteOf, queryOf } from "../../../../bridge/medusa-bridge"

type Measure = "weight" | "length" | "width" | "height"
type Variant = { id: string; title: string | null; sku: string | null } & Partial<Record<Measure, number | null>>
type Product = { id: string; title: string; thumbnail: string | null; weight: number | null; variants?: Variant[] | null }

/**
 * What a variant lacks for the freight query, as the query sees it: a measure missing, not
 * positive, or implausible (1e30 g) is lacking. A product's weight stands in for the variant's.
 */
function missingOf(product: Product, variant: Variant, units: { weight: WeightUnit; dimension: DimensionUnit }): Measure[] {
  const missing: Measure[] = []
  if (usableWeightKg(variant.weight, units.weight) === null && usableWeightKg(product.weight, units.weight) === null) missing.push("weight")
  for (const dimension of ["length", "width", "height"] as const) {
    if (usableLengthCm(variant[dimension], units.dimension) === null) missing.push(dimension)
  }
  return missing
}

/**
 * GET /admin/frete/products-missing-dimensions?limit=&offset=: products with a variant that lacks
 * weight or a dimension, or has an implausible one (the freight query then uses the settings'
 * default package for it). Medusa's Query finds, pages (by title, then id) and counts them in one
 * read of the page's products, never the catalogue.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const parsed = ProductsMissingDimensionsQuery.safeParse({ limit: req.query.limit, offset: req.query.offset })
  if (!parsed.success) {
    res.status(400).json({ type: "invalid_data", message: `Parâmetros inválidos: ${parsed.error.issues[0].message}` })
    return
  }
  const { limit, offset } = parsed.data
  const { units } = freteOf(req.scope).pluginOptions
  const { data, metadata } = await queryOf(req.scope).graph({
    entity: "product",
    fields: ["id", "title", "thumbnail", "weight", "variants.id", "variants.title", "variants.sku", "variants.weight", "variants.length", "variants.width", "variants.height"],
    filters: lacksMeasuresFilter(units),
    pagination: { skip: offset, take: limit, order: { title: "ASC", id: "ASC" } },
  })
  const products = (data as Product[]).map((product) => ({
    id: product.id,
    title: product.title,
    thumbnail: product.thumbnail,
    variants: (product.variants ?? []).map((variant) => ({ id: variant.id, title: variant.title, sku: variant.sku, missing: missingOf(product, variant, units) })).filter((variant) => variant.missing.length),
  }))
  res.json({ products, count: metadata?.count, limit, offset })
}
