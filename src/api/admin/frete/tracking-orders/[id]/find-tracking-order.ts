import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { TrackingOrderRow } from "../../../../../modules/frete/tracking-order-store"
import { routeIdOrAnswer } from "../../../../lib/route-id"
import { presentTrackingOrder } from "../present"
import { freteOf } from "../../../../../bridge/medusa-bridge"

export const REBUILD_FAILED_MESSAGE =
  "Não foi possível montar o pedido de rastreamento com os dados atuais do pedido (o pedido ou o envio não foi encontrado). Veja o log do servidor."
export const IN_PROGRESS_MESSAGE = "Uma tentativa de envio deste pedido de rastreamento está em andamento ou acabou de terminar. Veja o resultado antes de reenviar."
export const ALREADY_CREATED_MESSAGE = "Este pedido de rastreamento já foi criado no serviço de rastreamento."
export const NOT_FOUND_MESSAGE = "Pedido de rastreamento não encontrado."

/** The row of `:id`, or undefined once a 400 or a 404 is answered. */
export async function findTrackingOrder(req: MedusaRequest, res: MedusaResponse): Promise<TrackingOrderRow | undefined> {
  const id = routeIdOrAnswer(req, res, "trackingOrder")
  if (id === undefined) return undefined
  const row = await freteOf(req.scope).trackingOrders.get(id)
  if (!row) res.status(404).json({ type: "not_found", message: NOT_FOUND_MESSAGE })
  return row
}

/** 409 for a row already created (never sent twice), or one an attempt holds. */
export function answerConflict(res: MedusaResponse, row: TrackingOrderRow, message: string): void {
  res.status(409).json({ type: "conflict", message, tracking_order: presentTrackingOrder(row) })
}
