import { container } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Query } from "../../shared/query"
import type { CartContext } from "./cart-context"

/** Reads a cart's currency; null when there is no such cart. */
export type CartCurrencyReader = (cartId: string) => Promise<string | null>

/**
 * Medusa's Query, from the application's container (the provider's own, the fulfillment module's,
 * cannot resolve it), as in medusa-lookups.ts.
 */
const readWithQuery: CartCurrencyReader = async (cartId) => {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "cart", fields: ["id", "currency_code"], filters: { id: cartId } })
  const row = data[0] as { currency_code?: unknown } | undefined
  return typeof row?.currency_code === "string" ? row.currency_code : null
}

/**
 * A cart's context with its currency. Medusa 2.19 and later put the cart's `currency_code` in the
 * context it gives `calculatePrice`; 2.14 to 2.18 do not (their `calculateShippingOptionsPricesWorkflow`
 * reads the cart without it), so there the currency is read from the cart by its id. A context
 * that has one, or that is not a cart's (an order flow's: see order-flow-context.ts), is returned as is.
 */
export async function withCartCurrency(context: CartContext, read: CartCurrencyReader = readWithQuery): Promise<CartContext> {
  if (context.currency_code || typeof context.id !== "string" || !context.id.startsWith("cart_")) {
    return context
  }
  const currency = await read(context.id)
  return currency ? { ...context, currency_code: currency } : context
}
