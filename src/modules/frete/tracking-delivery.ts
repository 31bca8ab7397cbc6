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
import type { AttemptOutcome, ClaimedRow, TrackingOrderRow, TrackingOrderStore } from "./tracking-order-store"

/** Beyond the call's deadline, for the outcome's statement. Too short costs little: the row reads `failed` until the late outcome replaces it. */
export const LEASE_MARGIN_MS = 5_000

interface Dependencies {
  store: TrackingOrderStore
  /** Unused (the store holds every statement); service.ts still passes it. */
  knex?: unknown
  client: () => TrackingClient | null
  options: () => FreteOptions["tracking"]
  units: StoreUnits
  logger: Logger
}

/** The shipment's rows as the workflow read them (the module cannot resolve Medusa's Query), or why they could not be read. */
export type ShipmentReading = { rows: ShipmentRows } | { failure: unknown }

export class TrackingDelivery {
  constructor(private readonly deps: Dependencies) {}

  /** Built from the shipment as Medusa holds it now: "Reenviar" sends what the merchant fixed since; the clear order is never stored. */
  build(row: Pick<TrackingOrderRow, "no_notification">, settings: FreteSettings, rows: ShipmentRows): BuiltTrackingOrder {
    return buildTrackingOrder(shipmentFacts(rows, this.deps.units, row.no_notification), settings)
  }

  claim(id: string): Promise<ClaimedRow | null> {
    return this.deps.store.claim(id, this.leaseMs())
  }

  /** Build, hold, send, record; the row is read again only when the attempt lost it. */
  async attempt(claimed: ClaimedRow, reading: ShipmentReading, settings: FreteSettings): Promise<TrackingOrderRow | null> {
    const { retry } = this.deps.options()
    const { logger, store } = this.deps
    let built: BuiltTrackingOrder | undefined
    try {
      if ("failure" in reading) throw reading.failure
      built = this.build(claimed, settings, reading.rows)
      // Stored before the call: an order whose outcome could not be recorded is never sent.
      if (!(await this.deps.store.hold(claimed, built, this.leaseMs()))) return (await store.get(claimed.id)) ?? null
    } catch (error) {
      logger.warn(`frete tracking: could not build tracking order ${claimed.id}: ${error instanceof Error ? error.message : String(error)}`)
      built = undefined
    }
    const client = built && this.deps.client()
    let outcome: AttemptOutcome
    let failure: unknown
    if (!built) {
      outcome = decideAfterUnbuiltOrder(claimed.attempts + 1, claimed.age_ms, retry)
    } else if (!client) {
      outcome = decideAfterFailure(new TrackingNotConfiguredError(), 1, claimed.age_ms, retry)
    } else {
      try {
        outcome = { kind: "created", remoteId: (await client.createTrackingOrder(built.order)).id }
      } catch (error) {
        failure = error
        outcome = decideAfterFailure(error, claimed.attempts + 1, claimed.age_ms, retry)
      }
    }
    // The service's refusal may quote the shopper, whose name is known here.
    const names = failure === undefined ? [] : [built?.order.CustomerName]
    const recorded = await this.deps.store.record(claimed, outcome.kind === "created" ? outcome : { ...outcome, reason: maskPersonalText(outcome.reason, names) })
    if (!recorded) {
      logger.warn(`frete tracking: the outcome of an attempt on fulfillment ${claimed.fulfillment_id} came after a newer attempt; kept the newer one`)
      return (await store.get(claimed.id)) ?? null
    }
    // The row's reason is the merchant's; the error's own message (redacted, masked) is for the log.
    const cause = failure instanceof Error ? ` [${maskPersonalText(failure.message, names)}]` : ""
    const result = recorded.status === "created" ? `created as ${recorded.remote_id}` : `${recorded.status} after attempt ${recorded.attempts}: ${recorded.last_error}${cause}`
    const log = recorded.status === "failed" ? logger.warn : logger.info
    log.call(logger, `frete tracking: fulfillment ${recorded.fulfillment_id} ${result}`)
    return recorded
  }

  private leaseMs(): number {
    return this.deps.options().timeoutMs + LEASE_MARGIN_MS
  }

  async sweepExpiredLeases(): Promise<TrackingOrderRow[]> {
    const swept = await this.deps.store.sweepExpired(INTERRUPTED_REASON)
    for (const row of swept) {
      this.deps.logger.warn(`frete tracking: fulfillment ${row.fulfillment_id} failed: its attempt was interrupted during the call (lease expired); check the tracking service before resending`)
    }
    return swept
  }
}
