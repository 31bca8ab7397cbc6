import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { QuoteLimits, QuoteTake } from "../../lib/checkout/quote-admission"
import { hashKey } from "../../lib/quote-cache/quote-cache"

const TABLE = "frete_quote_take"

/** The store-wide ceiling's rows: a key no client's hash can be (those are 32 hex digits). */
const STORE = "store"

/**
 * The quota guard's counts (src/lib/checkout/quote-admission.ts), kept in Postgres so that they
 * hold across all of the store's instances (each instance counting for itself would allow N times
 * the bound): one row per new freight query of the last window under the client that caused it,
 * and one under `store` for the ceiling. A sliding window: each take is given back `windowMs`
 * after it was taken. The client is kept as a hash of its address, never the address itself.
 */
export class QuoteTakes {
  constructor(private readonly knex: () => Knex) {}

  /** One take from the client's bound and the store's ceiling, both or neither. */
  async tryTake(client: string, limits: QuoteLimits, windowMs = 60_000): Promise<QuoteTake> {
    const who = hashKey(`frete:quote-client:${client}`).slice(0, 32)
    return this.knex().transaction(async (trx) => {
      // Counted and added one instance at a time: the client's takes under its lock, then the
      // store's under the store's, always in this order (two takes never wait for each other).
      // A client past its bound is refused before it waits for the store's lock.
      const clientRefusal = await this.refusal(trx, who, limits.perClient, windowMs)
      if (clientRefusal !== null) return { taken: false, refusedBy: "client", retryAfterMs: clientRefusal }
      const storeRefusal = await this.refusal(trx, STORE, limits.storeWide, windowMs)
      if (storeRefusal !== null) return { taken: false, refusedBy: "store", retryAfterMs: storeRefusal }
      await trx.raw(`insert into ${TABLE} (client, taken_at) values (?, clock_timestamp()), (?, clock_timestamp())`, [who, STORE])
      return { taken: true }
    })
  }

  /** Locks `key`'s takes for the transaction; null when one more is within `limit`, else the milliseconds until the oldest leaves the window. */
  private async refusal(trx: Knex.Transaction, key: string, limit: number, windowMs: number): Promise<number | null> {
    await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [`frete:quote-take:${key}`])
    await trx.raw(`delete from ${TABLE} where client = ? and taken_at <= clock_timestamp() - (? * interval '1 millisecond')`, [key, windowMs])
    const { rows } = await trx.raw(
      `select count(*)::int as held, extract(epoch from (min(taken_at) + (? * interval '1 millisecond') - clock_timestamp())) * 1000 as retry_ms
       from ${TABLE} where client = ?`,
      [windowMs, key]
    )
    const { held, retry_ms } = rows[0] as { held: number; retry_ms: string | number | null }
    return held >= limit ? Math.max(0, Math.ceil(Number(retry_ms ?? 0))) : null
  }

  /** Forgets every take older than the window: the table holds the last minute only. */
  async prune(windowMs = 60_000): Promise<number> {
    const { rowCount } = await this.knex().raw(`delete from ${TABLE} where taken_at <= clock_timestamp() - (? * interval '1 millisecond')`, [windowMs])
    return rowCount ?? 0
  }
}
