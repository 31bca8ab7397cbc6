import { model } from "@medusajs/framework/utils"

// The quota guard's count: units granted per key (a shopper's hash, or `store`) and minute, one row each.
export const QuoteBudgetRecord = model.define("frete_quote_budget", {
  key: model.text().primaryKey(),
  /** The minute, counted from the epoch. */
  window_start: model.number().primaryKey(),
  granted: model.number(),
  /** What the last grant added (read back by that grant's statement). */
  last_grant: model.number(),
})
