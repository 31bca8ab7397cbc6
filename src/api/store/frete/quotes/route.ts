import type { MedusaResponse, MedusaStoreRequest } from "@medusajs/framework/http"
import { z } from "zod"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { addressKeys, trustOf } from "../../../../lib/http/client-key"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import { isStorableText } from "../../../../lib/settings/schema"
import { freteOf } from "../../../../bridge/medusa-bridge"
import { toMedusaError } from "../../../../shared/medusa-error"
import type { FreteQuotesAnswer } from "../../../../lib/checkout/storefront-contract"
import { planQuotes, quoteOptions } from "./option-quotes"
import { optionRequestsForCart, optionRequestsForItems } from "./quote-request"

// A NUL would make Postgres' query fail.
const id = (what: string) =>
  z
    .string({ error: `informe o ${what} como texto` })
    .min(1, `informe o ${what}`)
    .max(100, `${what} inválido`)
    .refine(isStorableText, `${what} inválido`)

const quantity = z
  .number({ error: "a quantidade deve ser um número" })
  .int("a quantidade deve ser um número inteiro")
  .positive("a quantidade deve ser maior que zero")
  .max(1000, "no máximo 1000 unidades por item")
const item = z.object(
  { variant_id: id("variant_id"), quantity },
  { error: "cada item deve ser um objeto { variant_id, quantity }" }
)

export const StoreFreteQuotesBody = z
  .object(
    {
      postal_code: z.string({ error: "informe o CEP" }).max(20, "CEP inválido"),
      cart_id: id("cart_id").optional(),
      items: z
        .array(item, { error: "informe os itens como uma lista" })
        .min(1, "informe ao menos um item")
        .max(100, "no máximo 100 itens por consulta")
        .optional(),
    },
    { error: "envie um objeto JSON com postal_code e cart_id ou items" }
  )
  .refine((body) => (body.cart_id === undefined) !== (body.items === undefined), {
    message: "informe cart_id ou items, um dos dois",
    path: ["cart_id"],
  })

export type StoreFreteQuotesRequest = z.output<typeof StoreFreteQuotesBody>

// Each offer of the options checkout would offer for a CEP, for a product page (`items`) or a cart (`cart_id`).
export async function POST(req: MedusaStoreRequest<StoreFreteQuotesRequest>, res: MedusaResponse) {
  const started = performance.now()
  const startedAt = Date.now()
  const body = req.validatedBody
  try {
    const cep = tryNormalizeCep(body.postal_code)
    if (!cep) throw new ShopperError("invalid_cep")
    const frete = freteOf(req.scope)
    const settings = await frete.getSettings()
    const { client, network } = addressKeys(req, trustOf(settings.trusted_proxies), frete.addressSecret())
    const asker = { client: `client:${client}`, network: `network:${network}`, startedAt }
    // The guard's leases are asked for while Medusa's data is read.
    frete.quoter.warmGuard(settings, asker)
    const lookupStarted = performance.now()
    const requests = body.cart_id
      ? await optionRequestsForCart(req.scope, body.cart_id, cep)
      : await optionRequestsForItems(
          req.scope,
          body.items ?? [],
          cep,
          req.publishable_key_context?.sales_channel_ids ?? []
        )
    const lookupMs = performance.now() - lookupStarted
    const plan = planQuotes(requests, settings, frete.pluginOptions.units, frete.quoter)
    const { quotes, upstreamMs, guardMs } = await quoteOptions(plan, frete.quoter, settings, asker)
    const ownMs = Math.max(0, performance.now() - started - lookupMs - guardMs - upstreamMs)
    // On every answer, kept ones too: its absence would tell anyone that a query was asked in the last minutes.
    res.setHeader(
      "Server-Timing",
      `frete;desc="plugin";dur=${ownMs.toFixed(1)}, lookup;desc="Medusa data";dur=${lookupMs.toFixed(1)}, ` +
        `freight;desc="freight API";dur=${upstreamMs.toFixed(1)}, guard;desc="quota guard";dur=${guardMs.toFixed(2)}`
    )
    res.json({ quotes } satisfies FreteQuotesAnswer)
  } catch (error) {
    if (error instanceof ShopperError && error.code === "too_many_quotes") {
      if (error.retryAfterSeconds) res.setHeader("Retry-After", String(error.retryAfterSeconds))
      return res.status(429).json({ type: "not_allowed", code: "too_many_quotes", message: error.message })
    }
    throw toMedusaError(error)
  }
}
