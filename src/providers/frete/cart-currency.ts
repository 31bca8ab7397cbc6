import type { CartContext } from "./cart-context"

/**
 * Medusa 2.19 and later put the cart's `currency_code` in `calculatePrice`'s context; 2.14 to 2.18 do
 * not, so there it is read by the cart's id. Any other context (with one, or an order flow's) is returned as is.
 */
export async function withCartCurrency(context: CartContext, read: (cartId: string) => Promise<string | null>): Promise<CartContext> {
  if (context.currency_code || typeof context.id !== "string" || !context.id.startsWith("cart_")) return context
  const currency = await read(context.id)
  return currency ? { ...context, currency_code: currency } : context
}
