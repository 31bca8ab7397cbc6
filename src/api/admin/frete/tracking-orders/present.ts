import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { maskPersonalText } from "../../../../lib/security/mask-personal-text"
import { maskTrackingPayload } from "../../../../lib/tracking/mask-payload"
import type { TrackingOrderRow } from "../../../../modules/frete/tracking-order-store"
import { routeIdOrAnswer } from "../../../lib/route-id"
import { freteOf } from "../../../../bridge/medusa-bridge"

export const MAYBE_CREATED_MESSAGE =
  "Não reenviado: o serviço de rastreamento pode já ter criado este pedido (a última tentativa terminou " +
  "sem resposta legível depois do envio), e um segundo envio avisaria o cliente duas vezes. Confira no " +
  "painel do serviço; se o pedido não estiver lá, reenvie-o confirmando (resend_maybe_created)."
export const NOT_FOUND_MESSAGE = "Pedido de rastreamento não encontrado."

/** Why a resend sent nothing, by its outcome. */
export const RESEND_MESSAGES = {
  already_created: "Este pedido de rastreamento já foi criado no serviço de rastreamento.",
  in_progress:
    "Uma tentativa de envio deste pedido de rastreamento está em andamento ou acabou de terminar. Veja o resultado antes de reenviar.",
  maybe_created: MAYBE_CREATED_MESSAGE,
  unreadable:
    "Não foi possível montar o pedido de rastreamento com os dados atuais do pedido (o pedido ou o envio não foi encontrado). Veja o log do servidor.",
  queued: "Agendado: será enviado na próxima execução da tarefa de envio (em até um minuto).",
}

/** Never the attempt's lease. `last_error` is written masked, but an older version's may quote the service in clear. */
export function presentTrackingOrder(row: TrackingOrderRow) {
  const { attempt_id: _attempt, lease_until: _lease, deleted_at: _deleted, ...shown } = row
  return {
    ...shown,
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
