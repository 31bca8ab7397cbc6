import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"

type Measure = "weight" | "length" | "width" | "height"
type Variant = { id: string; title: string | null; sku: string | null } & Partial<Record<Measure, number | null>>
type Product = { id: string; title: string; thumbnail: string | null; weight: number | null; variants?: Variant[] | null }
type Query = { graph: (config: Record<string, unknown>) => Promise<{ data: unknown[] }> }

const PAGE = 200
const measured = (value: unknown) => typeof value === "number" && value > 0

/** What a variant lacks for the freight query; a product's weight stands in for the variant's. */
function missingOf(product: Product, variant: Variant): Measure[] {
  const missing: Measure[] = []
  if (!measured(variant.weight) && !measured(product.weight)) missing.push("weight")
  for (const dimension of ["length", "width", "height"] as const) {
    if (!measured(variant[dimension])) missing.push(dimension)
  }
  return missing
}

/**
 * GET /admin/frete/products-missing-dimensions?limit=&offset=: products with a variant that lacks
 * weight or a dimension (the freight query then uses the settings' default package for it).
 */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const limit = Math.min(Math.max(Number(req.query.limit) || 20, 1), 100)
  const offset = Math.max(Number(req.query.offset) || 0, 0)
  const query = req.scope.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const flagged: Array<{ id: string; title: string; thumbnail: string | null; variants: Array<{ id: string; title: string | null; sku: string | null; missing: Measure[] }> }> = []
  for (let skip = 0; ; skip += PAGE) {
    const { data } = await query.graph({
      entity: "product",
      fields: ["id", "title", "thumbnail", "weight", "variants.id", "variants.title", "variants.sku", "variants.weight", "variants.length", "variants.width", "variants.height"],
      pagination: { skip, take: PAGE, order: { title: "ASC" } },
    })
    for (const product of data as Product[]) {
      const variants = (product.variants ?? []).map((variant) => ({ id: variant.id, title: variant.title, sku: variant.sku, missing: missingOf(product, variant) })).filter((variant) => variant.missing.length)
      if (variants.length) flagged.push({ id: product.id, title: product.title, thumbnail: product.thumbnail, variants })
    }
    if (data.length < PAGE) break
  }
  res.json({ products: flagged.slice(offset, offset + limit), count: flagged.length, limit, offset })
}
