import type { MedusaContainer } from "@medusajs/framework/types"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { deliverTrackingOrder, rebuildOrWarn } from "./deliver-tracking-order"
import { freteOf } from "../../bridge/medusa-bridge"

/** `in_progress`: an attempt holds the row, or it changed since it was read (sending now could send it twice). */
export type ResendOutcome = { kind: "sent" | "queued" | "already_created" | "in_progress" | "unreadable"; row: TrackingOrderRow }

/** Rebuilt from the order's current data and made due; `sendNow` false leaves the attempt to the job (`queued`). */
export async function resendTrackingOrder(container: MedusaContainer, row: TrackingOrderRow, sendNow = true): Promise<ResendOutcome> {
  if (row.status === "created") return { kind: "already_created", row }
  if (row.status === "sending") return { kind: "in_progress", row }
  const frete = freteOf(container)
  const rebuilt = await rebuildOrWarn(container, row)
  if (!rebuilt) return { kind: "unreadable", row }
  const requeued = await frete.trackingOrders.requeue(row.id, row.status, rebuilt)
  if (!requeued) return { kind: "in_progress", row: (await frete.trackingOrders.get(row.id)) ?? row }
  if (!sendNow) return { kind: "queued", row: requeued }
  // deliverTrackingOrder gives null when another attempt (the job) claimed the row first.
  return { kind: "sent", row: (await deliverTrackingOrder(container, requeued.id)) ?? (await frete.trackingOrders.get(row.id)) ?? requeued }
}
