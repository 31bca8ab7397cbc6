import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import type { FailedTrackingOrdersAnswer, TrackingOrdersAnswer } from "../../../../lib/admin-contract"
import { presentTrackingOrder } from "./present"
import type { TrackingOrdersListQuery } from "./validators"
import type { TrackingOrderRow } from "../../../../modules/frete/tracking-order-store"
import { freteOf, queryOf } from "../../../../bridge/medusa-bridge"

const byCreation = (a: TrackingOrderRow, b: TrackingOrderRow) =>
  new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id)

/** GET /admin/frete/tracking-orders?order_id=, or ?status=failed&limit=&offset= (latest failure first). */
export async function GET(req: MedusaRequest<unknown, TrackingOrdersListQuery>, res: MedusaResponse) {
  const asked = req.validatedQuery
  if (!("order_id" in asked)) {
    const { rows, count } = await freteOf(req.scope).trackingOrders.listFailed(asked)
    const tracking_orders = rows.map(presentTrackingOrder)
    return res.json({
      tracking_orders,
      count,
      limit: asked.limit,
      offset: asked.offset,
    } satisfies FailedTrackingOrdersAnswer)
  }
  // The order's rows through the read-only link of src/links/order-tracking-orders.ts, oldest first.
  const { data } = await queryOf(req.scope).graph({
    entity: "order",
    fields: ["id", "tracking_orders.*"],
    filters: { id: asked.order_id },
  })
  const rows = (data[0] as { tracking_orders?: TrackingOrderRow[] | null } | undefined)?.tracking_orders ?? []
  res.json({ tracking_orders: rows.sort(byCreation).map(presentTrackingOrder) } satisfies TrackingOrdersAnswer)
}
