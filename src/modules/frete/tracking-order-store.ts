import { generateEntityId } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { InferTypeOf } from "@medusajs/framework/types"
import { maskTrackingPayload } from "../../lib/tracking/mask-payload"
import { guarded } from "./guarded-statement"
import type { TrackingOrderRecord } from "./models/tracking-order-record"

export type { TrackingOrderStatus } from "./models/tracking-order-record"

/** A field the tracking order left out, and why. */
export type OmittedField = { field: string; reason: string }

/**
 * A tracking_order row as the statements return it: the model's own type (TrackingOrderRecord),
 * its JSON columns given their shape. `failed_at` is when the row ended `failed` (null in any
 * other status); never moved by the purge.
 */
export type TrackingOrderRow = Omit<InferTypeOf<typeof TrackingOrderRecord>, "payload" | "omitted_fields"> & {
  payload: Record<string, unknown> | null
  omitted_fields: OmittedField[] | null
}

/** What an attempt came to, once its call is over (or could not be made). */
export type AttemptOutcome =
  | { kind: "created"; remoteId: string }
  | { kind: "retry"; reason: string; delayMs: number }
  | { kind: "fail"; reason: string }

export type TrackingPayload = { order: Record<string, unknown>; omitted: OmittedField[] }

/** A page of failed rows: `since`/`until` bound when they failed (`failed_at`). */
export type FailedPage = { limit: number; offset: number; since?: Date; until?: Date; oldestFirst?: boolean }

export const TRACKING_ORDER_TABLE = "tracking_order"
const TABLE = TRACKING_ORDER_TABLE

/**
 * The tracking_order rows, in SQL: the unique fulfillment id makes a second insert a no-op; every
 * change of status is one statement that checks the status it expects (`FOR UPDATE SKIP LOCKED`
 * where two instances may race), so none waits on another and none holds a lock across a call.
 * Claiming a row for a call is in tracking-attempts.ts. Times come from the database's clock, the
 * one all instances share. A payload is only ever written masked (the clear order is built when it
 * is sent), and every write goes through `guarded`, so a failed statement's values reach no log.
 */
export class TrackingOrderStore {
  constructor(private readonly knex: () => Knex) {}

  /** Inserts the row for a shipped fulfillment; `inserted` is false when it already existed. */
  async insertPending(input: { fulfillmentId: string; orderId: string | null; noNotification: boolean }) {
    const { rows } = await guarded("recording a shipment", () => this.knex().raw(
      `insert into ${TABLE} (id, fulfillment_id, order_id, no_notification, status, attempts, next_attempt_at)
       values (?, ?, ?, ?, 'pending', 0, now())
       on conflict (fulfillment_id) do nothing
       returning *`,
      [generateEntityId(undefined, "frtrk"), input.fulfillmentId, input.orderId, input.noNotification]
    ))
    if (rows[0]) {
      return { row: rows[0] as TrackingOrderRow, inserted: true }
    }
    const existing = await this.knex()(TABLE).where({ fulfillment_id: input.fulfillmentId }).first()
    return { row: existing as TrackingOrderRow, inserted: false }
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
    const { rows } = await guarded("requeueing a tracking order", () => this.knex().raw(
      `update ${TABLE} set status = 'pending', next_attempt_at = now(), payload = ?, omitted_fields = ?, failed_at = null, updated_at = now()
       where id = (select id from ${TABLE} where id = ? and status = ? and deleted_at is null for update skip locked)
       returning *`,
      [JSON.stringify(maskTrackingPayload(rebuilt.order)), JSON.stringify(rebuilt.omitted), id, seenStatus]
    ))
    return rows[0]
  }

  /**
   * Forgets the payload (and the omitted fields' reasons) of rows that ended `created` or `failed`
   * more than `retentionDays` ago: the row itself stays, so the fulfillment is never tracked twice.
   * A `created` row ended when it was delivered; a `failed` one when it failed (`failed_at`, which
   * the purge leaves as it is: the admin's list and the resend by period read it).
   */
  async purgePayloads(retentionDays: number): Promise<number> {
    const { rowCount } = await guarded("purging payloads", () =>
      this.knex().raw(
        `update ${TABLE} set payload = null, omitted_fields = null, updated_at = now()
         where status in ('created', 'failed') and (payload is not null or omitted_fields is not null) and deleted_at is null
           and (case when status = 'created' then coalesce(delivered_at, updated_at) else coalesce(failed_at, updated_at) end) < now() - (? * interval '1 day')`,
        [retentionDays]
      )
    )
    return Number(rowCount ?? 0)
  }

  /** Of these fulfillments, the ones that have a row (deleted or not: none ever gets a second). */
  async trackedFulfillmentIds(fulfillmentIds: string[]): Promise<Set<string>> {
    if (fulfillmentIds.length === 0) {
      return new Set()
    }
    const rows: Array<{ fulfillment_id: string }> = await this.knex()(TABLE).select("fulfillment_id").whereIn("fulfillment_id", fulfillmentIds)
    return new Set(rows.map((row) => row.fulfillment_id))
  }

  /** `failed` rows, the most recently failed first (or the oldest), with their count; `since`/`until` bound when they failed (`failed_at`). */
  async listFailed(page: FailedPage): Promise<{ rows: TrackingOrderRow[]; count: number }> {
    const failed = () => {
      const query = this.knex()(TABLE).where({ status: "failed" }).whereNull("deleted_at")
      if (page.since) {
        query.where("failed_at", ">=", page.since)
      }
      if (page.until) {
        query.where("failed_at", "<", page.until)
      }
      return query
    }
    const [rows, counted] = await Promise.all([
      failed().orderBy([{ column: "failed_at", order: page.oldestFirst ? "asc" : "desc" }, { column: "id", order: "asc" }]).limit(page.limit).offset(page.offset),
      failed().count<Array<{ count: string }>>({ count: "*" }),
    ])
    return { rows: rows as TrackingOrderRow[], count: Number(counted[0]?.count ?? 0) }
  }
}
