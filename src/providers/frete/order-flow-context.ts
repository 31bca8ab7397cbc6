import { linesAsItems, orderFlowOf, type FlowContext, type OrderFlow } from "../../lib/checkout/order-flow"
import { numberOf } from "../../lib/utils/number-of"
import type { CartContext, ContextItem } from "./cart-context"
import type { MedusaLookups } from "./medusa-lookups"

/** Whether an item's variant and product metadata are both in the context (the store quote route loads them). */
function hasMetadata(item: ContextItem): boolean {
  const product = item.variant?.product ?? item.product
  return !!item.variant && "metadata" in item.variant && !!product && "metadata" in product
}

/** Items with their variant's and product's metadata, read for those the context lacks them (one read, cached). */
async function withHandlingMetadata(items: ContextItem[], lookups: MedusaLookups): Promise<ContextItem[]> {
  const variantIdOf = (item: ContextItem) => item.variant_id ?? item.variant?.id ?? null
  const wanted = items.filter((item) => !hasMetadata(item)).map(variantIdOf).filter((id): id is string => !!id)
  if (!wanted.length) {
    return items
  }
  const metadata = await lookups.handlingMetadata(wanted)
  return items.map((item) => {
    const found = hasMetadata(item) ? undefined : metadata.get(variantIdOf(item) ?? "")
    return found
      ? { ...item, variant: { ...item.variant, metadata: found.variant, product: { ...item.variant?.product, metadata: found.product } } }
      : item
  })
}

/**
 * The items a flow prices. A return: the returned items, in the returned quantities, found among
 * the order's items. An exchange or a claim: the items it sends out; those are order line items
 * that the order's `items` do not list until the change is confirmed, so the ones missing there
 * are read by id.
 */
async function itemsOf(context: CartContext, flow: OrderFlow, lookups: MedusaLookups): Promise<ContextItem[]> {
  const items = context.items ?? []
  if (flow.kind === "cart") {
    return items
  }
  const inContext = linesAsItems(flow.lines, items, numberOf)
  if (!inContext.missing.length) {
    return inContext.items
  }
  const missing = new Set(inContext.missing)
  const read = linesAsItems(
    flow.lines.filter((line) => typeof line.id === "string" && missing.has(line.id)),
    await lookups.lineItems(inContext.missing),
    numberOf
  )
  return [...inContext.items, ...read.items]
}

/**
 * A `calculatePrice` context made ready for `quoteRequestFromCart`, whatever flow it comes from.
 * The order flows and draft orders put no currency in the context, and the order flows give the
 * shipping address without its fields: both are read from the order, by `context.id` (the order's
 * id there), for a context without currency (a cart's always has one). Then the items the flow prices, and their handling-days metadata
 * (Medusa's contexts load none); a return has no handling days, so none is read for it.
 */
export async function resolveOrderFlowContext(context: CartContext & FlowContext, lookups: MedusaLookups): Promise<CartContext> {
  // Read once: the flow decides both whether the context is an order's and which items it prices.
  const flow = orderFlowOf(context)
  // A cart always has its currency: only an order's context (order flows, draft orders) is read.
  const isOrder = !context.currency_code || flow.kind !== "cart"
  const order = context.id && !context.currency_code ? await lookups.order(context.id) : null
  const lacksAddress = !context.shipping_address?.postal_code
  // An order's items are those Medusa chose for the option (by shipping profile) or the flow's
  // lines: each is shipped, whatever `requires_shipping` says. Medusa sets it false on the items
  // an admin adds (a draft order's, an exchange's) of a variant without managed inventory, which
  // would be priced as nothing to ship.
  const found = await itemsOf(context, flow, lookups)
  const items = isOrder ? found.map((item) => ({ ...item, requires_shipping: true })) : found
  return {
    ...context,
    currency_code: context.currency_code || order?.currency_code,
    shipping_address: lacksAddress && order?.shipping_address ? { ...context.shipping_address, ...order.shipping_address } : context.shipping_address,
    items: context.return_id ? items : await withHandlingMetadata(items, lookups),
  }
}
