import { numberOf } from "../../lib/utils/number-of"
import type { CartContext, ContextItem, MedusaLookups } from "./cart-context"

// Medusa 2.21 prices a calculated option for a cart, a draft order, and (fetchShippingOptionForOrderWorkflow) for a return, an exchange and a claim:
// those spread the order into the context and add `return_id` + `return_items`, `exchange_id` + `exchange_items` or `claim_id` + `claim_items`.

type FlowLine = { id?: string | null; quantity?: unknown }

type OrderFlow =
  | { kind: "cart" } // a cart or a draft order: the context's items as they are
  | { kind: "return"; lines: FlowLine[] } // from the customer's address to the option's stock location
  | { kind: "outbound"; lines: FlowLine[] } // the items an exchange or a claim sends out

export type FlowContext = { [key in `${"return" | "exchange" | "claim"}_${"id" | "items"}`]?: unknown }

const linesOf = (value: unknown): FlowLine[] =>
  Array.isArray(value) ? value.filter((line): line is FlowLine => !!line && typeof line === "object") : []

/** An exchange's or a claim's inbound option is a return of theirs (Medusa passes `return_id`), so that is read first. */
export function orderFlowOf(context: FlowContext): OrderFlow {
  if (context.return_id) return { kind: "return", lines: linesOf(context.return_items) }
  if (context.exchange_id) return { kind: "outbound", lines: linesOf(context.exchange_items) }
  if (context.claim_id) return { kind: "outbound", lines: linesOf(context.claim_items) }
  return { kind: "cart" }
}

/** Each line's item (by id among `items`) with the line's whole quantity, lines of one item added up; `missing`: ids not found. */
export function linesAsItems<T extends { id?: string | null }>(
  lines: FlowLine[],
  items: T[]
): { items: Array<T & { quantity: number }>; missing: string[] } {
  const byId = new Map(items.filter((item) => item.id).map((item) => [item.id as string, item]))
  const quantities = new Map<string, number>()
  for (const line of lines) {
    const quantity = numberOf(line.quantity)
    const whole = quantity !== null && Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0
    if (typeof line.id === "string" && line.id) quantities.set(line.id, (quantities.get(line.id) ?? 0) + whole)
  }
  const found = [...quantities].flatMap(([id, quantity]) =>
    byId.has(id) ? [{ ...(byId.get(id) as T), quantity }] : []
  )
  return { items: found, missing: [...quantities.keys()].filter((id) => !byId.has(id)) }
}

/** Medusa 2.19 and later put a cart's `currency_code` in the context; 2.14 to 2.18 do not, so there it is read by the cart's id. */
export async function withCartCurrency<C extends CartContext>(
  context: C,
  read: (cartId: string) => Promise<string | null>
): Promise<C> {
  if (context.currency_code || typeof context.id !== "string" || !context.id.startsWith("cart_")) return context
  const currency = await read(context.id)
  return currency ? { ...context, currency_code: currency } : context
}

/** The store quote route loads both. */
function hasMetadata(item: ContextItem): boolean {
  const product = item.variant?.product ?? item.product
  return !!item.variant && "metadata" in item.variant && !!product && "metadata" in product
}

async function withHandlingMetadata(items: ContextItem[], lookups: MedusaLookups): Promise<ContextItem[]> {
  const variantIdOf = (item: ContextItem) => item.variant_id ?? item.variant?.id ?? null
  const wanted = items
    .filter((item) => !hasMetadata(item))
    .map(variantIdOf)
    .filter((id): id is string => !!id)
  if (!wanted.length) return items
  const metadata = await lookups.handlingMetadata(wanted)
  return items.map((item) => {
    const found = hasMetadata(item) ? undefined : metadata.get(variantIdOf(item) ?? "")
    return found
      ? {
          ...item,
          variant: {
            ...item.variant,
            metadata: found.variant,
            product: { ...item.variant?.product, metadata: found.product },
          },
        }
      : item
  })
}

/** A return's items in the returned quantities; an exchange's or a claim's outbound items, read by id where the order's `items` do not list them yet. */
async function itemsOf(context: CartContext, flow: OrderFlow, lookups: MedusaLookups): Promise<ContextItem[]> {
  const items = context.items ?? []
  if (flow.kind === "cart") return items
  const inContext = linesAsItems(flow.lines, items)
  if (!inContext.missing.length) return inContext.items
  const missing = new Set(inContext.missing)
  const read = linesAsItems(
    flow.lines.filter((line) => typeof line.id === "string" && missing.has(line.id)),
    await lookups.lineItems(inContext.missing)
  )
  return [...inContext.items, ...read.items]
}

// A `calculatePrice` context ready for `quoteRequestFromCart`, whatever its flow. The order flows and draft orders put no currency
// in the context, and the order flows give the shipping address without its fields: both are read from the order.
export async function resolveOrderFlowContext(
  given: CartContext & FlowContext,
  lookups: MedusaLookups
): Promise<CartContext> {
  const context = await withCartCurrency(given, lookups.cartCurrency)
  const flow = orderFlowOf(context)
  const isOrder = !context.currency_code || flow.kind !== "cart"
  const order = context.id && !context.currency_code ? await lookups.order(context.id) : null
  // Medusa sets `requires_shipping` false on items an admin adds of a variant without managed inventory; an order's are each shipped.
  const found = await itemsOf(context, flow, lookups)
  const items = isOrder ? found.map((item) => ({ ...item, requires_shipping: true })) : found
  return {
    ...context,
    currency_code: context.currency_code || order?.currency_code,
    shipping_address:
      !context.shipping_address?.postal_code && order?.shipping_address
        ? { ...context.shipping_address, ...order.shipping_address }
        : context.shipping_address,
    // A return has no handling days.
    items: context.return_id ? items : await withHandlingMetadata(items, lookups),
  }
}
