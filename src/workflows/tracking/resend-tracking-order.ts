import type { MedusaContainer } from "@medusajs/framework/types"
import type { BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { deliverTrackingOrder } from "./deliver-tracking-order"
import { rebuildTrackingOrder } from "./rebuild-tracking-order"
import { freteOf, loggerOf } from "../../bridge/medusa-bridge"

/**
 * What came of "Reenviar" for one row:
 * - `sent`: rebuilt, made due and given an attempt now (`row` after it: created, pending or failed);
 * - `queued`: rebuilt and made due now; the job's next run sends it;
 * - `already_created`: never sent twice;
 * - `in_progress`: an attempt holds it (`sending`), or it changed since it was read: sending now
 *   could send it twice;
 * - `unreadable`: the order's current data could not be read to rebuild it.
 */
export type ResendOutcome = { kind: "sent" | "queued" | "already_created" | "in_progress" | "unreadable"; row: TrackingOrderRow }

/**
 * Sends a `failed` or `pending` row again, rebuilt from the order's current data (the merchant may
 * have fixed the shopper's phone or CPF since the shipment). `sendNow` false leaves the attempt to
 * the job (a bulk resend past its time budget).
 */
export async function resendTrackingOrder(container: MedusaContainer, row: TrackingOrderRow, sendNow = true): Promise<ResendOutcome> {
  if (row.status === "created") {
    return { kind: "already_created", row }
  }
  if (row.status === "sending") {
    return { kind: "in_progress", row }
  }
  const frete = freteOf(container)
  let rebuilt: BuiltTrackingOrder
  try {
    rebuilt = await rebuildTrackingOrder(container, row)
  } catch (error) {
    loggerOf(container).warn(`frete tracking: could not rebuild tracking order ${row.id}: ${error instanceof Error ? error.message : String(error)}`)
    return { kind: "unreadable", row }
  }
  const requeued = await frete.requeueTrackingOrder(row.id, row.status, rebuilt)
  if (!requeued) {
    return { kind: "in_progress", row: (await frete.getTrackingOrder(row.id)) ?? row }
  }
  if (!sendNow) {
    return { kind: "queued", row: requeued }
  }
  // The row as the attempt recorded it; null when another attempt (the job) claimed it first: then read as it is now.
  const sent = (await deliverTrackingOrder(container, requeued.id)) ?? (await frete.getTrackingOrder(row.id))
  return { kind: "sent", row: sent ?? requeued }
}
