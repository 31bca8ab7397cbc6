import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { TrackingOrderRow, TrackingOrderStatus } from "../../../../../modules/frete/tracking-order-store"
import { routeIdOrAnswer } from "../../../../lib/route-id"
import { presentTrackingOrder } from "../present"
import { freteOf, loggerOf } from "../../../../../bridge/medusa-bridge"

export const REBUILD_FAILED_MESSAGE =
  "Não foi possível montar o pedido de rastreamento com os dados atuais do pedido (o pedido ou o envio não foi encontrado). Veja o log do servidor."

/** The row of `:id`, or undefined once a 400 (not a tracking order's id) or a 404 is answered. */
export async function findTrackingOrder(req: MedusaRequest, res: MedusaResponse): Promise<TrackingOrderRow | undefined> {
  // An id no row can have is not looked up: Postgres refuses a NUL in a query.
  const id = routeIdOrAnswer(req, res, "trackingOrder")
  if (id === undefined) {
    return undefined
  }
  const row = await freteOf(req.scope).getTrackingOrder(id)
  if (!row) {
    res.status(404).json({ type: "not_found", message: "Pedido de rastreamento não encontrado." })
  }
  return row
}

/** A row not created yet: "Reenviar" may rebuild it. */
type RebuildableRow = TrackingOrderRow & { status: Exclude<TrackingOrderStatus, "created"> }

/** The row of `:id` that "Reenviar" may rebuild, or undefined once a 404 or a 409 (already created) is answered. */
export async function findRebuildableTrackingOrder(req: MedusaRequest, res: MedusaResponse): Promise<RebuildableRow | undefined> {
  const row = await findTrackingOrder(req, res)
  if (row?.status === "created") {
    answerAlreadyCreated(res, row)
    return undefined
  }
  return row as RebuildableRow | undefined
}

/** What `rebuild` gives, or undefined once a 422 is answered: the order's data could not be read. */
export async function rebuiltOrAnswer<T>(req: MedusaRequest, res: MedusaResponse, row: TrackingOrderRow, rebuild: () => Promise<T>): Promise<T | undefined> {
  try {
    return await rebuild()
  } catch (error) {
    loggerOf(req.scope).warn(`frete tracking: could not rebuild tracking order ${row.id}: ${error instanceof Error ? error.message : String(error)}`)
    res.status(422).json({ type: "unexpected_state", message: REBUILD_FAILED_MESSAGE })
    return undefined
  }
}

export const IN_PROGRESS_MESSAGE = "Uma tentativa de envio deste pedido de rastreamento está em andamento ou acabou de terminar. Veja o resultado antes de reenviar."
export const ALREADY_CREATED_MESSAGE = "Este pedido de rastreamento já foi criado no serviço de rastreamento."

/** 409 for a row that an attempt holds, or that changed since the merchant saw it. */
export function answerInProgress(res: MedusaResponse, row: TrackingOrderRow): void {
  res.status(409).json({ type: "conflict", message: IN_PROGRESS_MESSAGE, tracking_order: presentTrackingOrder(row) })
}

/** 409 for a row already created: it is never sent twice. */
export function answerAlreadyCreated(res: MedusaResponse, row: TrackingOrderRow): void {
  res.status(409).json({ type: "conflict", message: ALREADY_CREATED_MESSAGE, tracking_order: presentTrackingOrder(row) })
}
