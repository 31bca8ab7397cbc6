// Medusa 2.21 prices a calculated option for a cart, a draft order, and (fetchShippingOptionForOrderWorkflow)
// for a return, an exchange and a claim: those spread the order into the context and add `return_id` +
// `return_items`, `exchange_id` + `exchange_items` or `claim_id` + `claim_items`, each item `{ id, quantity }`.

export interface FlowLine {
  id?: string | null
  quantity?: unknown
}

export type OrderFlow =
  /** A cart or a draft order: the context's items as they are. */
  | { kind: "cart" }
  /** Items the customer sends back, from the customer's address to the option's stock location. */
  | { kind: "return"; lines: FlowLine[] }
  /** The items an exchange or a claim sends out. */
  | { kind: "outbound"; lines: FlowLine[] }

export interface FlowContext {
  return_id?: unknown
  return_items?: unknown
  exchange_id?: unknown
  exchange_items?: unknown
  claim_id?: unknown
  claim_items?: unknown
}

const linesOf = (value: unknown): FlowLine[] => (Array.isArray(value) ? value.filter((line): line is FlowLine => !!line && typeof line === "object") : [])

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
  items: T[],
  numberOf: (value: unknown) => number | null
): { items: Array<T & { quantity: number }>; missing: string[] } {
  const byId = new Map(items.filter((item) => item.id).map((item) => [item.id as string, item]))
  const quantities = new Map<string, number>()
  for (const line of lines) {
    const quantity = numberOf(line.quantity)
    const whole = quantity !== null && Number.isSafeInteger(quantity) && quantity > 0 ? quantity : 0
    if (typeof line.id === "string" && line.id) quantities.set(line.id, (quantities.get(line.id) ?? 0) + whole)
  }
  const found: Array<T & { quantity: number }> = []
  const missing: string[] = []
  for (const [id, quantity] of quantities) {
    const item = byId.get(id)
    if (item) found.push({ ...item, quantity })
    else missing.push(id)
  }
  return { items: found, missing }
}
