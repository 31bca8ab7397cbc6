import { maskPersonalText } from "../../../../lib/security/mask-personal-text"
import { maskTrackingPayload } from "../../../../lib/tracking/mask-payload"
import type { TrackingOrderRow } from "../../../../modules/frete/tracking-order-store"

/** `last_error` is written masked, but a row from an older version may quote the service's message in clear. */
export function presentTrackingOrder(row: TrackingOrderRow) {
  return {
    id: row.id,
    fulfillment_id: row.fulfillment_id,
    order_id: row.order_id,
    status: row.status,
    remote_id: row.remote_id,
    attempts: row.attempts,
    next_attempt_at: row.next_attempt_at,
    last_error: row.last_error === null ? null : maskPersonalText(row.last_error),
    omitted_fields: row.omitted_fields ?? [],
    no_notification: row.no_notification,
    delivered_at: row.delivered_at,
    failed_at: row.failed_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    payload: row.payload ? maskTrackingPayload(row.payload) : null,
  }
}
