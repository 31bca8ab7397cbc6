/**
 * Which of Medusa's flows a `calculatePrice` context comes from, and which lines it prices.
 * Medusa 2.21 prices a calculated option for a cart, a draft order, and through
 * `fetchShippingOptionForOrderWorkflow` for a return, an exchange and a claim; the order flows
 * spread the order (`id`, `shipping_address`, `items`) into the context and add the flow's ids:
 * `return_id` + `return_items`, `exchange_id` + `exchange_items`, `claim_id` + `claim_items`,
 * each item `{ id, quantity }` of the order change's actions.
 */

/** `{ id, quantity }` of an order change's action, as the flow puts it in the context. */
export interface FlowLine {
  id?: string | null
  quantity?: unknown
}

export type OrderFlow =
  /** A cart or a draft order: the context's items as they are. */
  | { kind: "cart" }
  /** Items sent back by the customer, from the customer's address to the option's stock location. */
  | { kind: "return"; lines: FlowLine[] }
  /** The items an exchange or a claim sends out, to the order's address. */
  | { kind: "outbound"; lines: FlowLine[] }

export interface FlowContext {
  return_id?: unknown
  return_items?: unknown
  exchange_id?: unknown
  exchange_items?: unknown
  claim_id?: unknown
  claim_items?: unknown
}

function linesOf(value: unknown): FlowLine[] {
  return Array.isArray(value) ? value.filter((line): line is FlowLine => !!line && typeof line === "object") : []
}

/**
 * The flow of a context. An exchange's or a claim's inbound option is a return of theirs (Medusa
 * passes `return_id` then), so `return_id` is read first.
 */
export function orderFlowOf(context: FlowContext): OrderFlow {
  if (context.return_id) {
    return { kind: "return", lines: linesOf(context.return_items) }
  }
  if (context.exchange_id) {
    return { kind: "outbound", lines: linesOf(context.exchange_items) }
  }
  if (context.claim_id) {
    return { kind: "outbound", lines: linesOf(context.claim_items) }
  }
  return { kind: "cart" }
}

/** A whole, positive quantity; Medusa's BigNumber forms read by the caller's `numberOf`. */
function quantityOf(line: FlowLine, numberOf: (value: unknown) => number | null): number {
  const quantity = numberOf(line.quantity)
  return quantity !== null && Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0
}

/**
 * The flow's lines as items: each line's item (found by id among `items`) with the line's
 * quantity, lines of one item added up. `missing` lists the ids not found, for the caller to read.
 */
export function linesAsItems<T extends { id?: string | null }>(
  lines: FlowLine[],
  items: T[],
  numberOf: (value: unknown) => number | null
): { items: Array<T & { quantity: number }>; missing: string[] } {
  const byId = new Map(items.filter((item) => item.id).map((item) => [item.id as string, item]))
  const quantities = new Map<string, number>()
  for (const line of lines) {
    if (typeof line.id === "string" && line.id) {
      quantities.set(line.id, (quantities.get(line.id) ?? 0) + quantityOf(line, numberOf))
    }
  }
  const found: Array<T & { quantity: number }> = []
  const missing: string[] = []
  for (const [id, quantity] of quantities) {
    const item = byId.get(id)
    if (item) {
      found.push({ ...item, quantity })
    } else {
      missing.push(id)
    }
  }
  return { items: found, missing }
}
