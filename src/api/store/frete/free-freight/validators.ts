// The plugin's own zod 4, as the quote route's: `@medusajs/framework/zod` is zod 3 before Medusa
// 2.14, where the `error` option (these Portuguese messages) does not exist.
import { z } from "zod"
import { MAX_ROUTE_ID_LENGTH } from "../../../lib/route-id"

/**
 * A cart's id as Medusa gives it (`cart_01J…`): anything else (another model's id, a NUL, a huge
 * text) is refused before any lookup, so it is a 400 that says so rather than a vague 404.
 */
const CART_ID = /^cart_[A-Za-z0-9_-]+$/

export const INVALID_CART_ID = "Id de carrinho inválido: use o id do carrinho (cart_…)."

/** `?cart_id=cart_…&postal_code=…`; `postal_code` optional (the cart's shipping address has one). */
export const StoreFreteFreeFreightQuery = z.object(
  {
    cart_id: z
      .string({ error: "informe um cart_id" })
      .max(MAX_ROUTE_ID_LENGTH, INVALID_CART_ID)
      .regex(CART_ID, INVALID_CART_ID),
    // Checked as a CEP by the route, which answers `invalid_cep` as the quote route does.
    postal_code: z.string({ error: "informe o CEP uma vez, como texto" }).max(20, "CEP inválido").optional(),
  },
  { error: "consulta inválida" }
)

export type StoreFreteFreeFreightQuery = z.infer<typeof StoreFreteFreeFreightQuery>
