import type { MedusaContainer } from "@medusajs/framework/types"
import type { FreteSettings } from "../../lib/settings/schema"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { maskTrackingPayload } from "../../lib/tracking/mask-payload"
import { shipmentFacts } from "../../lib/tracking/shipment-facts"
import type { FulfillmentRow } from "../../lib/tracking/shipment-rows"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { readShipmentRows } from "./read-shipment-rows"
import { freteOf, queryOf } from "../../bridge/medusa-bridge"

/** From Medusa's data as it is now: "Reenviar" sends what the merchant has fixed since (the phone, the CPF). `known`: already read. */
export async function rebuildTrackingOrder(
  container: MedusaContainer,
  row: Pick<TrackingOrderRow, "fulfillment_id" | "no_notification">,
  known: { fulfillment?: FulfillmentRow; settings?: FreteSettings } = {}
): Promise<BuiltTrackingOrder> {
  const frete = freteOf(container)
  const rows = await readShipmentRows(queryOf(container), row.fulfillment_id, known.fulfillment)
  return buildTrackingOrder(shipmentFacts(rows, frete.pluginOptions.units, row.no_notification), known.settings ?? (await frete.getSettings()))
}

export interface RetryPreview {
  /** Masked. */
  payload: Record<string, unknown>
  omitted_fields: Array<{ field: string; reason: string }>
  /** Fields whose masked value differs from the stored body's, or that it lacked. */
  changed_fields: string[]
}

export async function previewRetry(container: MedusaContainer, row: TrackingOrderRow): Promise<RetryPreview> {
  const rebuilt = await rebuildTrackingOrder(container, row)
  const payload = maskTrackingPayload(rebuilt.order)
  const stored = row.payload ? maskTrackingPayload(row.payload) : {}
  const fields = new Set([...Object.keys(payload), ...Object.keys(stored)])
  const changed_fields = [...fields].filter((field) => JSON.stringify(payload[field]) !== JSON.stringify(stored[field]))
  return { payload, omitted_fields: rebuilt.omitted, changed_fields }
}
