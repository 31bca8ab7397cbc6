import type { MedusaContainer } from "@medusajs/framework/types"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { freteOf, fulfillmentOf, queryOf } from "../../../../../../bridge/medusa-bridge"
import type { OrderApiPricesAnswer } from "../../../../../../lib/admin-contract"
import { isFreteProvider } from "../../../../../../lib/frete-provider"
import { ProbeLimitError } from "../../../../../../lib/services/kept-probe"
import { OPTION_FIELDS, ORDER_FIELDS } from "../../../../../../subscribers/order-flow-shipping-facts"
import { routeIdOrAnswer } from "../../../../../lib/route-id"

type Method = { id: string; shipping_option_id?: string | null; data?: { is_fallback?: unknown } | null }
type Option = {
  id: string
  provider_id?: string | null
  data?: Record<string, unknown> | null
  service_zone?: { fulfillment_set?: { location?: unknown } | null } | null
}

// GET /admin/frete/orders/:id/api-price: for each shipping method of the order priced by the fallback table, what the freight API
// charges its option now (`api_amount`, reais), or null while it does not answer. Priced as Medusa prices an order's (cache, guard).
// Bounded of its own, as the store's plan pays for it: an order's answer is kept a few seconds, and a few new
// asks a minute are made over every order; past them, a 429 with Retry-After.
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

/** Undefined when the order does not exist. */
async function apiPricesOf(scope: MedusaContainer, id: string): Promise<OrderApiPricesAnswer | undefined> {
  const query = queryOf(scope)
  const fields = [
    ...ORDER_FIELDS,
    "shipping_methods.id",
    "shipping_methods.shipping_option_id",
    "shipping_methods.data",
  ]
  const order = (await query.graph({ entity: "order", fields, filters: { id } })).data[0] as
    { shipping_methods?: Method[] } | undefined
  if (!order) return undefined
  const estimated = (order.shipping_methods ?? []).filter(
    (method) => method.data?.is_fallback === true && method.shipping_option_id
  )
  const api_prices = await Promise.all(
    estimated.map(async (method) => {
      const option = (
        await query.graph({
          entity: "shipping_option",
          fields: OPTION_FIELDS,
          filters: { id: method.shipping_option_id },
        })
      ).data[0] as Option | undefined
      const context = { ...order, from_location: option?.service_zone?.fulfillment_set?.location ?? null }
      const asked =
        option && isFreteProvider(option.provider_id)
          ? [
              {
                id: option.id,
                provider_id: option.provider_id as string,
                optionData: option.data ?? {},
                data: {},
                context: context as never,
              },
            ]
          : []
      const priced = await fulfillmentOf(scope)
        .calculateShippingOptionsPrices(asked)
        .catch(() => [])
      const [price] = priced as Array<{ calculated_amount: number; frete?: { is_fallback?: boolean } }>
      return {
        shipping_method_id: method.id,
        api_amount: price?.frete?.is_fallback === false ? price.calculated_amount : null,
      }
    })
  )
  return { api_prices }
}
