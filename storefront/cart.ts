import { normalizeCep } from "./cep"

/**
 * What the kit reads of a Medusa cart (`HttpTypes.StoreCart` fits): enough to know which cart it
 * prices and when that cart changed.
 */
export interface FreteCart {
  id: string
  items?: ReadonlyArray<{
    id?: string
    variant_id?: string | null
    quantity: number
    unit_price?: number | null
  }> | null
  shipping_address?: { postal_code?: string | null; province?: string | null } | null
  item_subtotal?: number | null
}

/** The cart's own CEP (its shipping address's), masked or not, or null. */
export function cartCep(cart: Pick<FreteCart, "shipping_address"> | null | undefined): string | null {
  const typed = cart?.shipping_address?.postal_code
  return typed && normalizeCep(typed) ? typed : null
}

/**
 * A text that changes whenever what prices the cart's freight changes (its lines, quantities,
 * prices, address): a component that shows a price for the cart asks again when it changes, and
 * never for an equal cart rendered again.
 */
export function cartPricingKey(cart: FreteCart | null | undefined): string {
  if (!cart) return ""
  const lines = (cart.items ?? []).map((item) => [
    item.id ?? null,
    item.variant_id ?? null,
    item.quantity,
    item.unit_price ?? null,
  ])
  const address = cart.shipping_address
  return JSON.stringify([
    cart.id,
    lines,
    normalizeCep(address?.postal_code ?? ""),
    address?.province ?? null,
    cart.item_subtotal ?? null,
  ])
}
