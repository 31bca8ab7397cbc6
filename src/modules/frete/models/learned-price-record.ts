import { model } from "@medusajs/framework/utils"

// What a service charged for a route and weight, from a real answer of the freight API (lib/learned/learned-prices.ts):
// CEP prefixes only, no shopper. Kept `learned_prices.retention_days`, and at most MAX_LEARNED_ROWS rows.
export const LearnedPriceRecord = model
  .define("frete_learned_price", {
    id: model.id({ prefix: "frlrn" }).primaryKey(),
    service: model.text(),
    service_name: model.text(),
    carrier: model.text().nullable(),
    origin_prefix: model.text(),
    destination_prefix: model.text(),
    destination_area: model.text(),
    destination_state: model.text(),
    weight_g: model.number(),
    /** The declared value in reais. */
    value: model.float(),
    /** Less the extra price, never a freed (free freight) quotation. */
    price_cents: model.number(),
    days: model.number().nullable(),
  })
  .indexes([
    { on: ["origin_prefix", "destination_area", "created_at"] },
    { on: ["origin_prefix", "destination_state", "created_at"] },
    { on: ["created_at"] },
  ])
