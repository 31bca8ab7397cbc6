import type { HandlingMetadata, HandlingMetadataCache } from "../../lib/checkout/handling-days"
import type { Query } from "../../shared/query"
import { metadataOf, type ContextItem } from "./cart-context"

type VariantMetadataRow = { id?: string; metadata?: unknown; product?: { metadata?: unknown } | null }
type WithItems = { currency_code?: unknown; shipping_address?: { postal_code?: string | null; province?: string | null } | null; items?: Array<{ variant?: VariantMetadataRow | null } | null> | null }

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
    const { data } = await query.graph({ entity, fields: ["id", "currency_code", ...fields, "items.variant.id", "items.variant.metadata", "items.variant.product.metadata"], filters: { id } })
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
      const variant = ["id", "sku", "weight", "length", "height", "width", "metadata", "product.weight", "product.metadata"].map((field) => `variant.${field}`)
      const fields = ["id", "unit_price", "requires_shipping", "variant_id", "variant_sku", ...variant, "product.weight", "product.metadata"]
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
        const { data } = await query.graph({ entity: "product_variant", fields: ["id", "metadata", "product.metadata"], filters: { id: missing } })
        for (const row of data as VariantMetadataRow[]) {
          const value = remember(row)
          if (value) found.set(row.id as string, value)
        }
      }
      return found
    },
  }
}
