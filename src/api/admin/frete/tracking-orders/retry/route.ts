import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { bulkhead } from "cockatiel"
import type { BulkResendAnswer } from "../../../../../lib/admin-contract"
import { resendTrackingOrder } from "../../../../../workflows/tracking/deliver-tracking-order"
import { NOT_FOUND_MESSAGE, presentTrackingOrder, RESEND_MESSAGES } from "../present"
import { BULK_RESEND_MAX, type BulkResendRequest } from "../validators"
import { freteOf } from "../../../../../bridge/medusa-bridge"

/** No more than the tracking client's default sockets, so none waits for one. */
const CONCURRENCY = 4
/** After this, rows are only made due (the job sends them): a hanging service would hold the request 100 deadlines. */
const SEND_BUDGET_MS = 20_000

// POST /admin/frete/tracking-orders/retry: "Reenviar" for many rows, each as the single one does. A row the service
// may already have created is sent only when named in `resend_maybe_created` too; otherwise it is `maybe_created`.
export async function POST(req: MedusaRequest<BulkResendRequest>, res: MedusaResponse) {
  const frete = freteOf(req.scope)
  const request = req.validatedBody
  const confirmed = new Set("ids" in request ? (request.resend_maybe_created ?? []) : [])
  // The safe rows first: those the service may have created cannot crowd them out of the 100.
  const period = { limit: BULK_RESEND_MAX, offset: 0, oldestFirst: true, safeFirst: true }
  const byId = async (id: string) => (await frete.trackingOrders.get(id)) ?? id
  const { rows, count } =
    "ids" in request
      ? { rows: await Promise.all(request.ids.map(byId)), count: request.ids.length }
      : await frete.trackingOrders.listFailed({ ...period, since: request.failed_since, until: request.failed_until })
  const startedAt = Date.now()
  const pool = bulkhead(CONCURRENCY, rows.length)
  const results = await Promise.all(
    rows.map((row) =>
      pool.execute(async (): Promise<BulkResendAnswer["results"][number]> => {
        if (typeof row === "string") return { id: row, outcome: "not_found", message: NOT_FOUND_MESSAGE }
        const sendNow = Date.now() - startedAt < SEND_BUDGET_MS
        const maybeCreatedConfirmed = confirmed.has(row.id)
        const outcome = await resendTrackingOrder(req.scope, row, { sendNow, maybeCreatedConfirmed })
        return {
          id: row.id,
          outcome: outcome.kind === "sent" ? outcome.row.status : outcome.kind,
          message: outcome.kind === "sent" ? outcome.row.last_error : RESEND_MESSAGES[outcome.kind],
          tracking_order: presentTrackingOrder(outcome.row),
        }
      })
    )
  )
  res.json({ results, remaining: Math.max(0, count - rows.length) } satisfies BulkResendAnswer)
}
