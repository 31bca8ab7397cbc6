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

/** Beyond the call's deadline, for the outcome's statement. Too short costs little: the row reads `failed` until the late outcome replaces it. */
export const LEASE_MARGIN_MS = 5_000

interface Dependencies {
  store: TrackingOrderStore
  knex: ConstructorParameters<typeof TrackingAttempts>[0]
  client: () => TrackingClient | null
  options: () => FreteOptions["tracking"]
  units: StoreUnits
  logger: Logger
}

/** The shipment's rows as the workflow read them (the module cannot resolve Medusa's Query), or why they could not be read. */
export type ShipmentReading = { rows: ShipmentRows } | { failure: unknown }

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

export class TrackingDelivery {
  private readonly attempts: TrackingAttempts

  constructor(private readonly deps: Dependencies) {
    this.attempts = new TrackingAttempts(deps.knex)
  }

  /** Built from the shipment as Medusa holds it now: "Reenviar" sends what the merchant fixed since; the clear order is never stored. */
  build(row: Pick<TrackingOrderRow, "no_notification">, settings: FreteSettings, rows: ShipmentRows): BuiltTrackingOrder {
    return buildTrackingOrder(shipmentFacts(rows, this.deps.units, row.no_notification), settings)
  }

  claim(id: string): Promise<ClaimedRow | null> {
    return this.attempts.claim(id, this.leaseMs())
  }

  /** Build, hold, send, record; the row is read again only when the attempt lost it. */
  async attempt(claimed: ClaimedRow, reading: ShipmentReading, settings: FreteSettings): Promise<TrackingOrderRow | null> {
    const attempt = await this.call(claimed, reading, settings)
    if (!attempt) return (await this.deps.store.get(claimed.id)) ?? null
    // The service's refusal may quote the shopper, whose name is known here.
    const names = [attempt.shopperName]
    const outcome: AttemptOutcome = attempt.outcome.kind === "created" ? attempt.outcome : { ...attempt.outcome, reason: maskPersonalText(attempt.outcome.reason, names) }
    const recorded = await this.attempts.record(claimed, outcome)
    if (!recorded) {
      this.deps.logger.warn(`frete tracking: the outcome of an attempt on fulfillment ${claimed.fulfillment_id} came after a newer attempt; kept the newer one`)
      return (await this.deps.store.get(claimed.id)) ?? null
    }
    // The row's reason is the merchant's; the error's own message (redacted, masked) is for the log.
    const cause = attempt.failure instanceof Error ? ` [${maskPersonalText(attempt.failure.message, names)}]` : ""
    const result = recorded.status === "created" ? `created as ${recorded.remote_id}` : `${recorded.status} after attempt ${recorded.attempts}: ${recorded.last_error}${cause}`
    const log = recorded.status === "failed" ? this.deps.logger.warn : this.deps.logger.info
    log.call(this.deps.logger, `frete tracking: fulfillment ${recorded.fulfillment_id} ${result}`)
    return recorded
  }

  /** Undefined when the attempt lost the row before its call: nothing was sent, nothing is to be recorded. */
  private async call(claimed: ClaimedRow, reading: ShipmentReading, settings: FreteSettings): Promise<{ outcome: AttemptOutcome; failure?: unknown; shopperName?: string } | undefined> {
    const { retry } = this.deps.options()
    let built: BuiltTrackingOrder
    try {
      if ("failure" in reading) throw reading.failure
      built = this.build(claimed, settings, reading.rows)
      // Stored before the call: an order whose outcome could not be recorded is never sent.
      if (!(await this.attempts.hold(claimed, built, this.leaseMs()))) return undefined
    } catch (error) {
      this.deps.logger.warn(`frete tracking: could not build tracking order ${claimed.id}: ${messageOf(error)}`)
      return { outcome: decideAfterUnbuiltOrder(claimed.attempts + 1, claimed.age_ms, retry) }
    }
    const client = this.deps.client()
    if (!client) return { outcome: decideAfterFailure(new TrackingNotConfiguredError(), 1, claimed.age_ms, retry) }
    try {
      const result = await client.createTrackingOrder(built.order)
      return { outcome: { kind: "created", remoteId: result.id } }
    } catch (error) {
      return { outcome: decideAfterFailure(error, claimed.attempts + 1, claimed.age_ms, retry), failure: error, shopperName: built.order.CustomerName }
    }
  }

  private leaseMs(): number {
    return this.deps.options().timeoutMs + LEASE_MARGIN_MS
  }

  async sweepExpiredLeases(): Promise<TrackingOrderRow[]> {
    const swept = await this.attempts.sweepExpired(INTERRUPTED_REASON)
    for (const row of swept) {
      this.deps.logger.warn(`frete tracking: fulfillment ${row.fulfillment_id} failed: its attempt was interrupted during the call (lease expired); check the tracking service before resending`)
    }
    return swept
  }
}
