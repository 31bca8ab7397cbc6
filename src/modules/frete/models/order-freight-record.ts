import { model } from "@medusajs/framework/utils"

// One row per shipping method of this plugin's options on a placed order: the Frete page's orders by service. Keyed by
// the method, so an `order.placed` delivered again adds nothing. No personal data.
export const OrderFreightRecord = model
  .define("frete_order_freight", {
    shipping_method_id: model.text().primaryKey(),
    order_id: model.text(),
    service: model.text(),
    amount_cents: model.number(),
    /** Business days promised; null when the quote did not say. */
    days: model.number().nullable(),
    is_fallback: model.boolean().default(false),
    /** The order's `created_at`: the hour or day it is counted in. */
    placed_at: model.dateTime(),
    canceled: model.boolean().default(false),
  })
  .indexes([{ on: ["order_id"] }, { on: ["placed_at"] }])
