import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { hashKey } from "../../lib/quote-cache"

const TABLE = "frete_quote_take"

export interface QuoteTake {
  /** Whether the client may cause one more freight query now. */
  taken: boolean
  /** When refused: milliseconds until the oldest of its queries leaves the window. */
  retryAfterMs: number
}

/**
 * The store quote route's bound on new freight queries per client, kept in Postgres so that it
 * holds across all of the store's instances (each instance counting for itself would allow N
 * times the bound). A sliding window: each take is given back `windowMs` after it was taken.
 * The client is kept as a hash of its address, never the address itself.
 */
export class QuoteTakes {
  constructor(private readonly knex: () => Knex) {}

  async tryTake(client: string, limit: number, windowMs = 60_000): Promise<QuoteTake> {
    const who = hashKey(`frete:quote-client:${client}`).slice(0, 32)
    return this.knex().transaction(async (trx) => {
      // One client's takes are counted and added one instance at a time.
      await trx.raw(`select pg_advisory_xact_lock(hashtext(?))`, [who])
      await trx.raw(`delete from ${TABLE} where client = ? and taken_at <= clock_timestamp() - (? * interval '1 millisecond')`, [who, windowMs])
      const { rows } = await trx.raw(
        `select count(*)::int as held, extract(epoch from (min(taken_at) + (? * interval '1 millisecond') - clock_timestamp())) * 1000 as retry_ms
         from ${TABLE} where client = ?`,
        [windowMs, who]
      )
      const { held, retry_ms } = rows[0] as { held: number; retry_ms: string | number | null }
      if (held >= limit) {
        return { taken: false, retryAfterMs: Math.max(0, Math.ceil(Number(retry_ms ?? 0))) }
      }
      await trx.raw(`insert into ${TABLE} (client, taken_at) values (?, clock_timestamp())`, [who])
      return { taken: true, retryAfterMs: 0 }
    })
  }

  /** Forgets every take older than the window: the table holds the last minute only. */
  async prune(windowMs = 60_000): Promise<number> {
    const { rowCount } = await this.knex().raw(`delete from ${TABLE} where taken_at <= clock_timestamp() - (? * interval '1 millisecond')`, [windowMs])
    return rowCount ?? 0
  }
}
