import type { CartContext } from "./cart-context"

/** Reads a cart's currency; null when there is no such cart. */
export type CartCurrencyReader = (cartId: string) => Promise<string | null>

/**
 * A cart's context with its currency. Medusa 2.19 and later put the cart's `currency_code` in the
 * context it gives `calculatePrice`; 2.14 to 2.18 do not (their `calculateShippingOptionsPricesWorkflow`
 * reads the cart without it), so there the currency is read from the cart by its id (`read`: the
 * provider's `medusaLookups(query, cache).cartCurrency`, which keeps the items' handling metadata of the same call). A context
 * that has one, or that is not a cart's (an order flow's: see order-flow-context.ts), is returned as is.
 */
export async function withCartCurrency(context: CartContext, read: CartCurrencyReader): Promise<CartContext> {
  if (context.currency_code || typeof context.id !== "string" || !context.id.startsWith("cart_")) {
    return context
  }
  const currency = await read(context.id)
  return currency ? { ...context, currency_code: currency } : context
}
