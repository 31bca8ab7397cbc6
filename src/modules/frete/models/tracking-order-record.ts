import { model } from "@medusajs/framework/utils"

/**
 * A tracking order's statuses, the one list: the model's enum, the row's and the admin's type
 * (TrackingOrderStatus), and the table's CHECK constraint (its migration is tested against it).
 */
export const TRACKING_ORDER_STATUSES = ["pending", "sending", "created", "failed"] as const

export type TrackingOrderStatus = (typeof TRACKING_ORDER_STATUSES)[number]

/**
 * One tracking order per fulfillment (unique): written when the fulfillment is shipped, before any
 * call, so that no shipment is lost; `pending` until the tracking API confirms (`created`, with its
 * `remote_id`) or retrying cannot help (`failed`, with `last_error`). `sending` while one attempt's
 * call is under way: claimed with `attempt_id` until `lease_until`.
 */
export const TrackingOrderRecord = model
  .define("tracking_order", {
    id: model.id({ prefix: "frtrk" }).primaryKey(),
    fulfillment_id: model.text(),
    order_id: model.text().nullable(),
    status: model.enum([...TRACKING_ORDER_STATUSES]).default("pending"),
    remote_id: model.text().nullable(),
    /**
     * The tracking order last built or sent, only ever masked (name, CPF, birth date, phone,
     * e-mail, street, number, complement): the clear one is built again for each call. Null
     * until built, and again once purged (`tracking.payload_retention_days` after it ended).
     */
    payload: model.json().nullable(),
    /** Fields left out of the payload because their value was invalid, with the reason. */
    omitted_fields: model.json().nullable(),
    no_notification: model.boolean().default(false),
    attempts: model.number().default(0),
    next_attempt_at: model.dateTime().nullable(),
    last_error: model.text().nullable(),
    /** The attempt that claimed the row last: only it may record the call's outcome. */
    attempt_id: model.text().nullable(),
    /** Until when the claiming attempt's call may run; a `sending` row past it lost its process. */
    lease_until: model.dateTime().nullable(),
    delivered_at: model.dateTime().nullable(),
    /**
     * When the row ended `failed` (null otherwise): the admin's list of failures and the resend by
     * period read it. Its own column, since `updated_at` moves with any later change (the purge).
     */
    failed_at: model.dateTime().nullable(),
  })
  .indexes([
    { on: ["fulfillment_id"], unique: true },
    { on: ["order_id"] },
    { on: ["status", "next_attempt_at"] },
    { on: ["status", "lease_until"] },
    { on: ["status", "updated_at"] },
    { on: ["status", "failed_at"] },
  ])
