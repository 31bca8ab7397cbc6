import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { z } from "zod"
import { isServiceUrl } from "../../../../../medusa-plugin.config"
import type { TestConnectionRequest } from "../../../../lib/admin-contract"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { sendIssues } from "../../../../shared/medusa-error"
import { freteOf, fulfillmentOf } from "../../../../bridge/medusa-bridge"
import { isFreteProvider } from "../../../../lib/frete-provider"

const optionalText = z
  .string({ error: "informe um texto" })
  .trim()
  .max(1000, "no máximo 1000 caracteres")
  .nullish()
  .transform((value) => value || undefined)
const optionalUrl = optionalText.refine(
  (value) => !value || isServiceUrl(value),
  "URL inválida: use http:// ou https://, sem parâmetros nem usuário"
)
const cepText = z.preprocess((text: string) => tryNormalizeCep(text), z.string({ error: "CEP inválido" }))

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

/** A sample quote, the store's options it resolves to one offer, and a tracking credential check. */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const parsed = TestConnectionBody.safeParse(req.body)
  if (!parsed.success) {
    const issues = parsed.error.issues.map(({ path, message }) => ({ field: path.join(".") || "corpo", message }))
    const message = issues.every((issue) => issue.field.endsWith("_cep"))
      ? "Informe dois CEPs válidos (8 dígitos)."
      : `Dados inválidos para testar a conexão: ${issues.map((issue) => `${issue.field}: ${issue.message}`).join("; ")}`
    return res.status(400).json({ type: "invalid_data", message, issues })
  }
  const { origin_cep, destination_cep, freight_url, freight_token, tracking_url, tracking_credential } = parsed.data
  // What a shopper can be offered, by Medusa's own rules (no return option, none hidden from the store).
  const context = { is_return: "false", enabled_in_store: "true" }
  const options = await fulfillmentOf(req.scope).listShippingOptionsForContext({ context })
  try {
    res.json(
      await freteOf(req.scope).testConnection({
        originCep: origin_cep,
        destinationCep: destination_cep,
        freight: { url: freight_url, token: freight_token },
        tracking: { url: tracking_url, credential: tracking_credential },
        options: options.filter((option) => isFreteProvider(option.provider_id)),
      })
    )
  } catch (error) {
    if (!sendIssues(res, error)) throw error
  }
}
