import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { numberOf } from "../../lib/utils/number-of"

const TABLE = "frete_order_freight"
/** The key of every service the store's settings do not name. */
const OTHER_SERVICE = "other"
/** The settings' own bounds on a price and on days. */
const MAX_REAIS = 1_000_000
const MAX_DAYS = 365

/** One figure of the Frete page: a metric and key's count and total in a bucket. */
export type StatsRow = { at: string; metric: string; key: string; count: number; total: number }

/** A shipping method of this plugin's options, as Query reads it from the order. */
export type PricedMethod = { id: string; amount?: unknown; data?: Record<string, unknown> | null }
export type PlacedOrder = { id: string; status?: unknown; created_at?: unknown }
export type OrderFreightRow = ReturnType<typeof orderFreightRow>
type SumColumn = "orders" | "charged" | "with_days" | "days" | "from_table" | "free"
type ServiceSums = { at: string; service: string } & Record<SumColumn, number>

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max)

/** What a method adds to the Frete page, bounded whatever its `data` holds. */
export function orderFreightRow(order: PlacedOrder, method: PricedMethod, knownServices: ReadonlySet<string>) {
  const service = method.data?.service
  const days = numberOf(method.data?.days)
  const placedAt = new Date(order.created_at instanceof Date ? order.created_at : String(order.created_at))
  return {
    shipping_method_id: method.id,
    order_id: order.id,
    service: typeof service === "string" && knownServices.has(service) ? service : OTHER_SERVICE,
    amount_cents: Math.round(clamp(numberOf(method.amount) ?? 0, 0, MAX_REAIS) * 100),
    days: days === null ? null : Math.round(clamp(days, 0, MAX_DAYS)),
    is_fallback: method.data?.is_fallback === true,
    placed_at: Number.isNaN(placedAt.getTime()) ? new Date() : placedAt,
    canceled: order.status === "canceled",
  }
}

/** The orders by service (frete_order_freight): each method counted once, a canceled order no longer. */
export class OrderFreight {
  constructor(private readonly knex: () => Knex) {}

  /** A method already counted stays as it was: an event delivered again adds nothing. */
  async add(rows: OrderFreightRow[]): Promise<void> {
    if (!rows.length) return
    await this.knex()(TABLE).insert(rows).onConflict("shipping_method_id").ignore()
  }

  async cancel(orderId: string): Promise<void> {
    await this.knex()(TABLE)
      .where({ order_id: orderId, canceled: false })
      .update({ canceled: true, updated_at: new Date() })
  }

  /** The rows of `order`, `order_days`, `order_fallback` and `free` since `since`, by bucket (`at`) and service. */
  async sums(since: Date, at: (column: string) => string): Promise<StatsRow[]> {
    const { rows } = await this.knex().raw(
      `select ${at("placed_at")} as at, service, count(*)::int as orders, (sum(amount_cents) / 100.0)::float as charged,
         count(days)::int as with_days, coalesce(sum(days), 0)::float as days,
         (count(*) filter (where is_fallback))::int as from_table,
         (count(*) filter (where amount_cents = 0))::int as free
       from ${TABLE} where placed_at >= ? and not canceled and deleted_at is null group by 1, 2`,
      [since]
    )
    return (rows as ServiceSums[]).flatMap((row) => {
      const of = (metric: string, count: number, total = 0) => ({ at: row.at, metric, key: row.service, count, total })
      const all = [
        of("order", row.orders, row.charged),
        of("order_days", row.with_days, row.days),
        of("order_fallback", row.from_table),
        of("free", row.free),
      ]
      return all.filter((sum) => sum.count > 0)
    })
  }

  /** Kept as long as the other figures. */
  async prune(): Promise<void> {
    await this.knex().raw(`delete from ${TABLE} where placed_at < now() - interval '90 days'`)
  }
}
