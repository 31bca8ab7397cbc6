import type { Logger } from "@medusajs/framework/types"
import type { FreteOptions } from "../../../medusa-plugin.config"
import type { FreteSettings } from "../../lib/settings/schema"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import type { TrackingClient } from "../../lib/tracking/client"
import { TrackingNotConfiguredError } from "../../lib/tracking/errors"
import { decideAfterFailure, decideAfterUnbuiltOrder, INTERRUPTED_REASON } from "../../lib/tracking/delivery-policy"
import { maskPersonalText } from "../../lib/security/mask-personal-text"
import { shipmentFacts, type StoreUnits } from "../../lib/tracking/shipment-facts"
import type { ReadShipmentRows } from "../../lib/tracking/shipment-rows"
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

/** One delivery attempt of a tracking order, claimed, built, called and recorded (see TrackingAttempts). */
export class TrackingDelivery {
  private readonly attempts: TrackingAttempts

  constructor(private readonly deps: Dependencies) {
    this.attempts = new TrackingAttempts(deps.knex)
  }

  /**
   * A row's tracking order, built from its shipment as Medusa holds it now: "Reenviar" sends what
   * the merchant has fixed since (the phone, the CPF), and the clear order is never stored.
   */
  async build(row: Pick<TrackingOrderRow, "fulfillment_id" | "no_notification">, settings: FreteSettings, readRows: ReadShipmentRows): Promise<BuiltTrackingOrder> {
    return buildTrackingOrder(shipmentFacts(await readRows(row.fulfillment_id), this.deps.units, row.no_notification), settings)
  }

  /**
   * One attempt, if the row is pending, due, and no other attempt has it: claimed, its tracking
   * order built once and stored masked, sent in clear, the outcome recorded. Null when there was
   * nothing to do.
   */
  async deliver(id: string, settings: FreteSettings, readRows: ReadShipmentRows): Promise<TrackingOrderRow | null> {
    const claimed = await this.attempts.claim(id, this.leaseMs())
    if (!claimed) {
      return null
    }
    const attempt = await this.attempt(claimed, settings, readRows)
    if (!attempt) {
      return (await this.deps.store.get(id)) ?? null
    }
    // The service's refusal may quote the shopper; the row's own shopper name is known here, and masked with the rest.
    const names = [attempt.shopperName]
    const outcome: AttemptOutcome = attempt.outcome.kind === "created" ? attempt.outcome : { ...attempt.outcome, reason: maskPersonalText(attempt.outcome.reason, names) }
    const recorded = await this.attempts.record(claimed, outcome)
    if (!recorded) {
      this.deps.logger.warn(`frete tracking: the outcome of an attempt on fulfillment ${claimed.fulfillment_id} came after a newer attempt; kept the newer one`)
      return (await this.deps.store.get(id)) ?? null
    }
    this.log(recorded, attempt.failure, names)
    return recorded
  }

  /** What came of the claimed attempt; undefined when it lost the row before its call (nothing was sent, nothing is to be recorded). */
  private async attempt(
    claimed: ClaimedRow,
    settings: FreteSettings,
    readRows: ReadShipmentRows
  ): Promise<{ outcome: AttemptOutcome; failure?: unknown; shopperName?: string } | undefined> {
    const { retry } = this.deps.options()
    let built: BuiltTrackingOrder
    try {
      built = await this.build(claimed, settings, readRows)
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
