import { model } from "@medusajs/framework/utils"

// The Frete page's figures: sums per hour, metric and key, added to by every instance. Nothing personal.
export const StatRecord = model.define("frete_stat", {
  /** The hour, counted from the epoch. */
  hour: model.number().primaryKey(),
  metric: model.text().primaryKey(),
  key: model.text().primaryKey(),
  count: model.number().default(0),
  total: model.float().default(0),
})
