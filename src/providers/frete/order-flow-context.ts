import type { HandlingMetadataCache } from "../../lib/checkout/handling-days"
import { numberOf } from "../../lib/utils/number-of"
import type { Query } from "../../shared/query"
import { metadataOf, type CartContext, type ContextItem } from "./cart-context"

// What Medusa 2.13 to 2.21 hand `calculatePrice`, and what each lacks, read here once:
// - a cart (checkout): its currency only from 2.19 on;
// - a draft order, a return, exchange or claim: no currency, a flow's `shipping_address` without its fields, and the
//   lines it ships in `<flow>_items` (an exchange's or claim's new ones not among the order's `items`);
// - none: the variants' and products' metadata, where handling days are kept.

export type FlowContext = CartContext & { [key in `${"return" | "exchange" | "claim"}_${"id" | "items"}`]?: unknown }
type Line = { id?: string | null; quantity?: unknown }
type Variant = {
  id?: string
  metadata?: unknown
  product?: { id?: string; metadata?: unknown; shipping_profile?: { id?: string } | null } | null
}
type Row = Pick<CartContext, "shipping_address"> & { currency_code?: string; items?: Array<{ variant?: Variant }> }

// With the product and its shipping profile, which the rules' scopes read.
const METADATA = [
  ...["variant.id", "variant.metadata", "variant.product.id", "variant.product.metadata"],
  "variant.product.shipping_profile.id",
]
const LINE_ITEM_FIELDS = [
  ...["id", "unit_price", "requires_shipping", "variant_id", "variant_sku", "product.weight", "product.metadata"],
  ...["sku", "weight", "length", "height", "width", "product.weight"].map((field) => `variant.${field}`),
  ...METADATA,
]

// A return's first (an exchange's or claim's inbound option is a return of theirs); none for a cart or a draft.
export function flowLines(context: FlowContext): Line[] | undefined {
  const kind = (["return", "exchange", "claim"] as const).find((flow) => context[`${flow}_id`])
  const lines = kind && context[`${kind}_items`]
  if (!kind) return undefined
  return Array.isArray(lines) ? lines.filter((line): line is Line => !!line && typeof line === "object") : []
}

// Each line's item with its quantity, lines of one item added up; `missing`: ids not among `items`.
export function linesAsItems<T extends { id?: string | null }>(
  lines: Line[],
  items: T[]
): { items: Array<T & { quantity: number }>; missing: string[] } {
  const byId = new Map(items.filter((item) => item.id).map((item) => [item.id as string, item]))
  const quantities = new Map<string, number>()
  for (const { id, quantity } of lines) {
    const whole = numberOf(quantity) ?? 0
    if (typeof id === "string" && id)
      quantities.set(id, (quantities.get(id) ?? 0) + (Number.isSafeInteger(whole) && whole > 0 ? whole : 0))
  }
  const found = [...quantities].flatMap(([id, quantity]) =>
    byId.has(id) ? [{ ...(byId.get(id) as T), quantity }] : []
  )
  return { items: found, missing: [...quantities.keys()].filter((id) => !byId.has(id)) }
}

const remember = (cache: HandlingMetadataCache, variant: Variant | undefined) => {
  if (typeof variant?.id === "string")
    cache.set(variant.id, {
      variant: metadataOf(variant.metadata),
      product: metadataOf(variant.product?.metadata),
      productId: variant.product?.id ?? null,
      profileId: variant.product?.shipping_profile?.id ?? null,
    })
}

async function withHandlingMetadata(items: ContextItem[], query: Query, cache: HandlingMetadataCache) {
  const idOf = (item: ContextItem) => item.variant_id ?? item.variant?.id ?? ""
  const given = (item: ContextItem) =>
    !!item.variant &&
    "metadata" in item.variant &&
    "metadata" in (item.variant.product ?? {}) &&
    "shipping_profile" in (item.variant.product ?? {})
  const missing = [...new Set(items.filter((item) => !given(item) && !cache.has(idOf(item))).map(idOf))].filter(Boolean)
  if (missing.length) {
    const fields = ["id", "metadata", "product.id", "product.metadata", "product.shipping_profile.id"]
    const { data } = await query.graph({ entity: "product_variant", fields, filters: { id: missing } })
    for (const variant of data as Variant[]) remember(cache, variant)
  }
  return items.map((item): ContextItem => {
    const found = given(item) ? undefined : cache.get(idOf(item))
    if (!found) return item
    const product = {
      ...item.variant?.product,
      id: found.productId ?? undefined,
      metadata: found.product,
      shipping_profile: found.profileId ? { id: found.profileId } : null,
    }
    return { ...item, variant: { ...item.variant, metadata: found.variant, product } }
  })
}

export async function resolveOrderFlowContext(
  given: FlowContext,
  query: Query,
  cache: HandlingMetadataCache
): Promise<CartContext> {
  const isCart = typeof given.id === "string" && given.id.startsWith("cart_")
  let context: CartContext = given
  if (!given.currency_code && typeof given.id === "string") {
    // An order's address and its items' metadata come in the same read.
    const fields = isCart ? [] : ["shipping_address.postal_code", "shipping_address.province"]
    const { data } = await query.graph({
      entity: isCart ? "cart" : "order",
      fields: ["id", "currency_code", ...fields, ...METADATA.map((field) => `items.${field}`)],
      filters: { id: given.id },
    })
    const row = data[0] as Row | undefined
    for (const item of row?.items ?? []) remember(cache, item.variant)
    const address = given.shipping_address?.postal_code ? null : row?.shipping_address
    context = {
      ...given,
      currency_code: row?.currency_code,
      shipping_address: address ? { ...given.shipping_address, ...address } : given.shipping_address,
    }
  }
  const lines = flowLines(given)
  let items = context.items ?? []
  if (lines) {
    const found = linesAsItems(lines, items)
    const { data } = found.missing.length
      ? await query.graph({ entity: "order_line_item", fields: LINE_ITEM_FIELDS, filters: { id: found.missing } })
      : { data: [] }
    items = [...found.items, ...linesAsItems(lines, data as ContextItem[]).items]
  }
  // Medusa sets `requires_shipping` false on items an admin adds without managed inventory; an order's all ship.
  if (!isCart) items = items.map((item) => ({ ...item, requires_shipping: true }))
  // A return has no handling days.
  return { ...context, items: given.return_id ? items : await withHandlingMetadata(items, query, cache) }
}
