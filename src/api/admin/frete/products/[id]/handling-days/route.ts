import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { updateProductsWorkflow } from "@medusajs/core-flows"
import { z } from "zod"
import type { ProductHandlingDays } from "../../../../../../lib/admin-contract"
import { MAX_HANDLING_DAYS, readHandlingDays } from "../../../../../../lib/checkout/handling-days"
import { routeIdOrAnswer } from "../../../../../lib/route-id"
import { freteOf, queryOf } from "../../../../../../bridge/medusa-bridge"

const DAYS_MESSAGE = `Prazo de manuseio inválido: use um número inteiro de dias, de 0 a ${MAX_HANDLING_DAYS}.`
export const HandlingDaysBody = z.object(
  {
    handling_days: z
      .number({ error: DAYS_MESSAGE })
      .int(DAYS_MESSAGE)
      .min(0, DAYS_MESSAGE)
      .max(MAX_HANDLING_DAYS, DAYS_MESSAGE)
      .nullable(),
  },
  { error: "Informe { handling_days } com um número de dias ou null." }
)

type Metadata = Record<string, unknown> | null
type ProductRow = {
  id: string
  metadata?: Metadata
  variants?: Array<{ id: string; title?: string | null; sku?: string | null; metadata?: Metadata }> | null
}

async function readProduct(req: MedusaRequest, id: string): Promise<ProductRow | undefined> {
  const fields = ["id", "metadata", "variants.id", "variants.title", "variants.sku", "variants.metadata"]
  return (await queryOf(req.scope).graph({ entity: "product", fields, filters: { id } })).data[0] as
    ProductRow | undefined
}

function present(product: ProductRow, key: string): ProductHandlingDays {
  const variants = (product.variants ?? []).map((variant) => ({
    id: variant.id,
    title: variant.title ?? null,
    sku: variant.sku ?? null,
    handling_days: readHandlingDays(variant.metadata?.[key]),
  }))
  return { metadata_key: key, handling_days: readHandlingDays(product.metadata?.[key]), variants }
}

const notFound = (res: MedusaResponse) =>
  res.status(404).json({ type: "not_found", message: "Produto não encontrado." })

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "product")
  if (id === undefined) return
  const settings = await freteOf(req.scope).getSettings()
  const product = await readProduct(req, id)
  if (!product) return notFound(res)
  res.json(present(product, settings.handling_days_metadata_key))
}

/**
 * `{ handling_days }`: sets, or with null removes, the product's own value; through updateProductsWorkflow, so
 * `product.updated` is emitted.
 */
export async function POST(req: MedusaRequest<z.output<typeof HandlingDaysBody>>, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "product")
  if (id === undefined) return
  const key = (await freteOf(req.scope).getSettings()).handling_days_metadata_key
  const product = await readProduct(req, id)
  if (!product) return notFound(res)
  // Medusa merges metadata into what the product has, and removes a key given as "".
  const metadata = { [key]: req.validatedBody.handling_days ?? "" }
  await updateProductsWorkflow(req.scope).run({ input: { selector: { id: product.id }, update: { metadata } } })
  res.json(present((await readProduct(req, id)) ?? product, key))
}
