import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateProductsWorkflow } from "@medusajs/core-flows"
import { readHandlingDays } from "../../../../../../lib/checkout/handling-days"
import { routeIdOrAnswer } from "../../../../../lib/route-id"
import { HandlingDaysBody } from "./validators"
import { freteOf, queryOf } from "../../../../../../bridge/medusa-bridge"

type Metadata = Record<string, unknown> | null
type ProductRow = { id: string; metadata?: Metadata; variants?: Array<{ id: string; title?: string | null; sku?: string | null; metadata?: Metadata }> | null }

async function readProduct(req: MedusaRequest, id: string): Promise<ProductRow | undefined> {
  const query = queryOf(req.scope)
  const { data } = await query.graph({
    entity: "product",
    fields: ["id", "metadata", "variants.id", "variants.title", "variants.sku", "variants.metadata"],
    filters: { id },
  })
  return data[0] as ProductRow | undefined
}

/** The product's handling days and its variants' own values (which win over the product's). */
function present(product: ProductRow, key: string) {
  return {
    metadata_key: key,
    handling_days: readHandlingDays(product.metadata?.[key]),
    variants: (product.variants ?? []).map((variant) => ({
      id: variant.id,
      title: variant.title ?? null,
      sku: variant.sku ?? null,
      handling_days: readHandlingDays(variant.metadata?.[key]),
    })),
  }
}

const notFound = (res: MedusaResponse) => res.status(404).json({ type: "not_found", message: "Produto não encontrado." })

/** GET /admin/frete/products/:id/handling-days: the days the settings' metadata key holds. */
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  // A text that is no product's id (a NUL, which Postgres refuses; another model's id) is a 400, not a lookup.
  const id = routeIdOrAnswer(req, res, "product")
  if (id === undefined) return
  const settings = await freteOf(req.scope).getSettings()
  const product = await readProduct(req, id)
  if (!product) return notFound(res)
  res.json(present(product, settings.handling_days_metadata_key))
}

/**
 * POST /admin/frete/products/:id/handling-days `{ handling_days }`: sets (or, with null, removes)
 * the product's value under the settings' metadata key; the rest of its metadata stays. Through
 * Medusa's updateProductsWorkflow, so `product.updated` is emitted as for any edit.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "product")
  if (id === undefined) return
  const parsed = HandlingDaysBody.safeParse(req.body)
  if (!parsed.success) {
    res.status(400).json({ type: "invalid_data", message: parsed.error.issues[0].message })
    return
  }
  const settings = await freteOf(req.scope).getSettings()
  const key = settings.handling_days_metadata_key
  const product = await readProduct(req, id)
  if (!product) return notFound(res)
  // Medusa merges metadata into what the product has, and removes a key given as "".
  const metadata = { [key]: parsed.data.handling_days ?? "" }
  await updateProductsWorkflow(req.scope).run({ input: { selector: { id: product.id }, update: { metadata } } })
  const updated = await readProduct(req, id)
  res.json(present(updated ?? product, key))
}
