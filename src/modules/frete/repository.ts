import { knex as connect, type Knex } from "@medusajs/framework/mikro-orm/knex"
import { generateEntityId } from "@medusajs/framework/utils"
import type { StatsRow } from "../../lib/admin-contract"

// The statements the generated methods cannot say (SKIP LOCKED claims, status-checked changes, counter upserts, the
// settings row's lock). Times are the database's.

const HOUR_MS = 3_600_000
const MINUTE_MS = 60_000
/** The figures are kept long past the admin's longest range. */
const KEPT = "interval '90 days'"
const SETTINGS_ROW = "frete_settings"
const LEASE = "lease_until = now() + (? * interval '1 millisecond')"
const SET_OUTCOME = {
  created:
    "status = 'created', remote_id = ?, last_error = null, next_attempt_at = null, delivered_at = now(), failed_at = null",
  retry:
    "status = 'pending', last_error = ?, next_attempt_at = now() + (? * interval '1 millisecond'), failed_at = null",
  fail: "status = 'failed', last_error = ?, next_attempt_at = null, failed_at = now()",
}

export type Bucket = "hour" | "day"
export type StatCell = Omit<StatsRow, "at"> & { hour: number }
export type SettingsRow = { settings: unknown; secrets: Record<string, string> | null }
export type TrackingOutcome =
  | { kind: "created"; remoteId: string }
  | { kind: "retry"; reason: string; delayMs: number }
  | { kind: "fail"; reason: string; maybeCreated?: boolean }

const bucketOf = (column: string, bucket: Bucket) =>
  bucket === "hour"
    ? `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24":00:00.000Z"')`
    : `to_char(${column} at time zone 'America/Sao_Paulo', 'YYYY-MM-DD')`

// knex's own message inlines every bound value (a payload, an order id), which must never reach a log, a stored
// workflow execution or an admin answer: a failed tracking statement says its operation and Postgres's facts only.
export async function guarded<T>(operation: string, statement: () => PromiseLike<T>): Promise<T> {
  try {
    return await statement()
  } catch (cause) {
    const record = (typeof cause === "object" && cause !== null ? cause : {}) as Record<string, unknown>
    const text = (key: string) => (typeof record[key] === "string" && record[key] !== "" ? record[key] : undefined)
    const facts = ["code", "constraint", "table", "column"].map((key) => text(key) && `${key} ${text(key)}`)
    const why = record === cause ? [text("name") ?? "Error", ...facts].filter(Boolean).join(", ") : "unknown error"
    const message = `frete tracking store: ${operation} failed (${why})`
    throw Object.assign(new Error(message), { name: "TrackingStoreError", code: text("code") })
  }
}

export class FreteRepository {
  private own?: Knex

  constructor(private readonly knex: () => Knex) {}

  private raw<Row>(sql: string, bindings: readonly unknown[] = []): Promise<{ rows: Row[]; rowCount?: number | null }> {
    return this.knex().raw(sql, bindings as Knex.RawBinding[]) as never
  }

  /** Undefined when the fulfillment already had its row (unique over every row). */
  async insertTracking<Row>(fulfillmentId: string, orderId: string | null, noNotification: boolean) {
    const { rows } = await guarded("recording a shipment", () =>
      this.raw<Row>(
        `insert into tracking_order (id, fulfillment_id, order_id, no_notification, status, attempts, next_attempt_at)
         values (?, ?, ?, ?, 'pending', 0, now()) on conflict (fulfillment_id) do nothing returning *`,
        [generateEntityId(undefined, "frtrk"), fulfillmentId, orderId, noNotification]
      )
    )
    return rows[0] as Row | undefined
  }

  /** Sets the rows that have `where`; `lockedOne`: the one such row no other attempt locks. */
  private async changeTracking<Row>(
    operation: string,
    set: string,
    where: string,
    values: unknown[],
    { lockedOne = false, returning = "" } = {}
  ) {
    const rows = lockedOne
      ? `id = (select id from tracking_order where ${where} and deleted_at is null for update skip locked)`
      : where
    const sql = `update tracking_order set ${set}, updated_at = now() where ${rows} returning *${returning}`
    const answer = await guarded(operation, () => this.raw<Row>(sql, values))
    return { rows: answer.rows, count: Number(answer.rowCount ?? 0) }
  }

  /** Undefined unless the row still has `seenStatus` and, if the service may have created it, that is confirmed. */
  async requeueTracking<Row>(id: string, seenStatus: string, masked: string[], maybeCreatedConfirmed: boolean) {
    const { rows } = await this.changeTracking<Row>(
      "requeueing a tracking order",
      `status = 'pending', next_attempt_at = now(), payload = ?, omitted_fields = ?, failed_at = null, maybe_created = false`,
      "id = ? and status = ? and (maybe_created = false or ?)",
      [...masked, id, seenStatus, maybeCreatedConfirmed],
      { lockedOne: true }
    )
    return rows[0] as Row | undefined
  }

  /** Ended rows' payloads past their retention; the rows stay. */
  async purgeTrackingPayloads(retentionDays: number): Promise<number> {
    const { count } = await this.changeTracking(
      "purging payloads",
      "payload = null, omitted_fields = null",
      `status in ('created', 'failed') and (payload is not null or omitted_fields is not null) and deleted_at is null
       and (case when status = 'created' then coalesce(delivered_at, updated_at) else coalesce(failed_at, updated_at) end)
         < now() - (? * interval '1 day')`,
      [retentionDays]
    )
    return count
  }

  /** A due row, now `sending` under a fresh attempt id and a lease; `age_ms` by the database's clock. */
  async claimTracking<Row>(id: string, leaseMs: number) {
    const { rows } = await this.changeTracking<Row & { age_ms: unknown }>(
      "claiming a tracking order",
      `status = 'sending', attempt_id = ?, ${LEASE}`,
      "id = ? and status = 'pending' and next_attempt_at <= now()",
      [generateEntityId(undefined, "frtat"), leaseMs, id],
      { lockedOne: true, returning: ", extract(epoch from (now() - created_at)) * 1000 as age_ms" }
    )
    return rows[0] ? { ...rows[0], age_ms: Number(rows[0].age_ms) } : undefined
  }

  async holdTracking(id: string, attemptId: string, masked: string[], leaseMs: number): Promise<boolean> {
    const { count } = await this.changeTracking(
      "storing a tracking order",
      `payload = ?, omitted_fields = ?, ${LEASE}`,
      "id = ? and attempt_id = ? and status = 'sending'",
      [...masked, leaseMs, id, attemptId]
    )
    return count === 1
  }

  /** Written unless a newer attempt claimed the row (a row the sweeper failed takes the call's real outcome). */
  async recordTracking<Row>(id: string, attemptId: string, outcome: TrackingOutcome) {
    const values =
      outcome.kind === "created"
        ? [outcome.remoteId]
        : outcome.kind === "retry"
          ? [outcome.reason, outcome.delayMs]
          : [outcome.reason]
    // This attempt's outcome says whether the service may have the order, over what the sweeper presumed.
    const maybeCreated = outcome.kind === "fail" && outcome.maybeCreated === true
    const { rows } = await this.changeTracking<Row>(
      "recording an attempt",
      `${SET_OUTCOME[outcome.kind]}, maybe_created = ?, lease_until = null, attempts = attempts + (case when status = 'sending' then 1 else 0 end)`,
      "id = ? and attempt_id = ? and status in ('sending', 'failed', 'pending')",
      [...values, maybeCreated, id, attemptId]
    )
    return rows[0] as Row | undefined
  }

  async sweepTracking<Row>(reason: string): Promise<Row[]> {
    const { rows } = await this.changeTracking<Row>(
      "ending expired attempts",
      `status = 'failed', last_error = ?, next_attempt_at = null, lease_until = null, attempts = attempts + 1,
        failed_at = now(), maybe_created = true`,
      "status = 'sending' and lease_until < now() and deleted_at is null",
      [reason]
    )
    return rows
  }

  async trackingCounts(since: Date): Promise<{ created: number; failed: number; waiting: number }> {
    const { rows } = await this.raw<{ created: number; failed: number; waiting: number }>(
      `select count(*)::int as created, (count(*) filter (where status = 'failed'))::int as failed,
         (count(*) filter (where status in ('pending', 'sending')))::int as waiting
       from tracking_order where created_at >= ? and deleted_at is null`,
      [since]
    )
    return rows[0]
  }

  /** Adds to the rows every instance adds to; the statement starts `insert into "frete_stat"` (a test tells it so). */
  async addStats(cells: StatCell[]): Promise<void> {
    const knex = this.knex()
    await knex("frete_stat")
      .insert(cells)
      .onConflict(["hour", "metric", "key"])
      .merge({
        count: knex.raw("frete_stat.count + excluded.count"),
        total: knex.raw("frete_stat.total + excluded.total"),
        updated_at: knex.fn.now(),
      })
  }

  /** A shipping method already counted stays as it was: an event delivered again adds nothing. */
  async addOrderFreight(rows: Array<Record<string, unknown>>): Promise<void> {
    if (rows.length) await this.knex()("frete_order_freight").insert(rows).onConflict("shipping_method_id").ignore()
  }

  /** The figures since `since` by bucket, sorted, with the orders by service (`order`, `order_days`... where any). */
  async sums(since: Date, bucket: Bucket, metrics: readonly string[]): Promise<StatsRow[]> {
    const { rows } = await this.raw<StatsRow>(
      `select * from (
         select ${bucketOf("to_timestamp(hour * 3600)", bucket)} as at, metric, key, sum(count)::int as count,
           sum(total)::float as total
         from frete_stat where hour >= ? and deleted_at is null and metric = any(?) group by 1, 2, 3
         union all
         select at, metric, service, sums.count, sums.total from (
           select ${bucketOf("placed_at", bucket)} as at, service, count(*)::int as orders,
             (sum(amount_cents) / 100.0)::float as charged, count(days)::int as with_days,
             coalesce(sum(days), 0)::float as days, (count(*) filter (where is_fallback))::int as from_table,
             (count(*) filter (where amount_cents = 0))::int as free
           from frete_order_freight where placed_at >= ? and not canceled and deleted_at is null group by 1, 2
         ) orders cross join lateral (values ('order', orders, charged), ('order_days', with_days, days),
           ('order_fallback', from_table, 0::float), ('free', free, 0::float)) as sums(metric, count, total)
         where sums.count > 0
       ) figures order by at collate "C", metric collate "C", key collate "C"`,
      [Math.floor(since.getTime() / HOUR_MS), [...metrics], since]
    )
    return rows
  }

  async pruneFigures(): Promise<void> {
    await Promise.all([
      this.raw(`delete from frete_stat where hour < extract(epoch from now() - ${KEPT}) / 3600`),
      this.raw(`delete from frete_order_freight where placed_at < now() - ${KEPT}`),
    ])
  }

  // Past `retentionDays`, and per route and service all but the newest `perRegion`: a flood of one region's carts
  // churns that region's rows alone. Every row is read: run hourly.
  async pruneLearnedPrices(retentionDays: number, perRegion: number): Promise<void> {
    await this.raw(`delete from frete_learned_price where created_at < now() - make_interval(days => ?)`, [
      retentionDays,
    ])
    await this.raw(
      `delete from frete_learned_price where id in (select id from (select id, row_number() over (partition by
         origin_prefix, destination_prefix, service order by created_at desc) as newest from frete_learned_price) ranked
       where newest > ?)`,
      [perRegion]
    )
  }

  // The quota guard's grant: one statement locking its key and minute's row alone. On its own pool: a grant never
  // queues behind Medusa's queries (a burst of checkouts would make a new minute's shoppers wait). Both sets read the
  // old row.
  async grant(key: string, windowStart: number, want: number, limit: number): Promise<number> {
    this.own ??= connect({ ...this.knex().client.config, pool: { min: 0, max: 2, idleTimeoutMillis: 60_000 } })
    const { rows } = await this.own.raw(
      `insert into frete_quote_budget as b (key, window_start, granted, last_grant) values (?, ?, least(?::int, ?::int), least(?::int, ?::int))
       on conflict (key, window_start) do update
         set last_grant = greatest(0, least(?::int, ?::int - b.granted)), granted = b.granted + greatest(0, least(?::int, ?::int - b.granted))
       returning last_grant`,
      [key, Math.floor(windowStart / MINUTE_MS), want, limit, want, limit, want, limit, want, limit]
    )
    return Number((rows[0] as { last_grant: number }).last_grant)
  }

  async pruneGrants(now = Date.now()): Promise<number> {
    const { rowCount } = await this.raw(`delete from frete_quote_budget where window_start < ?`, [
      Math.floor(now / MINUTE_MS) - 2,
    ])
    return rowCount ?? 0
  }

  async close(): Promise<void> {
    const own = [this.own, (this.own = undefined)][0]
    await own?.destroy()
  }

  /** `change` runs holding the settings row's lock (the first save inserts it: two first saves queue on its key). */
  saveSettings<T>(
    change: (row: SettingsRow) => Promise<{ next: SettingsRow; result: T }> | { next: SettingsRow; result: T }
  ) {
    return this.knex().transaction(async (trx) => {
      await trx.raw(
        `insert into frete_settings (id, settings, secrets) values (?, '{}'::jsonb, '{}'::jsonb) on conflict (id) do nothing`,
        [SETTINGS_ROW]
      )
      const { rows } = await trx.raw(
        `select settings, secrets from frete_settings where id = ? and deleted_at is null for update`,
        [SETTINGS_ROW]
      )
      const { next, result } = await change(rows[0] ?? { settings: {}, secrets: {} })
      await trx.raw(
        `update frete_settings set settings = ?::jsonb, secrets = ?::jsonb, deleted_at = null, updated_at = now() where id = ?`,
        [JSON.stringify(next.settings), JSON.stringify(next.secrets), SETTINGS_ROW]
      )
      return result
    })
  }

  /** A secret sealed again, only if the row still holds the one read (and its URL): a save in between wins. */
  async resealSecret(name: string, next: Record<string, string>, read: Record<string, string>): Promise<boolean> {
    const { rowCount } = await this.raw(
      `update frete_settings set secrets = secrets || ?::jsonb, updated_at = now()
       where id = ? and deleted_at is null and secrets->>? = ? and (secrets->>?) is not distinct from ?::text`,
      [JSON.stringify(next), SETTINGS_ROW, name, read[name], `${name}_url`, read[`${name}_url`] ?? null]
    )
    return Boolean(rowCount)
  }
}
