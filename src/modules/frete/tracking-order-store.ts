import { generateEntityId } from "@medusajs/framework/utils"
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import type { InferTypeOf } from "@medusajs/framework/types"
import type { BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { INTERRUPTED_REASON, type DeliveryDecision } from "../../lib/tracking/delivery-policy"
import { maskTrackingPayload } from "../../lib/tracking/mask-payload"
import { guarded } from "./guarded-statement"
import type { TrackingOrderRecord } from "./models/tracking-order-record"

/** Beyond the call's deadline, for the outcome's statement. Too short costs little: the row reads `failed` until the late outcome replaces it. */
export const LEASE_MARGIN_MS = 5_000

export type TrackingOrderRow = Omit<InferTypeOf<typeof TrackingOrderRecord>, "payload" | "omitted_fields"> & {
  payload: Record<string, unknown> | null
  omitted_fields: Array<{ field: string; reason: string }> | null
}

export type AttemptOutcome = { kind: "created"; remoteId: string } | DeliveryDecision

/** `since`/`until` bound `failed_at`; `safeFirst`: the rows the service cannot have created come before the others. */
export type FailedPage = {
  limit: number
  offset: number
  since?: Date
  until?: Date
  oldestFirst?: boolean
  safeFirst?: boolean
}

/** `age_ms` by the database's clock. */
export type ClaimedRow = TrackingOrderRow & { attempt_id: string; age_ms: number }

const TABLE = "tracking_order"
const masked = (built: BuiltTrackingOrder) => [
  JSON.stringify(maskTrackingPayload(built.order)),
  JSON.stringify(built.omitted),
]

/**
 * Every change of status is one statement checking the status it expects (`SKIP LOCKED` where instances race), so no lock
 * is held across a call. Times are the database's. A claim gives a fresh attempt id and a lease; an outcome is written
 * only where the row still has it. Statements go through `guarded`: a failed one's values (a payload) reach no log.
 */
export class TrackingOrderStore {
  constructor(
    private readonly knex: () => Knex,
    private readonly timeoutMs: () => number
  ) {}

  private async raw<Row = TrackingOrderRow>(
    operation: string,
    sql: string,
    bindings: readonly unknown[]
  ): Promise<{ rows: Row[]; rowCount?: number | null }> {
    return guarded(operation, () => this.knex().raw(sql, bindings as Knex.RawBinding[]))
  }

  /** Undefined when the fulfillment already had its row (unique). */
  async insertPending(input: {
    fulfillmentId: string
    orderId: string | null
    noNotification: boolean
  }): Promise<TrackingOrderRow | undefined> {
    const { rows } = await this.raw(
      "recording a shipment",
      `insert into ${TABLE} (id, fulfillment_id, order_id, no_notification, status, attempts, next_attempt_at)
       values (?, ?, ?, ?, 'pending', 0, now()) on conflict (fulfillment_id) do nothing returning *`,
      [generateEntityId(undefined, "frtrk"), input.fulfillmentId, input.orderId, input.noNotification]
    )
    return rows[0]
  }

  async get(id: string): Promise<TrackingOrderRow | undefined> {
    return this.knex()(TABLE).where({ id }).whereNull("deleted_at").first()
  }

  async listByOrder(orderId: string): Promise<TrackingOrderRow[]> {
    return this.knex()(TABLE).where({ order_id: orderId }).whereNull("deleted_at").orderBy("created_at", "asc")
  }

  async dueIds(limit: number): Promise<string[]> {
    const due = this.knex()(TABLE)
      .where({ status: "pending" })
      .whereNull("deleted_at")
      .where("next_attempt_at", "<=", this.knex().fn.now())
    return due.orderBy("next_attempt_at", "asc").limit(limit).pluck("id")
  }

  /**
   * Undefined unless the row still has the status the merchant saw (a `sending` row's call may end as created), and,
   * when the service may have created its order, unless the merchant confirmed that one: checked in the statement.
   */
  async requeue(
    id: string,
    seenStatus: "pending" | "failed",
    rebuilt: BuiltTrackingOrder,
    maybeCreatedConfirmed = false
  ): Promise<TrackingOrderRow | undefined> {
    const { rows } = await this.raw(
      "requeueing a tracking order",
      `update ${TABLE} set status = 'pending', next_attempt_at = now(), payload = ?, omitted_fields = ?,
         failed_at = null, maybe_created = false, updated_at = now()
       where id = (select id from ${TABLE} where id = ? and status = ? and deleted_at is null
         and (maybe_created = false or ?) for update skip locked) returning *`,
      [...masked(rebuilt), id, seenStatus, maybeCreatedConfirmed]
    )
    return rows[0]
  }

  /** The row itself stays, so the fulfillment is never tracked twice. */
  async purgePayloads(retentionDays: number): Promise<number> {
    const { rowCount } = await this.raw(
      "purging payloads",
      `update ${TABLE} set payload = null, omitted_fields = null, updated_at = now()
       where status in ('created', 'failed') and (payload is not null or omitted_fields is not null) and deleted_at is null
         and (case when status = 'created' then coalesce(delivered_at, updated_at) else coalesce(failed_at, updated_at) end) < now() - (? * interval '1 day')`,
      [retentionDays]
    )
    return Number(rowCount ?? 0)
  }

  /** Deleted or not: none ever gets a second. */
  async trackedFulfillmentIds(fulfillmentIds: string[]): Promise<Set<string>> {
    if (fulfillmentIds.length === 0) return new Set()
    return new Set(await this.knex()(TABLE).whereIn("fulfillment_id", fulfillmentIds).pluck("fulfillment_id"))
  }

  async listFailed(page: FailedPage): Promise<{ rows: TrackingOrderRow[]; count: number }> {
    const failed = this.knex()(TABLE).where({ status: "failed" }).whereNull("deleted_at")
    if (page.since) failed.where("failed_at", ">=", page.since)
    if (page.until) failed.where("failed_at", "<", page.until)
    const [rows, counted] = await Promise.all([
      failed
        .clone()
        .orderBy([
          ...(page.safeFirst ? [{ column: "maybe_created", order: "asc" }] : []),
          { column: "failed_at", order: page.oldestFirst ? "asc" : "desc" },
          { column: "id", order: "asc" },
        ])
        .limit(page.limit)
        .offset(page.offset),
      failed.clone().count<Array<{ count: string }>>({ count: "*" }),
    ])
    return { rows: rows as TrackingOrderRow[], count: Number(counted[0]?.count ?? 0) }
  }

  /** Null when the row is not due or another claimer has it. */
  async claim(id: string): Promise<ClaimedRow | null> {
    const { rows } = await this.raw<ClaimedRow>(
      "claiming a tracking order",
      `update ${TABLE} set status = 'sending', attempt_id = ?, lease_until = now() + (? * interval '1 millisecond'), updated_at = now()
       where id = (select id from ${TABLE} where id = ? and status = 'pending' and next_attempt_at <= now() and deleted_at is null for update skip locked)
       returning *, extract(epoch from (now() - created_at)) * 1000 as age_ms`,
      [generateEntityId(undefined, "frtat"), this.timeoutMs() + LEASE_MARGIN_MS, id]
    )
    return rows[0] ? { ...rows[0], age_ms: Number(rows[0].age_ms) } : null
  }

  /** Stored masked before the call, the lease renewed; false when the attempt lost the row: then it must not be sent. */
  async hold(claimed: ClaimedRow, built: BuiltTrackingOrder): Promise<boolean> {
    const { rowCount } = await this.raw(
      "storing a tracking order",
      `update ${TABLE} set payload = ?, omitted_fields = ?, lease_until = now() + (? * interval '1 millisecond'), updated_at = now()
       where id = ? and attempt_id = ? and status = 'sending'`,
      [...masked(built), this.timeoutMs() + LEASE_MARGIN_MS, claimed.id, claimed.attempt_id]
    )
    return Number(rowCount ?? 0) === 1
  }

  /**
   * Written unless a newer attempt claimed the row: a row the sweeper presumed lost (`failed`, maybe requeued since with
   * the same attempt id) takes the call's real outcome, so an order the service created is not sent again.
   */
  async record(claimed: ClaimedRow, outcome: AttemptOutcome): Promise<TrackingOrderRow | undefined> {
    const [set, bindings] =
      outcome.kind === "created"
        ? [
            `status = 'created', remote_id = ?, last_error = null, next_attempt_at = null, delivered_at = now(), failed_at = null`,
            [outcome.remoteId],
          ]
        : outcome.kind === "retry"
          ? [
              `status = 'pending', last_error = ?, next_attempt_at = now() + (? * interval '1 millisecond'), failed_at = null`,
              [outcome.reason, outcome.delayMs],
            ]
          : [`status = 'failed', last_error = ?, next_attempt_at = null, failed_at = now()`, [outcome.reason]]
    // This attempt's outcome says whether the service may have the order, over what the sweeper presumed.
    const maybeCreated = outcome.kind === "fail" && outcome.maybeCreated === true
    const { rows } = await this.raw(
      "recording an attempt",
      `update ${TABLE} set ${set}, maybe_created = ?, lease_until = null, updated_at = now(),
         attempts = attempts + (case when status = 'sending' then 1 else 0 end)
       where id = ? and attempt_id = ? and status in ('sending', 'failed', 'pending') returning *`,
      [...bindings, maybeCreated, claimed.id, claimed.attempt_id]
    )
    return rows[0]
  }

  /** Every `sending` row past its lease (its process died mid-call), now `failed`: the service may have the order. */
  async sweepExpired(): Promise<TrackingOrderRow[]> {
    const { rows } = await this.raw(
      "ending expired attempts",
      `update ${TABLE} set status = 'failed', last_error = ?, next_attempt_at = null, lease_until = null,
         attempts = attempts + 1, failed_at = now(), maybe_created = true, updated_at = now()
       where status = 'sending' and lease_until < now() and deleted_at is null returning *`,
      [INTERRUPTED_REASON]
    )
    return rows
  }
}
