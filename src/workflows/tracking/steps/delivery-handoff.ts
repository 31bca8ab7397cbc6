import type { FreteSettings } from "../../../lib/settings/schema"
import type { FulfillmentRow } from "../../../lib/tracking/shipment-rows"
import type { TrackingOrderRow } from "../../../modules/frete/tracking-order-store"

/**
 * What a delivery's caller and its step hand each other in this process, beside the workflow: the
 * workflow's input and its step's output are written to its stored execution, and neither the
 * shipment's rows nor the recorded row (its masked payload, its reason) belong there. The caller
 * gives what it already read (the fulfillment, the settings), the step gives back the row as its
 * outcome was recorded. When the step runs elsewhere (a workflow engine that resumes it in another
 * process), it finds no handoff: it reads what it needs, and its caller reads the row.
 */
export interface DeliveryHandoff {
  fulfillment?: FulfillmentRow
  settings?: FreteSettings
  recorded?: TrackingOrderRow | null
}

const handoffs = new Map<string, DeliveryHandoff>()
let sequence = 0

/** Opens a handoff for one run; its key goes in the workflow's input (a counter: no data). */
export function openHandoff(given: DeliveryHandoff): { key: string; handoff: DeliveryHandoff; close: () => void } {
  const key = `${process.pid}-${++sequence}`
  const handoff = { ...given }
  handoffs.set(key, handoff)
  return { key, handoff, close: () => handoffs.delete(key) }
}

/** The run's handoff, if its caller opened one in this process. */
export function handoffOf(key: string | undefined): DeliveryHandoff | undefined {
  return key ? handoffs.get(key) : undefined
}
