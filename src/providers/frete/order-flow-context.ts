import { linesAsItems, orderFlowOf, type FlowContext, type OrderFlow } from "../../lib/checkout/order-flow"
import { numberOf } from "../../lib/utils/number-of"
import type { CartContext, ContextItem } from "./cart-context"
import type { MedusaLookups } from "./medusa-lookups"

/** The store quote route loads both. */
function hasMetadata(item: ContextItem): boolean {
  const product = item.variant?.product ?? item.product
  return !!item.variant && "metadata" in item.variant && !!product && "metadata" in product
}

async function withHandlingMetadata(items: ContextItem[], lookups: MedusaLookups): Promise<ContextItem[]> {
  const variantIdOf = (item: ContextItem) => item.variant_id ?? item.variant?.id ?? null
  const wanted = items.filter((item) => !hasMetadata(item)).map(variantIdOf).filter((id): id is string => !!id)
  if (!wanted.length) return items
  const metadata = await lookups.handlingMetadata(wanted)
  return items.map((item) => {
    const found = hasMetadata(item) ? undefined : metadata.get(variantIdOf(item) ?? "")
    return found ? { ...item, variant: { ...item.variant, metadata: found.variant, product: { ...item.variant?.product, metadata: found.product } } } : item
  })
}

/** A return's items in the returned quantities; an exchange's or a claim's outbound items, read by id where the order's `items` do not list them yet. */
async function itemsOf(context: CartContext, flow: OrderFlow, lookups: MedusaLookups): Promise<ContextItem[]> {
  const items = context.items ?? []
  if (flow.kind === "cart") return items
  const inContext = linesAsItems(flow.lines, items, numberOf)
  if (!inContext.missing.length) return inContext.items
  const missing = new Set(inContext.missing)
  const read = linesAsItems(flow.lines.filter((line) => typeof line.id === "string" && missing.has(line.id)), await lookups.lineItems(inContext.missing), numberOf)
  return [...inContext.items, ...read.items]
}

/**
 * A `calculatePrice` context made ready for `quoteRequestFromCart`, whatever flow it comes from. The
 * order flows and draft orders put no currency in the context, and the order flows give the shipping
 * address without its fields: both are read from the order (`context.id`) when the currency is missing.
 */
export async function resolveOrderFlowContext(context: CartContext & FlowContext, lookups: MedusaLookups): Promise<CartContext> {
  const flow = orderFlowOf(context)
  const isOrder = !context.currency_code || flow.kind !== "cart"
  const order = context.id && !context.currency_code ? await lookups.order(context.id) : null
  // An order's items (chosen by Medusa for the option, or the flow's lines) are each shipped: Medusa
  // sets `requires_shipping` false on items an admin adds of a variant without managed inventory.
  const found = await itemsOf(context, flow, lookups)
  const items = isOrder ? found.map((item) => ({ ...item, requires_shipping: true })) : found
  return {
    ...context,
    currency_code: context.currency_code || order?.currency_code,
    shipping_address: !context.shipping_address?.postal_code && order?.shipping_address ? { ...context.shipping_address, ...order.shipping_address } : context.shipping_address,
    // A return has no handling days.
    items: context.return_id ? items : await withHandlingMetadata(items, lookups),
  }
}
