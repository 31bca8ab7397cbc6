import type { QuoteRequest, ShippableItem } from "../../lib/checkout/build-freight-query"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { numberOf } from "../../lib/utils/number-of"

type Measures = { weight?: unknown; length?: unknown; height?: unknown; width?: unknown }
type ProductFields = { id?: string; weight?: unknown; metadata?: unknown; shipping_profile?: { id?: string } | null }

export interface ContextItem {
  id?: string
  quantity?: unknown
  unit_price?: unknown
  requires_shipping?: boolean | null
  variant_id?: string | null
  variant_sku?: string | null
  product_id?: string | null
  variant?: (Measures & { id?: string; sku?: string | null; metadata?: unknown; product?: ProductFields | null }) | null
  product?: ProductFields | null
}

export interface CartContext {
  id?: string | null
  return_id?: unknown
  currency_code?: string | null
  items?: ContextItem[] | null
  shipping_address?: { postal_code?: string | null; province?: string | null } | null
  from_location?: { address?: { postal_code?: string | null } | null } | null
}

export const metadataOf = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null

function shippableItem(item: ContextItem): ShippableItem {
  const variant = item.variant
  return {
    handlingMetadata: {
      variant: metadataOf(variant?.metadata),
      product: metadataOf(variant?.product?.metadata ?? item.product?.metadata),
    },
    sku: item.variant_sku || variant?.sku || item.variant_id || item.id || "item",
    quantity: numberOf(item.quantity) ?? 0,
    unitPrice: numberOf(item.unit_price) ?? 0,
    variant: variant
      ? {
          weight: numberOf(variant.weight),
          length: numberOf(variant.length),
          height: numberOf(variant.height),
          width: numberOf(variant.width),
        }
      : null,
    productWeight: numberOf(item.product?.weight ?? variant?.product?.weight),
    productId: item.product_id ?? variant?.product?.id ?? item.product?.id ?? null,
    shippingProfileId: variant?.product?.shipping_profile?.id ?? item.product?.shipping_profile?.id ?? null,
  }
}

export function quoteRequestFromCart(context: CartContext): QuoteRequest {
  if (context.currency_code?.toLowerCase() !== "brl") throw new ShopperError("unsupported_currency")
  return {
    isReturn: !!context.return_id,
    originCep: context.from_location?.address?.postal_code,
    destinationCep: context.shipping_address?.postal_code,
    destinationState: context.shipping_address?.province,
    items: (context.items ?? []).filter((item) => item.requires_shipping !== false).map(shippableItem),
  }
}
