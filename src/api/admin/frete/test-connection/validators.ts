import { z } from "zod"
import { isServiceUrl } from "../../../../../medusa-plugin.config"

const optionalText = z.string({ error: "informe um texto" }).trim().max(1000, "no máximo 1000 caracteres").optional().nullable()
/** Blank means "the one in force". */
const optionalUrl = optionalText.refine((value) => !value || isServiceUrl(value), "URL inválida: use http:// ou https://, sem parâmetros nem usuário")
const cepText = z.string({ error: "CEP inválido" }).max(20, "CEP inválido")

export const TestConnectionBody = z.object(
  { origin_cep: cepText, destination_cep: cepText, freight_url: optionalUrl, freight_token: optionalText, tracking_url: optionalUrl, tracking_credential: optionalText },
  { error: "envie um objeto JSON com origin_cep e destination_cep" }
)
