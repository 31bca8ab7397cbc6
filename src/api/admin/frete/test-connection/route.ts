import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "@medusajs/framework/zod"
import { tryNormalizeCep } from "../../../../lib/cep"
import { FRETE_MODULE } from "../../../../modules/frete"
import type FreteModuleService from "../../../../modules/frete/service"

const optionalText = z.string().trim().max(1000).optional().nullable()

const Body = z.object({
  origin_cep: z.string().max(20),
  destination_cep: z.string().max(20),
  freight_url: optionalText,
  freight_token: optionalText,
  tracking_url: optionalText,
  tracking_credential: optionalText,
})

/** POST /admin/frete/test-connection: a sample quote and a tracking credential check. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const parsed = Body.safeParse(req.body)
  const originCep = parsed.success ? tryNormalizeCep(parsed.data.origin_cep) : null
  const destinationCep = parsed.success ? tryNormalizeCep(parsed.data.destination_cep) : null
  if (!parsed.success || !originCep || !destinationCep) {
    const field = !parsed.success ? String(parsed.error.issues[0].path[0] ?? "corpo") : !originCep ? "origin_cep" : "destination_cep"
    res.status(400).json({ type: "invalid_data", message: "Informe dois CEPs válidos (8 dígitos).", issues: [{ field, message: "CEP inválido" }] })
    return
  }
  const body = parsed.data
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  res.json(
    await frete.testConnection({
      originCep,
      destinationCep,
      freight: { url: body.freight_url ?? undefined, token: body.freight_token ?? undefined },
      tracking: { url: body.tracking_url ?? undefined, credential: body.tracking_credential ?? undefined },
    })
  )
}
