import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { WINDOW_MS } from "../../lib/checkout/quota-leases"

// One row per key (a client's hash, or `store`) and minute; a grant is one statement that locks that row alone, no transaction.
export class QuoteTakes {
  constructor(private readonly knex: () => Knex) {}

  async grant(key: string, windowStart: number, want: number, limit: number): Promise<number> {
    // In the update both expressions read the row as it was: `last_grant` is what this statement added.
    const { rows } = await this.knex().raw(
      `insert into frete_quote_budget as b (key, window_start, granted, last_grant) values (?, ?, least(?::int, ?::int), least(?::int, ?::int))
       on conflict (key, window_start) do update
         set last_grant = greatest(0, least(?::int, ?::int - b.granted)), granted = b.granted + greatest(0, least(?::int, ?::int - b.granted))
       returning last_grant`,
      [key, windowStart, want, limit, want, limit, want, limit, want, limit]
    )
    return Number((rows[0] as { last_grant: number }).last_grant)
  }

  async prune(): Promise<number> {
    const { rowCount } = await this.knex().raw(`delete from frete_quote_budget where window_start < ?`, [Date.now() - 2 * WINDOW_MS])
    return rowCount ?? 0
  }
}
