import { generateEntityId } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"

export type TrackingOrderStatus = "pending" | "created" | "failed"

export interface TrackingOrderRow {
  id: string
  fulfillment_id: string
  order_id: string | null
  status: TrackingOrderStatus
  remote_id: string | null
  payload: Record<string, unknown> | null
  omitted_fields: Array<{ field: string; reason: string }> | null
  no_notification: boolean
  attempts: number
  next_attempt_at: Date | null
  last_error: string | null
  delivered_at: Date | null
  created_at: Date
  updated_at: Date
}

/** What an attempt on a locked row came to. */
export type AttemptOutcome =
  | { kind: "created"; remoteId: string }
  | { kind: "retry"; reason: string; delayMs: number }
  | { kind: "fail"; reason: string }

const TABLE = "tracking_order"

/**
 * The tracking_order rows, in SQL: the unique fulfillment id makes a second insert a no-op, and a
 * delivery holds the row's lock (`FOR UPDATE SKIP LOCKED`) from the check to the update, so two
 * deliverers, in one process or in several Medusa instances, never send the same row twice.
 * Times come from the database's clock, the one all instances share.
 */
export class TrackingOrderStore {
  constructor(private readonly knex: () => Knex) {}

  /** Inserts the row for a shipped fulfillment; `inserted` is false when it already existed. */
  async insertPending(input: { fulfillmentId: string; orderId: string | null; noNotification: boolean }) {
    const { rows } = await this.knex().raw(
      `insert into ${TABLE} (id, fulfillment_id, order_id, no_notification, status, attempts, next_attempt_at)
       values (?, ?, ?, ?, 'pending', 0, now())
       on conflict (fulfillment_id) do nothing
       returning *`,
      [generateEntityId(undefined, "frtrk"), input.fulfillmentId, input.orderId, input.noNotification]
    )
    if (rows[0]) {
      return { row: rows[0] as TrackingOrderRow, inserted: true }
    }
    const existing = await this.knex()(TABLE).where({ fulfillment_id: input.fulfillmentId }).first()
    return { row: existing as TrackingOrderRow, inserted: false }
  }

  /** Stores the payload once; a row whose payload is already built keeps it. */
  async setPayload(id: string, payload: Record<string, unknown>, omitted: Array<{ field: string; reason: string }>): Promise<void> {
    await this.knex()(TABLE)
      .where({ id })
      .whereNull("payload")
      .update({ payload: JSON.stringify(payload), omitted_fields: JSON.stringify(omitted), updated_at: this.knex().fn.now() })
  }

  async get(id: string): Promise<TrackingOrderRow | undefined> {
    return this.knex()(TABLE).where({ id }).whereNull("deleted_at").first()
  }

  async listByOrder(orderId: string): Promise<TrackingOrderRow[]> {
    return this.knex()(TABLE).where({ order_id: orderId }).whereNull("deleted_at").orderBy("created_at", "asc")
  }

  /** Pending rows whose time has come, oldest first. */
  async dueIds(limit: number): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.knex()(TABLE)
      .select("id")
      .where({ status: "pending" })
      .whereNull("deleted_at")
      .where("next_attempt_at", "<=", this.knex().fn.now())
      .orderBy("next_attempt_at", "asc")
      .limit(limit)
    return rows.map((row) => row.id)
  }

  /**
   * For the admin's retry: the row made due now, if it still has the status the merchant saw
   * (`pending` or `failed`) and no attempt holds it. Undefined otherwise: an attempt under way
   * may end as created, or as failed after the service may have created the order; requeueing
   * behind it would send the order twice.
   */
  async requeue(id: string, seenStatus: "pending" | "failed"): Promise<TrackingOrderRow | undefined> {
    const { rows } = await this.knex().raw(
      `update ${TABLE} set status = 'pending', next_attempt_at = now(), updated_at = now()
       where id = (select id from ${TABLE} where id = ? and status = ? and deleted_at is null for update skip locked)
       returning *`,
      [id, seenStatus]
    )
    return rows[0]
  }

  /**
   * Locks the row if it is pending and due, runs `attempt` while holding the lock, and writes its
   * outcome. Null when the row is not due, or another deliverer holds it right now.
   */
  async attemptLocked(id: string, attempt: (row: TrackingOrderRow & { age_ms: number }) => Promise<AttemptOutcome>): Promise<TrackingOrderRow | null> {
    return this.knex().transaction(async (trx) => {
      const { rows } = await trx.raw(
        `select *, extract(epoch from (now() - created_at)) * 1000 as age_ms from ${TABLE}
         where id = ? and status = 'pending' and next_attempt_at <= now() and payload is not null and deleted_at is null
         for update skip locked`,
        [id]
      )
      const row = rows[0] as (TrackingOrderRow & { age_ms: number }) | undefined
      if (!row) {
        return null
      }
      const outcome = await attempt({ ...row, age_ms: Number(row.age_ms) })
      const update =
        outcome.kind === "created"
          ? `status = 'created', remote_id = ?, last_error = null, next_attempt_at = null, delivered_at = now()`
          : outcome.kind === "retry"
            ? `last_error = ?, next_attempt_at = now() + (? * interval '1 millisecond')`
            : `status = 'failed', last_error = ?, next_attempt_at = null`
      const bindings = outcome.kind === "created" ? [outcome.remoteId] : outcome.kind === "retry" ? [outcome.reason, outcome.delayMs] : [outcome.reason]
      const { rows: updated } = await trx.raw(
        `update ${TABLE} set ${update}, attempts = attempts + 1, updated_at = now() where id = ? returning *`,
        [...bindings, id]
      )
      return updated[0] as TrackingOrderRow
    })
  }

  /** An attempt that failed before any call (the payload could not be built): counted and rescheduled. */
  async recordPreparationFailure(id: string, outcome: Exclude<AttemptOutcome, { kind: "created" }>): Promise<void> {
    if (outcome.kind === "retry") {
      await this.knex().raw(
        `update ${TABLE} set attempts = attempts + 1, last_error = ?, next_attempt_at = now() + (? * interval '1 millisecond'), updated_at = now() where id = ? and status = 'pending'`,
        [outcome.reason, outcome.delayMs, id]
      )
    } else {
      await this.knex().raw(
        `update ${TABLE} set attempts = attempts + 1, status = 'failed', last_error = ?, next_attempt_at = null, updated_at = now() where id = ? and status = 'pending'`,
        [outcome.reason, id]
      )
    }
  }

  /** Age in ms of a row, by the database's clock. */
  async ageMs(id: string): Promise<number> {
    const { rows } = await this.knex().raw(`select extract(epoch from (now() - created_at)) * 1000 as age_ms from ${TABLE} where id = ?`, [id])
    return Number(rows[0]?.age_ms ?? 0)
  }
}
