import type { MedusaContainer } from "@medusajs/framework/types"
import { buildTrackingOrder, type BuiltTrackingOrder } from "../../lib/tracking/build-tracking-order"
import { maskTrackingPayload } from "../../lib/tracking/mask-payload"
import { FRETE_MODULE } from "../../modules/frete"
import type FreteModuleService from "../../modules/frete/service"
import type { TrackingOrderRow } from "../../modules/frete/tracking-order-store"
import { gatherShipmentFacts } from "./gather-shipment-facts"

/**
 * The tracking order of a row built from Medusa's data as it is now, for each attempt: the clear
 * order is never stored, and "Reenviar" sends what the merchant has fixed since (the phone, the
 * CPF), not the body built at shipment.
 */
export async function rebuildTrackingOrder(container: MedusaContainer, row: TrackingOrderRow): Promise<BuiltTrackingOrder> {
  const frete = container.resolve<FreteModuleService>(FRETE_MODULE)
  const facts = await gatherShipmentFacts(container, row.fulfillment_id, row.no_notification, frete.pluginOptions.units)
  return buildTrackingOrder(facts, await frete.getSettings())
}

export interface RetryPreview {
  /** What "Reenviar" would send, its personal fields masked. */
  payload: Record<string, unknown>
  omitted_fields: Array<{ field: string; reason: string }>
  /** Fields whose (masked) value differs from the body stored for the row, or that it lacked. */
  changed_fields: string[]
}

/** What a retry of `row` would send now, masked, beside what differs from the stored body. */
export async function previewRetry(container: MedusaContainer, row: TrackingOrderRow): Promise<RetryPreview> {
  const rebuilt = await rebuildTrackingOrder(container, row)
  const payload = maskTrackingPayload(rebuilt.order)
  const stored = row.payload ? maskTrackingPayload(row.payload) : {}
  const fields = new Set([...Object.keys(payload), ...Object.keys(stored)])
  const changed_fields = [...fields].filter((field) => JSON.stringify(payload[field]) !== JSON.stringify(stored[field]))
  return { payload, omitted_fields: rebuilt.omitted, changed_fields }
}
