import { model } from "@medusajs/framework/utils"

/** Also the table's CHECK constraint (its migration is tested against it). */
export const TRACKING_ORDER_STATUSES = ["pending", "sending", "created", "failed"] as const

export type TrackingOrderStatus = (typeof TRACKING_ORDER_STATUSES)[number]

// Written when the fulfillment is shipped, before any call: no shipment is lost. `sending`: one attempt (`attempt_id`)
// holds it until `lease_until`.
export const TrackingOrderRecord = model
  .define("tracking_order", {
    id: model.id({ prefix: "frtrk" }).primaryKey(),
    fulfillment_id: model.text(),
    order_id: model.text().nullable(),
    status: model.enum([...TRACKING_ORDER_STATUSES]).default("pending"),
    remote_id: model.text().nullable(),
    /** Only ever masked (built again for each call); null until built, and once purged. */
    payload: model.json().nullable(),
    omitted_fields: model.json().nullable(),
    no_notification: model.boolean().default(false),
    attempts: model.number().default(0),
    next_attempt_at: model.dateTime().nullable(),
    last_error: model.text().nullable(),
    attempt_id: model.text().nullable(),
    lease_until: model.dateTime().nullable(),
    delivered_at: model.dateTime().nullable(),
    /** Its own column: `updated_at` moves with any later change (the purge). */
    failed_at: model.dateTime().nullable(),
    /** Failed after a call the service may have acted on: resent only when the merchant names it. */
    maybe_created: model.boolean().default(false),
  })
  .indexes([
    // Over every row, deleted or not: one tracking order per fulfillment, ever.
    { on: ["fulfillment_id"], unique: true, where: null },
    { on: ["order_id"] },
    { on: ["status", "next_attempt_at"] },
    { on: ["status", "lease_until"] },
    { on: ["status", "updated_at"] },
    { on: ["status", "failed_at"] },
  ])
