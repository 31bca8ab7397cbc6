import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { usableLengthCm, usableWeightKg } from "../../../../lib/checkout/build-freight-query"
import type { DimensionUnit, WeightUnit } from "../../../../lib/checkout/units"
import { flaggedProductPage } from "./flagged-products"
import { ProductsMissingDimensionsQuery } from "./validators"
import { freteOf, pgConnectionOf, queryOf } from "../../../../bridge/medusa-bridge"

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
 * default package for it). Postgres finds, pages and counts them (flagged-products.ts); only the
 * page's products are read, to say what each variant lacks.
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const parsed = ProductsMissingDimensionsQuery.safeParse({ limit: req.query.limit, offset: req.query.offset })
  if (!parsed.success) {
    res.status(400).json({ type: "invalid_data", message: `Parâmetros inválidos: ${parsed.error.issues[0].message}` })
    return
  }
  const { limit, offset } = parsed.data
  const { units } = freteOf(req.scope).pluginOptions
  const { ids, count } = await flaggedProductPage(pgConnectionOf(req.scope), units, { limit, offset })
  const query = queryOf(req.scope)
  const { data } = ids.length
    ? await query.graph({
        entity: "product",
        fields: ["id", "title", "thumbnail", "weight", "variants.id", "variants.title", "variants.sku", "variants.weight", "variants.length", "variants.width", "variants.height"],
        filters: { id: ids },
      })
    : { data: [] }
  const byId = new Map((data as Product[]).map((product) => [product.id, product]))
  // In the database's order; a product changed between the two reads is left out rather than shown with nothing lacking.
  const products = ids.flatMap((id) => {
    const product = byId.get(id)
    if (!product) return []
    const variants = (product.variants ?? []).map((variant) => ({ id: variant.id, title: variant.title, sku: variant.sku, missing: missingOf(product, variant, units) })).filter((variant) => variant.missing.length)
    return variants.length ? [{ id: product.id, title: product.title, thumbnail: product.thumbnail, variants }] : []
  })
  res.json({ products, count, limit, offset })
}
