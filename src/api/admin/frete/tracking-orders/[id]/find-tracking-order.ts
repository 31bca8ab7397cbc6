import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_MODULE } from "../../../../../modules/frete"
import type FreteModuleService from "../../../../../modules/frete/service"
import type { TrackingOrderRow } from "../../../../../modules/frete/tracking-order-store"
import { presentTrackingOrder } from "../present"
import { isPossibleId } from "../validators"

export const REBUILD_FAILED_MESSAGE =
  "Não foi possível montar o pedido de rastreamento com os dados atuais do pedido (o pedido ou o envio não foi encontrado). Veja o log do servidor."

/** The row of `:id`, or undefined once a 404 is answered. */
export async function findTrackingOrder(req: MedusaRequest, res: MedusaResponse): Promise<TrackingOrderRow | undefined> {
  const frete = req.scope.resolve<FreteModuleService>(FRETE_MODULE)
  // An id no row can have is not looked up: Postgres refuses a NUL in a query.
  const row = isPossibleId(req.params.id) ? await frete.getTrackingOrder(req.params.id) : undefined
  if (!row) {
    res.status(404).json({ type: "not_found", message: "Pedido de rastreamento não encontrado." })
  }
  return row
}

/** 409 for a row that an attempt holds, or that changed since the merchant saw it. */
export function answerInProgress(res: MedusaResponse, row: TrackingOrderRow): void {
  res.status(409).json({
    type: "conflict",
    message: "Uma tentativa de envio deste pedido de rastreamento está em andamento ou acabou de terminar. Veja o resultado antes de reenviar.",
    tracking_order: presentTrackingOrder(row),
  })
}

/** 409 for a row already created: it is never sent twice. */
export function answerAlreadyCreated(res: MedusaResponse, row: TrackingOrderRow): void {
  res.status(409).json({ type: "conflict", message: "Este pedido de rastreamento já foi criado no serviço de rastreamento.", tracking_order: presentTrackingOrder(row) })
}
