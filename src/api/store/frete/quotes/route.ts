import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { tryNormalizeCep } from "../../../../lib/cep"
import { buildFreightQuery } from "../../../../lib/checkout/build-freight-query"
import { ShopperError } from "../../../../lib/checkout/shopper-error"
import { FRETE_MODULE } from "../../../../modules/frete"
import type FreteModuleService from "../../../../modules/frete/service"
import { toMedusaError } from "../../../../shared/medusa-error"
import { quoteRequestForCart, quoteRequestForItems } from "./quote-request"
import { StoreFreteQuotesBody } from "./validators"

type PublishableKeyContext = { publishable_key_context?: { sales_channel_ids?: string[] } }

/**
 * POST /store/frete/quotes: every service's price and deadline for a CEP, for a product page
 * (`items`) or a cart (`cart_id`). Its `Server-Timing` header says where its time went: the
 * plugin's own work (`frete`), Medusa's data (`lookup`), the per-client bound (`bound`) and the
 * freight API's call (`freight`). It shares the provider's cache; a client that would make the
 * freight API answer more than the settings' per-minute bound of new queries gets a 429.
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

  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  try {
    const settings = await frete.getSettings()
    const salesChannels = (req as MedusaRequest & PublishableKeyContext).publishable_key_context?.sales_channel_ids ?? []
    const lookupStarted = performance.now()
    const request = body.cart_id
      ? await quoteRequestForCart(req.scope, body.cart_id, body.postal_code)
      : await quoteRequestForItems(req.scope, body.items ?? [], body.postal_code, salesChannels)
    const lookupMs = performance.now() - lookupStarted
    const { query } = buildFreightQuery(request, settings, frete.pluginOptions.units)

    // The client as Medusa's `trust proxy` (one hop) sees it: behind a proxy, the address it forwards.
    const client = req.ip ?? req.socket.remoteAddress ?? "unknown"
    let boundMs = 0
    if (frete.quoter.wouldCallUpstream(query)) {
      const boundStarted = performance.now()
      const take = await frete.takeQuote(client, settings.quote_route_limit_per_minute)
      boundMs = performance.now() - boundStarted
      if (!take.taken) {
        res.setHeader("Retry-After", String(Math.max(1, Math.ceil(take.retryAfterMs / 1000))))
        res.status(429).json({ type: "not_allowed", code: "too_many_quotes", message: new ShopperError("too_many_quotes").message })
        return
      }
    }

    const { offers, upstreamMs } = await frete.quoter.offers(query, settings)
    // Where the route's time went, for the browser's devtools and the bench: Medusa's data of the
    // items or cart, the shared per-client bound (Postgres), the freight API's call, the rest.
    const ownMs = Math.max(0, performance.now() - started - lookupMs - boundMs - upstreamMs)
    const timing = [
      ["frete", "plugin", ownMs],
      ["lookup", "Medusa data", lookupMs],
      ["bound", "quote bound", boundMs],
      ["freight", "freight API", upstreamMs],
    ] as const
    res.setHeader("Server-Timing", timing.map(([name, desc, ms]) => `${name};desc="${desc}";dur=${ms.toFixed(1)}`).join(", "))
    res.json({
      quotes: [...offers]
        .sort((a, b) => a.amountCents - b.amountCents)
        .map((offer) => ({
          service: offer.service,
          name: offer.name,
          carrier: offer.carrier,
          amount: offer.amountCents / 100,
          currency_code: "brl",
          days: offer.days,
          delivery_estimate: offer.deliveryEstimate,
          is_fallback: offer.isFallback,
        })),
    })
  } catch (error) {
    throw toMedusaError(error)
  }
}
