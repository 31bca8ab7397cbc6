import { generateEntityId } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"

export type TrackingOrderStatus = "pending" | "sending" | "created" | "failed"

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
  attempt_id: string | null
  lease_until: Date | null
  delivered_at: Date | null
  created_at: Date
  updated_at: Date
}

/** What an attempt came to, once its call is over (or could not be made). */
export type AttemptOutcome =
  | { kind: "created"; remoteId: string }
  | { kind: "retry"; reason: string; delayMs: number }
  | { kind: "fail"; reason: string }

export type TrackingPayload = { order: Record<string, unknown>; omitted: Array<{ field: string; reason: string }> }

export const TRACKING_ORDER_TABLE = "tracking_order"
const TABLE = TRACKING_ORDER_TABLE

/**
 * The tracking_order rows, in SQL: the unique fulfillment id makes a second insert a no-op; every
 * change of status is one statement that checks the status it expects (`FOR UPDATE SKIP LOCKED`
 * where two instances may race), so none waits on another and none holds a lock across a call.
 * Claiming a row for a call is in tracking-attempts.ts. Times come from the database's clock, the
 * one all instances share.
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
   * For the admin's retry: the row made due now with the tracking order rebuilt from current data,
   * if it still has the status the merchant saw (`pending` or `failed`) and no attempt holds it.
   * Undefined otherwise: a `sending` row's call may end as created; requeueing behind it would
   * send the order twice.
   */
  async requeue(id: string, seenStatus: "pending" | "failed", rebuilt: TrackingPayload): Promise<TrackingOrderRow | undefined> {
    const { rows } = await this.knex().raw(
      `update ${TABLE} set status = 'pending', next_attempt_at = now(), payload = ?, omitted_fields = ?, updated_at = now()
       where id = (select id from ${TABLE} where id = ? and status = ? and deleted_at is null for update skip locked)
       returning *`,
      [JSON.stringify(rebuilt.order), JSON.stringify(rebuilt.omitted), id, seenStatus]
    )
    return rows[0]
  }

  /**
   * An attempt that ended before any call (the payload could not be built, the tracking API is not
   * configured): counted and rescheduled, or failed. `dueOnly` leaves a row alone that is not due
   * (another attempt just rescheduled it). Undefined when the row was not pending (and due).
   */
  async recordWithoutCall(id: string, outcome: Exclude<AttemptOutcome, { kind: "created" }>, dueOnly = false): Promise<TrackingOrderRow | undefined> {
    const due = dueOnly ? "and next_attempt_at <= now()" : ""
    const { rows } =
      outcome.kind === "retry"
        ? await this.knex().raw(
            `update ${TABLE} set attempts = attempts + 1, last_error = ?, next_attempt_at = now() + (? * interval '1 millisecond'), updated_at = now()
             where id = ? and status = 'pending' and deleted_at is null ${due} returning *`,
            [outcome.reason, outcome.delayMs, id]
          )
        : await this.knex().raw(
            `update ${TABLE} set attempts = attempts + 1, status = 'failed', last_error = ?, next_attempt_at = null, updated_at = now()
             where id = ? and status = 'pending' and deleted_at is null ${due} returning *`,
            [outcome.reason, id]
          )
    return rows[0]
  }

  /** Age in ms of a row, by the database's clock. */
  async ageMs(id: string): Promise<number> {
    const { rows } = await this.knex().raw(`select extract(epoch from (now() - created_at)) * 1000 as age_ms from ${TABLE} where id = ?`, [id])
    return Number(rows[0]?.age_ms ?? 0)
  }
}
