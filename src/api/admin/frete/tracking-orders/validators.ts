import { z } from "@medusajs/framework/zod"
import { isStorableText } from "../../../../lib/settings/schema"

/** A Medusa id as the admin sends it: text Postgres can compare (a NUL would make the query fail). */
export function isPossibleId(value: string): boolean {
  return value.length <= 200 && isStorableText(value)
}

/** `?order_id=`: one order's id, once. */
export const TrackingOrdersQuery = z.object({
  order_id: z
    .string({ error: "Informe o pedido: order_id." })
    .trim()
    .min(1, "Informe o pedido: order_id.")
    .refine(isPossibleId, "Pedido inválido: order_id."),
})
