import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { fulfillmentOf, queryOf } from "../../../../../../bridge/medusa-bridge"
import { isFreteProvider } from "../../../../../../lib/frete-provider"
import { OPTION_FIELDS, ORDER_FIELDS } from "../../../../../../subscribers/order-flow-shipping-facts"
import { routeIdOrAnswer } from "../../../../../lib/route-id"

type Method = { id: string; shipping_option_id?: string | null; data?: { is_fallback?: unknown } | null }
type Option = { id: string; provider_id?: string | null; data?: Record<string, unknown> | null; service_zone?: { fulfillment_set?: { location?: unknown } | null } | null }

// GET /admin/frete/orders/:id/api-price: for each shipping method of the order priced by the fallback table, what the freight API
// charges its option now (`api_amount`, reais), or null while it does not answer. Priced as Medusa prices an order's (cache, guard).
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "order")
  if (!id) return
  const query = queryOf(req.scope)
  const fields = [...ORDER_FIELDS, "shipping_methods.id", "shipping_methods.shipping_option_id", "shipping_methods.data"]
  const order = (await query.graph({ entity: "order", fields, filters: { id } })).data[0] as { shipping_methods?: Method[] } | undefined
  if (!order) return res.status(404).json({ type: "not_found", message: "Pedido não encontrado." })
  const estimated = (order.shipping_methods ?? []).filter((method) => method.data?.is_fallback === true && method.shipping_option_id)
  const api_prices = await Promise.all(
    estimated.map(async (method) => {
      const option = (await query.graph({ entity: "shipping_option", fields: OPTION_FIELDS, filters: { id: method.shipping_option_id } })).data[0] as Option | undefined
      const context = { ...order, from_location: option?.service_zone?.fulfillment_set?.location ?? null }
      const asked = option && isFreteProvider(option.provider_id) ? [{ id: option.id, provider_id: option.provider_id as string, optionData: option.data ?? {}, data: {}, context: context as never }] : []
      const [price] = (await fulfillmentOf(req.scope).calculateShippingOptionsPrices(asked).catch(() => [])) as Array<{ calculated_amount: number; frete?: { is_fallback?: boolean } }>
      return { shipping_method_id: method.id, api_amount: price?.frete?.is_fallback === false ? price.calculated_amount : null }
    })
  )
  res.json({ api_prices })
}
