import type { MedusaContainer } from "@medusajs/framework/types"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { fetchShippingOptionForOrderWorkflow } from "@medusajs/core-flows"
import { freteOf, queryOf } from "../../../../../../bridge/medusa-bridge"
import type { OrderApiPricesAnswer } from "../../../../../../lib/admin-contract"
import { isFreteProvider } from "../../../../../../lib/frete-provider"
import { ProbeLimitError } from "../../../../../../lib/services/kept-probe"
import { routeIdOrAnswer } from "../../../../../lib/route-id"

type Method = {
  id: string
  shipping_option_id?: string | null
  data?: { is_fallback?: unknown } | null
  shipping_option?: { provider_id?: string } | null
}
type Priced = { calculated_amount: number; frete?: { is_fallback?: boolean } } | undefined

// GET /admin/frete/orders/:id/api-price: for each shipping method of the order priced by the fallback table, what the
// freight API charges its option now (`api_amount`, reais), or null while it does not answer. Priced as Medusa prices
// an order's (cache, guard). Bounded of its own, as the store's plan pays for it: an order's answer is kept a few
// seconds, and a few new asks a minute are made over every order; past them, a 429 with Retry-After.
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "order")
  if (!id) return
  try {
    const answer = await freteOf(req.scope).adminProbes.apiPrice.get(id, () => apiPricesOf(req.scope, id))
    if (!answer) return res.status(404).json({ type: "not_found", message: "Pedido não encontrado." })
    res.json(answer)
  } catch (error) {
    if (!(error instanceof ProbeLimitError)) throw error
    const seconds = Math.max(1, Math.ceil(error.retryAfterMs / 1000))
    res.setHeader("Retry-After", String(seconds))
    res.status(429).json({
      type: "not_allowed",
      code: "too_many_api_prices",
      message: `Muitas consultas à API de frete pelo painel neste minuto. Tente de novo em ${seconds} s.`,
    })
  }
}

/**
 * Undefined when the order does not exist. Each option priced by Medusa's own workflow for an order's option, as an
 * exchange's is.
 */
async function apiPricesOf(scope: MedusaContainer, id: string): Promise<OrderApiPricesAnswer | undefined> {
  const fields = [
    "currency_code",
    ...["id", "shipping_option_id", "data", "shipping_option.provider_id"].map((f) => `shipping_methods.${f}`),
  ]
  const order = (await queryOf(scope).graph({ entity: "order", fields, filters: { id } })).data[0] as
    { currency_code: string; shipping_methods?: Method[] | null } | undefined
  if (!order) return undefined
  const estimated = (order.shipping_methods ?? []).filter((method) => method.data?.is_fallback === true)
  const api_prices = await Promise.all(
    estimated.map(async ({ id: shipping_method_id, shipping_option_id, shipping_option }) => {
      const input = {
        order_id: id,
        currency_code: order.currency_code,
        shipping_option_id: shipping_option_id as string,
      }
      const price =
        shipping_option_id && isFreteProvider(shipping_option?.provider_id)
          ? await fetchShippingOptionForOrderWorkflow(scope)
              .run({ input })
              .then(
                ({ result }) => result.calculated_price as unknown as Priced,
                () => undefined
              )
          : undefined
      return { shipping_method_id, api_amount: price?.frete?.is_fallback === false ? price.calculated_amount : null }
    })
  )
  return { api_prices }
}
