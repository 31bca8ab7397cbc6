import type { QuoteRequest, ShippableItem } from "../../lib/checkout/build-freight-query"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { numberOf } from "../../lib/number-of"

type Measures = { weight?: unknown; length?: unknown; height?: unknown; width?: unknown }

interface ContextItem {
  id?: string
  quantity?: unknown
  unit_price?: unknown
  requires_shipping?: boolean | null
  variant_id?: string | null
  variant_sku?: string | null
  variant?: (Measures & { id?: string; sku?: string | null; product?: { id?: string; weight?: unknown } | null }) | null
  product?: { id?: string; weight?: unknown } | null
}

/** What the provider reads of Medusa's context: the cart, its items and the stock location. */
export interface CartContext {
  currency_code?: string | null
  items?: ContextItem[] | null
  shipping_address?: { postal_code?: string | null; province?: string | null } | null
  from_location?: { address?: { postal_code?: string | null } | null } | null
}

function shippableItem(item: ContextItem): ShippableItem {
  const variant = item.variant
  return {
    sku: item.variant_sku || variant?.sku || item.variant_id || item.id || "item",
    quantity: numberOf(item.quantity) ?? 0,
    unitPrice: numberOf(item.unit_price) ?? 0,
    variant: variant
      ? { weight: numberOf(variant.weight), length: numberOf(variant.length), height: numberOf(variant.height), width: numberOf(variant.width) }
      : null,
    productWeight: numberOf(item.product?.weight ?? variant?.product?.weight),
  }
}

/** The quote request of a cart as Medusa gives it to `calculatePrice` and `validateFulfillmentData`. */
export function quoteRequestFromCart(context: CartContext): QuoteRequest {
  if (context.currency_code?.toLowerCase() !== "brl") {
    throw new ShopperError("unsupported_currency")
  }
  return {
    originCep: context.from_location?.address?.postal_code,
    destinationCep: context.shipping_address?.postal_code,
    destinationState: context.shipping_address?.province,
    items: (context.items ?? []).filter((item) => item.requires_shipping !== false).map(shippableItem),
  }
}
