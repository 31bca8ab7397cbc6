import type { FindConfig, InferTypeOf } from "@medusajs/framework/types"
import type { BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { INTERRUPTED_REASON, type DeliveryDecision } from "../../lib/tracking/delivery-policy"
import { maskTrackingPayload } from "../../lib/tracking/mask-payload"
import type { TrackingOrderRecord } from "./models/tracking-order-record"
import type { FreteRepository } from "./repository"

/** Beyond the call's deadline; too short costs little: the row reads `failed` until the late outcome replaces it. */
export const LEASE_MARGIN_MS = 5_000

type StoredRow = InferTypeOf<typeof TrackingOrderRecord>

export type TrackingOrderRow = Omit<StoredRow, "payload" | "omitted_fields"> & {
  payload: Record<string, unknown> | null
  omitted_fields: Array<{ field: string; reason: string }> | null
}

export type AttemptOutcome = { kind: "created"; remoteId: string } | DeliveryDecision

/** `since`/`until` bound `failed_at`; `safeFirst`: the rows the service cannot have created come first. */
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

/** The module's generated reads of tracking_order (MedusaService). */
export type TrackingOrderReads = {
  listTrackingOrders(filters: object, config?: FindConfig<StoredRow>): Promise<unknown[]>
  listAndCountTrackingOrders(filters: object, config?: FindConfig<StoredRow>): Promise<[unknown[], number]>
}

const masked = (built: BuiltTrackingOrder) => [
  JSON.stringify(maskTrackingPayload(built.order)),
  JSON.stringify(built.omitted),
]

// The tracking outbox. Every change of status is one repository statement checking the status it expects (`SKIP
// LOCKED` where instances race), so no lock is held across a call; an outcome is written only where the row still
// has the attempt's id.
export class TrackingOrderStore {
  constructor(
    private readonly reads: TrackingOrderReads,
    private readonly repository: FreteRepository,
    private readonly timeoutMs: () => number
  ) {}

  private leaseMs = () => this.timeoutMs() + LEASE_MARGIN_MS

  async get(id: string): Promise<TrackingOrderRow | undefined> {
    return (await this.reads.listTrackingOrders({ id }))[0] as TrackingOrderRow | undefined
  }

  async dueIds(limit: number): Promise<string[]> {
    const due = await this.reads.listTrackingOrders(
      { status: "pending", next_attempt_at: { $lte: new Date() } },
      { select: ["id"], order: { next_attempt_at: "ASC" }, take: limit }
    )
    return (due as TrackingOrderRow[]).map((row) => row.id)
  }

  /** Undefined unless the row still has the status the merchant saw, and a maybe-created one was confirmed. */
  requeue(id: string, seenStatus: "pending" | "failed", rebuilt: BuiltTrackingOrder, maybeCreatedConfirmed = false) {
    return this.repository.requeueTracking<TrackingOrderRow>(id, seenStatus, masked(rebuilt), maybeCreatedConfirmed)
  }

  async listFailed(page: FailedPage): Promise<{ rows: TrackingOrderRow[]; count: number }> {
    const failedAt = { ...(page.since && { $gte: page.since }), ...(page.until && { $lt: page.until }) }
    const [rows, count] = await this.reads.listAndCountTrackingOrders(
      { status: "failed", ...(Object.keys(failedAt).length && { failed_at: failedAt }) },
      {
        order: {
          ...(page.safeFirst && { maybe_created: "ASC" }),
          failed_at: page.oldestFirst ? "ASC" : "DESC",
          id: "ASC",
        },
        take: page.limit,
        skip: page.offset,
      }
    )
    return { rows: rows as TrackingOrderRow[], count }
  }

  /** Null when the row is not due or another claimer has it. */
  async claim(id: string): Promise<ClaimedRow | null> {
    return (await this.repository.claimTracking<ClaimedRow>(id, this.leaseMs())) ?? null
  }

  /** Stored masked before the call, the lease renewed; false when the attempt lost the row: then it is not sent. */
  hold(claimed: ClaimedRow, built: BuiltTrackingOrder): Promise<boolean> {
    return this.repository.holdTracking(claimed.id, claimed.attempt_id, masked(built), this.leaseMs())
  }

  // A row the sweeper presumed lost (`failed`, maybe requeued with the same attempt id) still takes the call's real
  // outcome, so an order the service created is not sent again.
  record(claimed: ClaimedRow, outcome: AttemptOutcome): Promise<TrackingOrderRow | undefined> {
    return this.repository.recordTracking<TrackingOrderRow>(claimed.id, claimed.attempt_id, outcome)
  }

  /** `sending` rows past their lease (the process died mid-call), now `failed`: the service may have the order. */
  sweepExpired(): Promise<TrackingOrderRow[]> {
    return this.repository.sweepTracking<TrackingOrderRow>(INTERRUPTED_REASON)
  }

  counts(since: Date) {
    return this.repository.trackingCounts(since)
  }
}
