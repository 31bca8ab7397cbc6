import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { isServiceUrl } from "../../../../../medusa-plugin.config"
import type { FieldIssue, TestConnectionRequest } from "../../../../lib/admin-contract"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { sendIssues } from "../../../../shared/medusa-error"
import { freteOf, fulfillmentOf } from "../../../../bridge/medusa-bridge"
import { isFreteProvider } from "../../../../lib/frete-provider"

const optionalText = z
  .string({ error: "informe um texto" })
  .trim()
  .max(1000, "no máximo 1000 caracteres")
  .optional()
  .nullable()
/** Blank means "the one in force". */
const optionalUrl = optionalText.refine(
  (value) => !value || isServiceUrl(value),
  "URL inválida: use http:// ou https://, sem parâmetros nem usuário"
)
const cepText = z
  .string({ error: "CEP inválido" })
  .max(20, "CEP inválido")
  .transform((value, context) => {
    const cep = tryNormalizeCep(value)
    if (!cep) context.addIssue("CEP inválido")
    return cep ?? z.NEVER
  })

export const TestConnectionBody = z.object(
  {
    origin_cep: cepText,
    destination_cep: cepText,
    freight_url: optionalUrl,
    freight_token: optionalText,
    tracking_url: optionalUrl,
    tracking_credential: optionalText,
  },
  { error: "envie um objeto JSON com origin_cep e destination_cep" }
) satisfies z.ZodType<unknown, TestConnectionRequest>

const CEP_FIELDS = ["origin_cep", "destination_cep"]
const TWO_CEPS = "Informe dois CEPs válidos (8 dígitos)."

/** A sample quote, the store's options it resolves to one offer, and a tracking credential check. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const parsed = TestConnectionBody.safeParse(req.body)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue): FieldIssue => ({
      field: issue.path.join(".") || "corpo",
      message: issue.message,
    }))
    const message = issues.every((issue) => CEP_FIELDS.includes(issue.field))
      ? TWO_CEPS
      : `Dados inválidos para testar a conexão: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")}`
    return res.status(400).json({ type: "invalid_data", message, issues })
  }
  const { origin_cep: originCep, destination_cep: destinationCep, ...body } = parsed.data
  // The options a shopper can be offered, as Medusa's own rules filter them (no return option, none hidden from the
  // store).
  const options = await fulfillmentOf(req.scope).listShippingOptionsForContext({
    context: { is_return: "false", enabled_in_store: "true" },
  })
  try {
    res.json(
      await freteOf(req.scope).testConnection({
        originCep,
        destinationCep,
        freight: { url: body.freight_url || undefined, token: body.freight_token || undefined },
        tracking: { url: body.tracking_url || undefined, credential: body.tracking_credential || undefined },
        options: options.filter((option) => isFreteProvider(option.provider_id)),
      })
    )
  } catch (error) {
    if (!sendIssues(res, error)) throw error
  }
}
