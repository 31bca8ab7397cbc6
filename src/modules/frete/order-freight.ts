import { numberOf } from "../../lib/utils/number-of"

const MAX_REAIS = 1_000_000
const MAX_DAYS = 365

export type PricedMethod = { id: string; amount?: unknown; data?: Record<string, unknown> | null }
export type PlacedOrder = { id: string; status?: unknown; created_at?: unknown }
export type OrderFreightRow = ReturnType<typeof orderFreightRow>

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/** What a method adds to the Frete page (a frete_order_freight row), bounded whatever its `data` holds. */
export function orderFreightRow(order: PlacedOrder, method: PricedMethod, knownServices: ReadonlySet<string>) {
  const service = method.data?.service
  const days = numberOf(method.data?.days)
  const placedAt = new Date(order.created_at instanceof Date ? order.created_at : String(order.created_at))
  return {
    shipping_method_id: method.id,
    order_id: order.id,
    service: typeof service === "string" && knownServices.has(service) ? service : "other",
    amount_cents: Math.round(clamp(numberOf(method.amount) ?? 0, 0, MAX_REAIS) * 100),
    days: days === null ? null : Math.round(clamp(days, 0, MAX_DAYS)),
    is_fallback: method.data?.is_fallback === true,
    placed_at: Number.isNaN(placedAt.getTime()) ? new Date() : placedAt,
    canceled: order.status === "canceled",
  }
}
