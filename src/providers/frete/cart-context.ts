import type { QuoteRequest, ShippableItem } from "../../lib/checkout/build-freight-query"
import type { HandlingMetadata, HandlingMetadataCache } from "../../lib/checkout/handling-days"
import { ShopperError } from "../../lib/checkout/shopper-error"
import { numberOf } from "../../lib/utils/number-of"
import type { Query } from "../../shared/query"

type Measures = { weight?: unknown; length?: unknown; height?: unknown; width?: unknown }
type ProductFields = { id?: string; weight?: unknown; metadata?: unknown; shipping_profile?: { id?: string } | null }

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

type VariantMetadataRow = { id?: string; metadata?: unknown; product?: { metadata?: unknown } | null }
type WithItems = {
  currency_code?: unknown
  shipping_address?: { postal_code?: string | null; province?: string | null } | null
  items?: Array<{ variant?: VariantMetadataRow | null } | null> | null
}

export type MedusaLookups = ReturnType<typeof medusaLookups>

// Read here, not by a workflow hook: Medusa allows one handler per hook, and the store may need `setCalculatedShippingPricingContext`.
export const medusaLookups = (query: Query, metadataCache: HandlingMetadataCache) => {
  const remember = (row: VariantMetadataRow): HandlingMetadata | null => {
    if (typeof row.id !== "string") return null
    const value = { variant: metadataOf(row.metadata), product: metadataOf(row.product?.metadata) }
    metadataCache.set(row.id, value)
    return value
  }
  // A cart or order with its items' handling metadata in the same call, kept for `handlingMetadata`.
  const readWithItems = async (entity: string, id: string, fields: string[]): Promise<WithItems | undefined> => {
    const { data } = await query.graph({
      entity,
      fields: [
        "id",
        "currency_code",
        ...fields,
        "items.variant.id",
        "items.variant.metadata",
        "items.variant.product.metadata",
      ],
      filters: { id },
    })
    const row = data[0] as WithItems | undefined
    for (const item of row?.items ?? []) if (item?.variant) remember(item.variant)
    return row
  }
  const currencyOf = (row: WithItems | undefined) => (typeof row?.currency_code === "string" ? row.currency_code : null)
  return {
    cartCurrency: async (cartId: string): Promise<string | null> => currencyOf(await readWithItems("cart", cartId, [])),
    async order(orderId: string) {
      const row = await readWithItems("order", orderId, ["shipping_address.postal_code", "shipping_address.province"])
      return row ? { currency_code: currencyOf(row), shipping_address: row.shipping_address ?? null } : null
    },
    async lineItems(ids: string[]): Promise<ContextItem[]> {
      if (!ids.length) return []
      const variant = [
        "id",
        "sku",
        "weight",
        "length",
        "height",
        "width",
        "metadata",
        "product.weight",
        "product.metadata",
      ].map((field) => `variant.${field}`)
      const fields = [
        "id",
        "unit_price",
        "requires_shipping",
        "variant_id",
        "variant_sku",
        ...variant,
        "product.weight",
        "product.metadata",
      ]
      const { data } = await query.graph({ entity: "order_line_item", fields, filters: { id: ids } })
      return data as ContextItem[]
    },
    async handlingMetadata(variantIds: string[]): Promise<Map<string, HandlingMetadata>> {
      const found = new Map<string, HandlingMetadata>()
      const missing: string[] = []
      for (const id of new Set(variantIds)) {
        const cached = metadataCache.get(id)
        if (cached) found.set(id, cached)
        else missing.push(id)
      }
      if (missing.length) {
        const { data } = await query.graph({
          entity: "product_variant",
          fields: ["id", "metadata", "product.metadata"],
          filters: { id: missing },
        })
        for (const row of data as VariantMetadataRow[]) {
          const value = remember(row)
          if (value) found.set(row.id as string, value)
        }
      }
      return found
    },
  }
}
