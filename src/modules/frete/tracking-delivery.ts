import type { Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { TrackingNotConfiguredError, type TrackingClient } from "../../lib/tracking/client"
import type { BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { decideAfterFailure, decideAfterUnbuiltOrder, INTERRUPTED_REASON } from "../../lib/tracking/delivery-policy"
import type { TrackingOrder } from "../../lib/tracking/schemas"
import { TrackingAttempts, type ClaimedRow } from "./tracking-attempts"
import type { AttemptOutcome, TrackingOrderRow, TrackingOrderStore } from "./tracking-order-store"

/**
 * Builds a row's tracking order from Medusa's data as it is now. The clear order exists only for
 * the call: the row keeps it masked (see mask-payload.ts).
 */
export type BuildTrackingOrder = (row: TrackingOrderRow) => Promise<BuiltTrackingOrder>

/**
 * What the lease allows beyond the call's own deadline: the outcome's statement, which may wait
 * for a pooled database connection. A lease that runs out too early costs little: the row reads
 * `failed` ("check the panel") until the late outcome replaces it; it is never sent twice.
 */
export const LEASE_MARGIN_MS = 5_000

interface Dependencies {
  store: TrackingOrderStore
  knex: ConstructorParameters<typeof TrackingAttempts>[0]
  client: () => TrackingClient | null
  options: () => FreteOptions["tracking"]
  logger: Logger
}

/** One delivery attempt of a tracking order, claimed, called and recorded (see TrackingAttempts). */
export class TrackingDelivery {
  private readonly attempts: TrackingAttempts

  constructor(private readonly deps: Dependencies) {
    this.attempts = new TrackingAttempts(deps.knex)
  }

  /**
   * One attempt, if the row is pending, due, and no other attempt has it: claimed, its tracking
   * order built, called, recorded. Null when there was nothing to do.
   */
  async deliver(id: string, build: BuildTrackingOrder): Promise<TrackingOrderRow | null> {
    const { retry, timeoutMs } = this.deps.options()
    const client = this.deps.client()
    if (!client) {
      // Nothing to send to: no claim, no call; the row waits for the URL and the credential.
      const age = await this.deps.store.ageMs(id)
      const waiting = await this.deps.store.recordWithoutCall(id, decideAfterFailure(new TrackingNotConfiguredError(), 1, age, retry), true)
      if (waiting) {
        this.log(waiting)
      }
      return waiting ?? null
    }
    const claimed = await this.attempts.claim(id, timeoutMs + LEASE_MARGIN_MS)
    if (!claimed) {
      return null
    }
    const { outcome, failure, sent } = await this.call(client, claimed, build)
    const recorded = await this.attempts.record(claimed, outcome, sent)
    if (!recorded) {
      this.deps.logger.warn(`frete tracking: the outcome of an attempt on fulfillment ${claimed.fulfillment_id} came after a newer attempt; kept the newer one`)
      return (await this.deps.store.get(id)) ?? null
    }
    this.log(recorded, failure)
    return recorded
  }

  /** Builds the claimed row's order and sends it; what came of it, and the order sent (null: none). */
  private async call(client: TrackingClient, claimed: ClaimedRow, build: BuildTrackingOrder): Promise<{ outcome: AttemptOutcome; failure?: unknown; sent: TrackingOrder | null }> {
    const { retry } = this.deps.options()
    let built: BuiltTrackingOrder
    try {
      built = await build(claimed)
    } catch (error) {
      // Nothing was sent: retried like a request that never left.
      return { outcome: decideAfterUnbuiltOrder(claimed.attempts + 1, claimed.age_ms, retry), failure: error, sent: null }
    }
    try {
      const result = await client.createTrackingOrder(built.order)
      return { outcome: { kind: "created", remoteId: result.id }, sent: built.order }
    } catch (error) {
      return { outcome: decideAfterFailure(error, claimed.attempts + 1, claimed.age_ms, retry), failure: error, sent: built.order }
    }
  }

  /** The payload could not be built (e.g. the order could not be read): counted like a failed call. */
  async recordPreparationFailure(id: string, error: unknown): Promise<void> {
    const row = await this.deps.store.get(id)
    const decision = decideAfterUnbuiltOrder((row?.attempts ?? 0) + 1, await this.deps.store.ageMs(id), this.deps.options().retry)
    this.deps.logger.warn(`frete tracking: could not build tracking order ${id}: ${error instanceof Error ? error.message : String(error)}`)
    await this.deps.store.recordWithoutCall(id, decision)
  }

  /** Rows whose process died during their call: failed, for the merchant to check the service's panel. */
  async sweepExpiredLeases(): Promise<TrackingOrderRow[]> {
    const swept = await this.attempts.sweepExpired(INTERRUPTED_REASON)
    for (const row of swept) {
      this.deps.logger.warn(`frete tracking: fulfillment ${row.fulfillment_id} failed: its attempt was interrupted during the call (lease expired); check the tracking service before resending`)
    }
    return swept
  }

  private log(row: TrackingOrderRow, failure?: unknown): void {
    // The row's reason is the merchant's (pt-BR); the error's own message (redacted) is for whoever reads the log.
    const cause = failure instanceof Error ? ` [${failure.message}]` : ""
    const outcome = row.status === "created" ? `created as ${row.remote_id}` : `${row.status} after attempt ${row.attempts}: ${row.last_error}${cause}`
    const log = row.status === "failed" ? this.deps.logger.warn : this.deps.logger.info
    log.call(this.deps.logger, `frete tracking: fulfillment ${row.fulfillment_id} ${outcome}`)
  }
}
