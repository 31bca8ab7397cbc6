import type { HandlingMetadata, HandlingMetadataCache } from "../../lib/checkout/handling-days"
import type { Query } from "../../shared/query"
import type { ContextItem } from "./cart-context"

type Metadata = Record<string, unknown> | null

/** What the order flows leave out of the context: the order's currency and the address's fields. */
export interface OrderFacts {
  currency_code: string | null
  shipping_address: { postal_code?: string | null; province?: string | null } | null
}

/** What the provider reads of Medusa beyond the context it is given. */
export interface MedusaLookups {
  /**
   * A cart's currency (Medusa 2.14 to 2.18 leave it out of the context), null when there is no
   * such cart. Its items' handling metadata comes in the same Query call and is kept for
   * `handlingMetadata`, so pricing such a cart reads Medusa once.
   */
  cartCurrency(cartId: string): Promise<string | null>
  /**
   * An order's (or draft order's) currency and shipping address: the order flows put no currency
   * in the context, and ask Query for `shipping_address` without its fields (only its id comes back).
   */
  order(orderId: string): Promise<OrderFacts | null>
  /** Order line items by id: an exchange's or a claim's new items, which the order's items do not list yet. */
  lineItems(ids: string[]): Promise<ContextItem[]>
  /** Handling-days metadata per variant id; Medusa's cart context loads no metadata. */
  handlingMetadata(variantIds: string[]): Promise<Map<string, HandlingMetadata>>
}

const object = (value: unknown): Metadata => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null)

type VariantMetadataRow = { id?: string; metadata?: unknown; product?: { metadata?: unknown } | null }

/**
 * The provider's lookups through Medusa's Query, as the request being priced resolves it
 * (bridge/medusa-bridge.ts): the provider's own container, the fulfillment module's, cannot.
 * Not a workflow hook: Medusa allows one handler per hook, and the store may need
 * `setCalculatedShippingPricingContext` for itself.
 */
export const medusaLookups = (query: Query, metadataCache: HandlingMetadataCache): MedusaLookups => {
  const rememberRow = (row: VariantMetadataRow): HandlingMetadata | null => {
    if (typeof row.id !== "string") return null
    const value = { variant: object(row.metadata), product: object(row.product?.metadata) }
    metadataCache.set(row.id, value)
    return value
  }
  return {
    async cartCurrency(cartId) {
      const { data } = await query.graph({
        entity: "cart",
        fields: ["id", "currency_code", "items.variant.id", "items.variant.metadata", "items.variant.product.metadata"],
        filters: { id: cartId },
      })
      const row = data[0] as { currency_code?: unknown; items?: Array<{ variant?: VariantMetadataRow | null } | null> | null } | undefined
      for (const item of row?.items ?? []) if (item?.variant) rememberRow(item.variant)
      return typeof row?.currency_code === "string" ? row.currency_code : null
    },

    async order(orderId) {
      const { data } = await query.graph({
        entity: "order",
        // The items' handling metadata in the same call, kept for `handlingMetadata`.
        fields: ["id", "currency_code", "shipping_address.postal_code", "shipping_address.province", "items.variant.id", "items.variant.metadata", "items.variant.product.metadata"],
        filters: { id: orderId },
      })
      const row = data[0] as { currency_code?: unknown; shipping_address?: OrderFacts["shipping_address"]; items?: Array<{ variant?: VariantMetadataRow | null } | null> | null } | undefined
      for (const item of row?.items ?? []) if (item?.variant) rememberRow(item.variant)
      return row ? { currency_code: typeof row.currency_code === "string" ? row.currency_code : null, shipping_address: row.shipping_address ?? null } : null
    },

    async lineItems(ids) {
      if (!ids.length) return []
      const { data } = await query.graph({
        entity: "order_line_item",
        fields: [
          "id", "unit_price", "requires_shipping", "variant_id", "variant_sku",
          "variant.id", "variant.sku", "variant.weight", "variant.length", "variant.height", "variant.width", "variant.metadata",
          "variant.product.weight", "variant.product.metadata", "product.weight", "product.metadata",
        ],
        filters: { id: ids },
      })
      return data as ContextItem[]
    },

    async handlingMetadata(variantIds) {
      const found = new Map<string, HandlingMetadata>()
      const missing: string[] = []
      for (const id of new Set(variantIds)) {
        const cached = metadataCache.get(id)
        if (cached) {
          found.set(id, cached)
        } else {
          missing.push(id)
        }
      }
      if (missing.length) {
        const { data } = await query.graph({ entity: "product_variant", fields: ["id", "metadata", "product.metadata"], filters: { id: missing } })
        for (const row of data as VariantMetadataRow[]) {
          const value = rememberRow(row)
          if (value && row.id) found.set(row.id, value)
        }
      }
      return found
    },
  }
}
