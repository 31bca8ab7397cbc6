import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { maskPersonalText } from "../../../../lib/security/mask-personal-text"
import { maskTrackingPayload } from "../../../../lib/tracking/mask-payload"
import type { TrackingOrderRow } from "../../../../modules/frete/tracking-order-store"
import { routeIdOrAnswer } from "../../../lib/route-id"
import { freteOf } from "../../../../bridge/medusa-bridge"

export const REBUILD_FAILED_MESSAGE =
  "Não foi possível montar o pedido de rastreamento com os dados atuais do pedido (o pedido ou o envio não foi encontrado). Veja o log do servidor."
export const IN_PROGRESS_MESSAGE =
  "Uma tentativa de envio deste pedido de rastreamento está em andamento ou acabou de terminar. Veja o resultado antes de reenviar."
export const ALREADY_CREATED_MESSAGE = "Este pedido de rastreamento já foi criado no serviço de rastreamento."
export const NOT_FOUND_MESSAGE = "Pedido de rastreamento não encontrado."
export const MAYBE_CREATED_MESSAGE =
  "Não reenviado: o serviço de rastreamento pode já ter criado este pedido (a última tentativa terminou " +
  "sem resposta legível depois do envio), e um segundo envio avisaria o cliente duas vezes. Confira no " +
  "painel do serviço; se o pedido não estiver lá, reenvie-o confirmando (resend_maybe_created)."

/** The columns shown as stored; never the attempt's lease. */
const SHOWN = [
  "id",
  "fulfillment_id",
  "order_id",
  "status",
  "remote_id",
  "attempts",
  "next_attempt_at",
  "no_notification",
  "delivered_at",
  "failed_at",
  "maybe_created",
  "created_at",
  "updated_at",
] as const

/** `last_error` is written masked, but a row from an older version may quote the service's message in clear. */
export function presentTrackingOrder(row: TrackingOrderRow) {
  return {
    ...(Object.fromEntries(SHOWN.map((column) => [column, row[column]])) as Pick<
      TrackingOrderRow,
      (typeof SHOWN)[number]
    >),
    last_error: row.last_error === null ? null : maskPersonalText(row.last_error),
    omitted_fields: row.omitted_fields ?? [],
    payload: row.payload ? maskTrackingPayload(row.payload) : null,
  }
}

/** The row of `:id`, or undefined once a 400 or a 404 is answered. */
export async function findTrackingOrder(
  req: MedusaRequest,
  res: MedusaResponse
): Promise<TrackingOrderRow | undefined> {
  const id = routeIdOrAnswer(req, res, "trackingOrder")
  if (id === undefined) return undefined
  const row = await freteOf(req.scope).trackingOrders.get(id)
  if (!row) res.status(404).json({ type: "not_found", message: NOT_FOUND_MESSAGE })
  return row
}

/** 409 for a row already created (never sent twice), one an attempt holds, or one the service may have created. */
export function answerConflict(res: MedusaResponse, row: TrackingOrderRow, message: string): void {
  res.status(409).json({ type: "conflict", message, tracking_order: presentTrackingOrder(row) })
}
