import type { Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import type { FreteSettings } from "../../lib/settings/schema"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import type { TrackingClient } from "../../lib/tracking/client"
import { TrackingNotConfiguredError } from "../../lib/tracking/errors"
import { decideAfterFailure, decideAfterUnbuiltOrder, INTERRUPTED_REASON } from "../../lib/tracking/delivery-policy"
import { maskPersonalText } from "../../lib/security/mask-personal-text"
import { shipmentFacts, type StoreUnits } from "../../lib/tracking/shipment-facts"
import type { ShipmentRows } from "../../lib/tracking/shipment-rows"
import { TrackingAttempts, type ClaimedRow } from "./tracking-attempts"
import type { AttemptOutcome, TrackingOrderRow, TrackingOrderStore } from "./tracking-order-store"

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
  units: StoreUnits
  logger: Logger
}

/**
 * The shipment's rows as the workflow read them for a claimed attempt, or why they could not be
 * read (the fulfillment or its order is gone, Query failed): then the attempt is retried like a
 * request that never left.
 */
export type ShipmentReading = { rows: ShipmentRows } | { failure: unknown }

/**
 * One delivery attempt of a tracking order, walked forward by the workflow (see TrackingAttempts):
 * `claim` the row, the workflow reads the shipment's rows (the module cannot resolve Medusa's
 * Query), `attempt` builds, holds, calls and records with the rows it is handed. Each is read once.
 */
export class TrackingDelivery {
  private readonly attempts: TrackingAttempts

  constructor(private readonly deps: Dependencies) {
    this.attempts = new TrackingAttempts(deps.knex)
  }

  /**
   * A row's tracking order, built from its shipment's rows as Medusa holds them now: "Reenviar"
   * sends what the merchant has fixed since (the phone, the CPF), and the clear order is never stored.
   */
  build(row: Pick<TrackingOrderRow, "no_notification">, settings: FreteSettings, rows: ShipmentRows): BuiltTrackingOrder {
    return buildTrackingOrder(shipmentFacts(rows, this.deps.units, row.no_notification), settings)
  }

  /** The row, now `sending` for a new attempt, if it is pending, due and no other attempt has it; null otherwise. */
  claim(id: string): Promise<ClaimedRow | null> {
    return this.attempts.claim(id, this.leaseMs())
  }

  /**
   * The claimed attempt: its tracking order built once from the shipment's rows and stored masked,
   * sent in clear, the outcome recorded. The row as its outcome's statement returned it; read again
   * only when the attempt lost the row (nothing was sent, or a newer attempt recorded first).
   */
  async attempt(claimed: ClaimedRow, reading: ShipmentReading, settings: FreteSettings): Promise<TrackingOrderRow | null> {
    const attempt = await this.call(claimed, reading, settings)
    if (!attempt) {
      return (await this.deps.store.get(claimed.id)) ?? null
    }
    // The service's refusal may quote the shopper; the row's own shopper name is known here, and masked with the rest.
    const names = [attempt.shopperName]
    const outcome: AttemptOutcome = attempt.outcome.kind === "created" ? attempt.outcome : { ...attempt.outcome, reason: maskPersonalText(attempt.outcome.reason, names) }
    const recorded = await this.attempts.record(claimed, outcome)
    if (!recorded) {
      this.deps.logger.warn(`frete tracking: the outcome of an attempt on fulfillment ${claimed.fulfillment_id} came after a newer attempt; kept the newer one`)
      return (await this.deps.store.get(claimed.id)) ?? null
    }
    this.log(recorded, attempt.failure, names)
    return recorded
  }

  /** What came of the claimed attempt; undefined when it lost the row before its call (nothing was sent, nothing is to be recorded). */
  private async call(
    claimed: ClaimedRow,
    reading: ShipmentReading,
    settings: FreteSettings
  ): Promise<{ outcome: AttemptOutcome; failure?: unknown; shopperName?: string } | undefined> {
    const { retry } = this.deps.options()
    let built: BuiltTrackingOrder
    try {
      if ("failure" in reading) {
        throw reading.failure
      }
      built = this.build(claimed, settings, reading.rows)
      // Stored before the call: an order whose outcome could not be recorded is never sent.
      if (!(await this.attempts.hold(claimed, built, this.leaseMs()))) {
        return undefined
      }
    } catch (error) {
      this.deps.logger.warn(`frete tracking: could not build tracking order ${claimed.id}: ${error instanceof Error ? error.message : String(error)}`)
      // Nothing was sent: retried like a request that never left.
      return { outcome: decideAfterUnbuiltOrder(claimed.attempts + 1, claimed.age_ms, retry) }
    }
    const client = this.deps.client()
    if (!client) {
      // Nothing to send to: the row waits for the URL and the credential, asked again at the first delay.
      return { outcome: decideAfterFailure(new TrackingNotConfiguredError(), 1, claimed.age_ms, retry) }
    }
    const shopperName = built.order.CustomerName
    try {
      const result = await client.createTrackingOrder(built.order)
      return { outcome: { kind: "created", remoteId: result.id } }
    } catch (error) {
      return { outcome: decideAfterFailure(error, claimed.attempts + 1, claimed.age_ms, retry), failure: error, shopperName }
    }
  }

  /** The call's deadline and the margin for recording its outcome. */
  private leaseMs(): number {
    return this.deps.options().timeoutMs + LEASE_MARGIN_MS
  }

  /** Rows whose process died during their call: failed, for the merchant to check the service's panel. */
  async sweepExpiredLeases(): Promise<TrackingOrderRow[]> {
    const swept = await this.attempts.sweepExpired(INTERRUPTED_REASON)
    for (const row of swept) {
      this.deps.logger.warn(`frete tracking: fulfillment ${row.fulfillment_id} failed: its attempt was interrupted during the call (lease expired); check the tracking service before resending`)
    }
    return swept
  }

  private log(row: TrackingOrderRow, failure: unknown, names: ReadonlyArray<string | undefined>): void {
    // The row's reason is the merchant's (pt-BR); the error's own message (redacted, masked) is for whoever reads the log.
    const cause = failure instanceof Error ? ` [${maskPersonalText(failure.message, names)}]` : ""
    const outcome = row.status === "created" ? `created as ${row.remote_id}` : `${row.status} after attempt ${row.attempts}: ${row.last_error}${cause}`
    const log = row.status === "failed" ? this.deps.logger.warn : this.deps.logger.info
    log.call(this.deps.logger, `frete tracking: fulfillment ${row.fulfillment_id} ${outcome}`)
  }
}
