import type { MedusaContainer } from "@medusajs/framework/types"
import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { fetchShippingOptionForOrderWorkflow } from "@medusajs/core-flows"
import { freteOf, queryOf } from "../../../../../../bridge/medusa-bridge"
import type { OrderApiPricesAnswer } from "../../../../../../lib/admin-contract"
import { isFreteProvider } from "../../../../../../lib/frete-provider"
import { sentProbeLimit } from "../../../../../lib/probe-limit"
import { routeIdOrAnswer } from "../../../../../lib/route-id"

type Method = { id: string; shipping_option_id: string | null; data?: { is_fallback?: unknown } | null }
type Order = { currency_code: string; shipping_methods: Array<Method & { shipping_option?: { provider_id: string } }> }

// For each of the order's methods priced by the fallback table, the API's price now, or null while it does not
// answer. The store's plan pays for each ask: an answer is kept a few seconds, a few new asks a minute are made.
export async function GET(req: MedusaRequest, res: MedusaResponse) {
  const id = routeIdOrAnswer(req, res, "order")
  if (!id) return
  try {
    const answer = await freteOf(req.scope).adminProbes.apiPrice.get(id, () => apiPricesOf(req.scope, id))
    if (!answer) return res.status(404).json({ type: "not_found", message: "Pedido não encontrado." })
    res.json(answer)
  } catch (error) {
    const wait = (seconds: number) =>
      `Muitas consultas à API de frete pelo painel neste minuto. Tente de novo em ${seconds} s.`
    if (!sentProbeLimit(res, error, "too_many_api_prices", wait)) throw error
  }
}

// Priced by Medusa's own workflow for an order's option, as an exchange's is (cache, guard).
async function apiPricesOf(scope: MedusaContainer, order_id: string): Promise<OrderApiPricesAnswer | undefined> {
  const methodFields = ["id", "shipping_option_id", "data", "shipping_option.provider_id"]
  const fields = ["currency_code", ...methodFields.map((field) => `shipping_methods.${field}`)]
  const [order] = (await queryOf(scope).graph({ entity: "order", fields, filters: { id: order_id } })).data as Order[]
  if (!order) return undefined
  const estimated = order.shipping_methods.filter((method) => method.data?.is_fallback === true)
  const api_prices = await Promise.all(
    estimated.map(async ({ id, shipping_option_id, shipping_option }) => ({
      shipping_method_id: id,
      api_amount:
        shipping_option_id && isFreteProvider(shipping_option?.provider_id)
          ? await apiAmountOf(scope, { order_id, currency_code: order.currency_code, shipping_option_id })
          : null,
    }))
  )
  return { api_prices }
}

type OptionForOrder = { order_id: string; currency_code: string; shipping_option_id: string }

async function apiAmountOf(scope: MedusaContainer, input: OptionForOrder): Promise<number | null> {
  const { result } = await fetchShippingOptionForOrderWorkflow(scope)
    .run({ input })
    .catch(() => ({ result: undefined }))
  const price = result?.calculated_price as { calculated_amount: number; frete?: { is_fallback?: boolean } } | undefined
  return price?.frete?.is_fallback === false ? price.calculated_amount : null
}
