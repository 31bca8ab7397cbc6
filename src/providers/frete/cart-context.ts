import type { QuoteRequest, ShippableItem } from "../../lib/checkout/build-freight-query"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { numberOf } from "../../lib/utils/number-of"

type Measures = { weight?: unknown; length?: unknown; height?: unknown; width?: unknown }
type ProductFields = { id?: string; weight?: unknown; metadata?: unknown; shipping_profile?: { id?: string } | null }

/**
 * A line item on the checkout path, the one shape for all of them: a cart's item as Medusa's
 * context gives it to the provider, an order's line item as the order flows read it, the quote
 * route's cart item (its product's shipping profile picks the options that ship it).
 */
export interface ContextItem {
  id?: string
  quantity?: unknown
  unit_price?: unknown
  requires_shipping?: boolean | null
  variant_id?: string | null
  variant_sku?: string | null
  variant?: (Measures & { id?: string; sku?: string | null; metadata?: unknown; product?: ProductFields | null }) | null
  product?: ProductFields | null
}

/**
 * What the provider reads of Medusa's context: the cart (or the order, for the order flows), its
 * items and the stock location; `return_id` marks a return (see order-flow.ts).
 */
export interface CartContext {
  id?: string | null
  return_id?: unknown
  currency_code?: string | null
  items?: ContextItem[] | null
  shipping_address?: { postal_code?: string | null; province?: string | null } | null
  from_location?: { address?: { postal_code?: string | null } | null } | null
}

const metadataOf = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null

function shippableItem(item: ContextItem): ShippableItem {
  const variant = item.variant
  return {
    handlingMetadata: { variant: metadataOf(variant?.metadata), product: metadataOf(variant?.product?.metadata ?? item.product?.metadata) },
    sku: item.variant_sku || variant?.sku || item.variant_id || item.id || "item",
    quantity: numberOf(item.quantity) ?? 0,
    unitPrice: numberOf(item.unit_price) ?? 0,
    variant: variant
      ? { weight: numberOf(variant.weight), length: numberOf(variant.length), height: numberOf(variant.height), width: numberOf(variant.width) }
      : null,
    productWeight: numberOf(item.product?.weight ?? variant?.product?.weight),
  }
}

/**
 * The quote request of a cart as Medusa gives it to `calculatePrice` and `validateFulfillmentData`
 * (the order flows' contexts first go through `resolveOrderFlowContext`). A variant's and its
 * product's metadata, when the context has them, carry the items' handling days.
 */
export function quoteRequestFromCart(context: CartContext): QuoteRequest {
  if (context.currency_code?.toLowerCase() !== "brl") {
    throw new ShopperError("unsupported_currency")
  }
  return {
    isReturn: !!context.return_id,
    originCep: context.from_location?.address?.postal_code,
    destinationCep: context.shipping_address?.postal_code,
    destinationState: context.shipping_address?.province,
    items: (context.items ?? []).filter((item) => item.requires_shipping !== false).map(shippableItem),
  }
}
