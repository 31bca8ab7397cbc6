import { container } from "@medusajs/framework"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { Query } from "../../shared/query"

type Metadata = Record<string, unknown> | null

/** A variant's metadata and its product's: where an item's handling days are kept. */
export interface HandlingMetadata {
  variant: Metadata
  product: Metadata
}

/** An order line item as the exchange's and claim's new items are read (the same fields a cart item has). */
export interface LineItemRow {
  id: string
  quantity?: unknown
  unit_price?: unknown
  requires_shipping?: boolean | null
  variant_id?: string | null
  variant_sku?: string | null
  variant?: { id?: string; sku?: string | null; weight?: unknown; length?: unknown; height?: unknown; width?: unknown; metadata?: unknown; product?: { weight?: unknown; metadata?: unknown } | null } | null
  product?: { weight?: unknown; metadata?: unknown } | null
}

/** What the order flows leave out of the context: the order's currency and the address's fields. */
export interface OrderFacts {
  currency_code: string | null
  shipping_address: { postal_code?: string | null; province?: string | null } | null
}

/** What the provider reads of Medusa beyond the context it is given. */
export interface MedusaLookups {
  /**
   * An order's (or draft order's) currency and shipping address: the order flows put no currency
   * in the context, and ask Query for `shipping_address` without its fields (only its id comes back).
   */
  order(orderId: string): Promise<OrderFacts | null>
  /** Order line items by id: an exchange's or a claim's new items, which the order's items do not list yet. */
  lineItems(ids: string[]): Promise<LineItemRow[]>
  /** Handling-days metadata per variant id; Medusa's cart context loads no metadata. */
  handlingMetadata(variantIds: string[]): Promise<Map<string, HandlingMetadata>>
}

const object = (value: unknown): Metadata => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null)

/** How long a variant's metadata is reused: an edit in the admin reaches checkout within this. */
const METADATA_TTL_MS = 30_000
const METADATA_MAX_ENTRIES = 10_000

const metadataCache = new Map<string, { value: HandlingMetadata; expiresAt: number }>()

function remember(variantId: string, value: HandlingMetadata, now: number): void {
  if (metadataCache.size >= METADATA_MAX_ENTRIES) {
    // The oldest entry goes first: Map keeps insertion order.
    const oldest = metadataCache.keys().next().value
    if (oldest !== undefined) metadataCache.delete(oldest)
  }
  metadataCache.set(variantId, { value, expiresAt: now + METADATA_TTL_MS })
}

/**
 * Medusa's Query, from the application's container. The provider lives in the fulfillment
 * module's container, which cannot resolve Query; the application's container (the framework's
 * shared `container`) can, once Medusa has loaded. Not a workflow hook: Medusa allows one handler
 * per hook, and the store may need `setCalculatedShippingPricingContext` for itself.
 */
function query(): Query {
  return container.resolve<Query>(ContainerRegistrationKeys.QUERY)
}

export const medusaLookups: MedusaLookups = {
  async order(orderId) {
    const { data } = await query().graph({
      entity: "order",
      fields: ["id", "currency_code", "shipping_address.postal_code", "shipping_address.province"],
      filters: { id: orderId },
    })
    const row = data[0] as { currency_code?: unknown; shipping_address?: OrderFacts["shipping_address"] } | undefined
    return row ? { currency_code: typeof row.currency_code === "string" ? row.currency_code : null, shipping_address: row.shipping_address ?? null } : null
  },

  async lineItems(ids) {
    if (!ids.length) return []
    const { data } = await query().graph({
      entity: "order_line_item",
      fields: [
        "id", "unit_price", "requires_shipping", "variant_id", "variant_sku",
        "variant.id", "variant.sku", "variant.weight", "variant.length", "variant.height", "variant.width", "variant.metadata",
        "variant.product.weight", "variant.product.metadata", "product.weight", "product.metadata",
      ],
      filters: { id: ids },
    })
    return data as LineItemRow[]
  },

  async handlingMetadata(variantIds) {
    const now = Date.now()
    const found = new Map<string, HandlingMetadata>()
    const missing: string[] = []
    for (const id of new Set(variantIds)) {
      const cached = metadataCache.get(id)
      if (cached && cached.expiresAt > now) {
        found.set(id, cached.value)
      } else {
        missing.push(id)
      }
    }
    if (missing.length) {
      const { data } = await query().graph({ entity: "product_variant", fields: ["id", "metadata", "product.metadata"], filters: { id: missing } })
      for (const row of data as Array<{ id: string; metadata?: unknown; product?: { metadata?: unknown } | null }>) {
        const value = { variant: object(row.metadata), product: object(row.product?.metadata) }
        remember(row.id, value, now)
        found.set(row.id, value)
      }
    }
    return found
  },
}
