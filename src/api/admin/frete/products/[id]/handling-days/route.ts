import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { MedusaError } from "@medusajs/framework/utils"
import { updateProductsWorkflow } from "@medusajs/core-flows"
import { z } from "zod"
import type { ProductHandlingDays } from "../../../../../../lib/admin-contract"
import { MAX_HANDLING_DAYS, readHandlingDays } from "../../../../../../lib/checkout/handling-days"
import { routeIdOrAnswer } from "../../../../../lib/route-id"
import { freteOf, queryOf } from "../../../../../../bridge/medusa-bridge"

const DAYS_MESSAGE = `Prazo de manuseio inválido: use um número inteiro de dias, de 0 a ${MAX_HANDLING_DAYS}.`
export const HandlingDaysBody = z.object(
  {
    handling_days: z.int({ error: DAYS_MESSAGE }).min(0, DAYS_MESSAGE).max(MAX_HANDLING_DAYS, DAYS_MESSAGE).nullable(),
  },
  { error: "Informe { handling_days } com um número de dias ou null." }
)

type Metadata = { metadata: Record<string, unknown> | null }
type Product = Metadata & { variants: Array<Metadata & { id: string; title: string | null; sku: string | null }> }

async function handlingDaysOf(req: MedusaRequest): Promise<ProductHandlingDays> {
  const key = (await freteOf(req.scope).getSettings()).handling_days_metadata_key
  const fields = ["metadata", "variants.id", "variants.title", "variants.sku", "variants.metadata"]
  const { data } = await queryOf(req.scope).graph({ entity: "product", fields, filters: { id: req.params.id } })
  const product = data[0] as Product | undefined
  if (!product) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Produto não encontrado.")
  return {
    metadata_key: key,
    handling_days: readHandlingDays(product.metadata?.[key]),
    variants: product.variants.map(({ metadata, ...variant }) => ({
      ...variant,
      handling_days: readHandlingDays(metadata?.[key]),
    })),
  }
}

export async function GET(req: MedusaRequest, res: MedusaResponse) {
  if (routeIdOrAnswer(req, res, "product")) res.json(await handlingDaysOf(req))
}

/** Sets, or with null removes, the product's own value; through Medusa's workflow, so `product.updated` is emitted. */
export async function POST(req: MedusaRequest<z.output<typeof HandlingDaysBody>>, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "product")
  if (!id) return
  const { metadata_key } = await handlingDaysOf(req)
  // Medusa merges metadata into what the product has, and removes a key given as "".
  const metadata = { [metadata_key]: req.validatedBody.handling_days ?? "" }
  await updateProductsWorkflow(req.scope).run({ input: { selector: { id }, update: { metadata } } })
  res.json(await handlingDaysOf(req))
}
