import { generateEntityId } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { maskTrackingPayload } from "../../lib/tracking/mask-payload"
import { guarded } from "./guarded-statement"
import { TRACKING_ORDER_TABLE as TABLE, type AttemptOutcome, type TrackingOrderRow } from "./tracking-order-store"

/** `age_ms` by the database's clock. */
export type ClaimedRow = TrackingOrderRow & { attempt_id: string; age_ms: number }

/**
 * Claim, call, record: the call runs with no transaction open and no pooled connection held, so a slow service cannot
 * starve Medusa's pool. A claim gives a fresh attempt id and a lease; an outcome is written only where the row still has it.
 */
export class TrackingAttempts {
  constructor(private readonly knex: () => Knex) {}

  /** Null when the row is not due or another claimer has it. */
  async claim(id: string, leaseMs: number): Promise<ClaimedRow | null> {
    const { rows } = await guarded("claiming a tracking order", () => this.knex().raw(
      `update ${TABLE} set status = 'sending', attempt_id = ?, lease_until = now() + (? * interval '1 millisecond'), updated_at = now()
       where id = (
         select id from ${TABLE}
         where id = ? and status = 'pending' and next_attempt_at <= now() and deleted_at is null
         for update skip locked
       )
       returning *, extract(epoch from (now() - created_at)) * 1000 as age_ms`,
      [generateEntityId(undefined, "frtat"), leaseMs, id]
    ))
    const row = rows[0] as ClaimedRow | undefined
    return row ? { ...row, age_ms: Number(row.age_ms) } : null
  }

  /** Stores the order masked before its call, the lease renewed; false when the attempt lost the row meanwhile: then it must not be sent. */
  async hold(claimed: ClaimedRow, built: BuiltTrackingOrder, leaseMs: number): Promise<boolean> {
    const { rowCount } = await guarded("storing a tracking order", () =>
      this.knex().raw(
        `update ${TABLE} set payload = ?, omitted_fields = ?, lease_until = now() + (? * interval '1 millisecond'), updated_at = now()
         where id = ? and attempt_id = ? and status = 'sending'`,
        [JSON.stringify(maskTrackingPayload(built.order)), JSON.stringify(built.omitted), leaseMs, claimed.id, claimed.attempt_id]
      )
    )
    return Number(rowCount ?? 0) === 1
  }

  /**
   * Written unless a newer attempt claimed the row: a row the sweeper presumed lost (`failed`, maybe requeued since
   * with the same attempt id) takes the call's real outcome, so an order the service created is not sent again.
   */
  async record(claimed: ClaimedRow, outcome: AttemptOutcome): Promise<TrackingOrderRow | undefined> {
    const set =
      outcome.kind === "created"
        ? { sql: `status = 'created', remote_id = ?, last_error = null, next_attempt_at = null, delivered_at = now(), failed_at = null`, bindings: [outcome.remoteId] }
        : outcome.kind === "retry"
          ? { sql: `status = 'pending', last_error = ?, next_attempt_at = now() + (? * interval '1 millisecond'), failed_at = null`, bindings: [outcome.reason, outcome.delayMs] }
          : { sql: `status = 'failed', last_error = ?, next_attempt_at = null, failed_at = now()`, bindings: [outcome.reason] }
    const { rows } = await guarded("recording an attempt", () =>
      this.knex().raw(
        `update ${TABLE} set ${set.sql}, lease_until = null, updated_at = now(),
           attempts = attempts + (case when status = 'sending' then 1 else 0 end)
         where id = ? and attempt_id = ? and status in ('sending', 'failed', 'pending')
         returning *`,
        [...set.bindings, claimed.id, claimed.attempt_id]
      )
    )
    return rows[0]
  }

  /** Every `sending` row past its lease (its process died mid-call), now `failed`: the service may have the order. */
  async sweepExpired(reason: string): Promise<TrackingOrderRow[]> {
    const { rows } = await guarded("ending expired attempts", () =>
      this.knex().raw(
        `update ${TABLE} set status = 'failed', last_error = ?, next_attempt_at = null, lease_until = null, attempts = attempts + 1, failed_at = now(), updated_at = now()
         where status = 'sending' and lease_until < now() and deleted_at is null
         returning *`,
        [reason]
      )
    )
    return rows
  }
}
