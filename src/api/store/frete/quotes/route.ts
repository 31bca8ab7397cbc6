import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import { storeShopper } from "../../../../lib/checkout/request-arrival"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import { freteOf } from "../../../../bridge/medusa-bridge"
import { toMedusaError } from "../../../../shared/medusa-error"
import type { FreteQuotesAnswer } from "../../../../lib/checkout/storefront-contract"
import { planQuotes, quoteOptions } from "./option-quotes"
import { optionRequestsForCart, optionRequestsForItems } from "./quote-request"
import { StoreFreteQuotesBody } from "./validators"

type PublishableKeyContext = { publishable_key_context?: { sales_channel_ids?: string[] } }

/**
 * POST /store/frete/quotes: the price and deadline of each offer of the shipping options of this
 * provider that checkout would offer for a CEP, for a product page (`items`) or a cart (`cart_id`). Its
 * `Server-Timing` header says where its time went: the plugin's own work (`frete`), Medusa's data
 * (`lookup`), the quota guard (`guard`) and the freight API's call (`freight`). It shares the
 * provider's cache; a new query past the quota guard's bounds is answered from the fallback table,
 * and only a store with none answers 429.
 */
export async function POST(req: MedusaRequest, res: MedusaResponse) {
  const started = performance.now()
  const parsed = StoreFreteQuotesBody.safeParse(req.body)
  if (!parsed.success) {
    const [issue] = parsed.error.issues
    res.status(400).json({ type: "invalid_data", message: `Consulta de frete inválida: ${issue.path.join(".") || "corpo"}: ${issue.message}` })
    return
  }
  const body = parsed.data
  if (!tryNormalizeCep(body.postal_code)) {
    res.status(400).json({ type: "invalid_data", code: "invalid_cep", message: new ShopperError("invalid_cep").message })
    return
  }

  const frete = freteOf(req.scope)
  try {
    const settings = await frete.getSettings()
    const salesChannels = (req as MedusaRequest & PublishableKeyContext).publishable_key_context?.sales_channel_ids ?? []
    const lookupStarted = performance.now()
    const requests = body.cart_id
      ? await optionRequestsForCart(req.scope, body.cart_id, body.postal_code)
      : await optionRequestsForItems(req.scope, body.items ?? [], body.postal_code, salesChannels)
    const lookupMs = performance.now() - lookupStarted
    // One query per origin the options ship from (usually one): each new one is taken from the bound.
    const plan = planQuotes(requests, settings, frete.pluginOptions.units, frete.quoter)

    // Each new query is taken from the quota guard in the quoter, as on Medusa's own routes.
    const { quotes, upstreamMs } = await quoteOptions(plan, frete.quoter, settings)
    const guardMs = storeShopper()?.guardMs ?? 0
    // Where the route's time went, for the browser's devtools and the bench: Medusa's data of the
    // items or cart, the freight API's call, the rest (the quota guard's own entry, `guard`, is
    // added by the store middleware, on Medusa's routes as on this one).
    const ownMs = Math.max(0, performance.now() - started - lookupMs - guardMs - upstreamMs)
    const timing = [
      ["frete", "plugin", ownMs],
      ["lookup", "Medusa data", lookupMs],
      ["freight", "freight API", upstreamMs],
    ] as const
    res.setHeader("Server-Timing", timing.map(([name, desc, ms]) => `${name};desc="${desc}";dur=${ms.toFixed(1)}`).join(", "))
    const answer: FreteQuotesAnswer = { quotes }
    res.json(answer)
  } catch (error) {
    if (error instanceof ShopperError && error.code === "too_many_quotes") {
      // The guard has set Retry-After; this route answers 429, Medusa's own routes 400 (see README).
      res.status(429).json({ type: "not_allowed", code: "too_many_quotes", message: error.message })
      return
    }
    throw toMedusaError(error)
  }
}
