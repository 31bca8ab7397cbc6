import { model } from "@medusajs/framework/utils"

// One row per shipping method of this plugin's options on a placed order, as the plugin priced it: the Frete page's
// orders by service are sums of these rows. Keyed by the shipping method, so an `order.placed` delivered again adds
// nothing. No personal data: ids, a service code, amounts.
export const OrderFreightRecord = model
  .define("frete_order_freight", {
    shipping_method_id: model.text().primaryKey(),
    order_id: model.text(),
    /** A service the store's settings name, else "other". */
    service: model.text(),
    amount_cents: model.number(),
    /** Business days promised; null when the quote did not say. */
    days: model.number().nullable(),
    is_fallback: model.boolean().default(false),
    /** The order's `created_at`: the hour or day it is counted in. */
    placed_at: model.dateTime(),
    /** A canceled order leaves the page's figures. */
    canceled: model.boolean().default(false),
  })
  .indexes([{ on: ["order_id"] }, { on: ["placed_at"] }])
