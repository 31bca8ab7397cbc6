import { knex as connect, type Knex } from "@medusajs/framework/mikro-orm/knex"
import { WINDOW_MS } from "../../lib/checkout/quota-leases"

// One row per key (a client's hash, or `store`) and minute; a grant is one statement that locks that row alone, no transaction.
export class QuoteTakes {
  private own?: Knex

  constructor(private readonly knex: () => Knex) {}

  async grant(key: string, windowStart: number, want: number, limit: number): Promise<number> {
    // In the update both expressions read the row as it was: `last_grant` is what this statement added.
    const { rows } = await this.grants().raw(
      `insert into frete_quote_budget as b (key, window_start, granted, last_grant) values (?, ?, least(?::int, ?::int), least(?::int, ?::int))
       on conflict (key, window_start) do update
         set last_grant = greatest(0, least(?::int, ?::int - b.granted)), granted = b.granted + greatest(0, least(?::int, ?::int - b.granted))
       returning last_grant`,
      [key, windowStart, want, limit, want, limit, want, limit, want, limit]
    )
    return Number((rows[0] as { last_grant: number }).last_grant)
  }

  /** Closes the grants' own connections. */
  async close(): Promise<void> {
    const own = this.own
    this.own = undefined
    await own?.destroy()
  }

  // A pool of its own, from the store's database settings: a grant never queues behind Medusa's queries in the shared
  // pool, where a burst of checkouts would make every shopper of a new minute wait for them.
  private grants(): Knex {
    return (this.own ??= connect({ ...this.knex().client.config, pool: { min: 0, max: 2, idleTimeoutMillis: 60_000 } }))
  }

  async prune(): Promise<number> {
    const { rowCount } = await this.knex().raw(`delete from frete_quote_budget where window_start < ?`, [
      Date.now() - 2 * WINDOW_MS,
    ])
    return rowCount ?? 0
  }
}
