import { normalizeCep } from "./cep"
import type { FreteClient } from "./client"
import { serializeFreteError, type FreteErrorData } from "./errors"
import type { FreteQuote } from "../src/lib/checkout/storefront-contract"

/** What a warm-up got: the cart's options for the CEP, or why it could not quote them. */
export interface WarmQuoteResult {
  /** The CEP warmed, its 8 digits. */
  cep: string
  quotes: FreteQuote[] | null
  error: FreteErrorData | null
}

/**
 * Quotes a cart for the CEP the shopper just typed, before the delivery step asks: the plugin keeps
 * the answer in the cache that checkout's `calculate` reads, so the delivery step waits for no
 * freight API. Null (no request) for an incomplete CEP or no cart. Never rejects: a warm-up is a
 * head start, a failure resolves with its error (the delivery step will show it anyway).
 */
export async function warmQuote(
  client: FreteClient,
  input: { cartId: string | null | undefined; postalCode: string }
): Promise<WarmQuoteResult | null> {
  const cep = normalizeCep(input.postalCode)
  if (!cep || !input.cartId) return null
  try {
    return { cep, quotes: await client.quote({ postal_code: cep, cart_id: input.cartId }), error: null }
  } catch (error) {
    return { cep, quotes: null, error: serializeFreteError(error) }
  }
}

export interface QuoteWarmerOptions {
  /** How long the CEP must stay as typed before the warm-up (ms); 400 by default. */
  delayMs?: number
  onWarmed?: (result: WarmQuoteResult) => void
  /** The timer functions (tests pass fake ones); the global ones by default. */
  timers?: { setTimeout: (run: () => void, ms: number) => unknown; clearTimeout: (handle: unknown) => void }
}

export interface QuoteWarmer {
  /** The form's cart and CEP as they are now: a complete CEP not warmed yet for this cart is warmed once it settles. */
  update(input: { cartId: string | null | undefined; postalCode: string }): void
  /** Drops a pending warm-up (the form went away). */
  cancel(): void
}

/**
 * Debounced warm-ups for an address form: one request per complete CEP and cart, after the CEP
 * stays unchanged for `delayMs`; the same CEP again (retyped, or the form re-rendered) asks nothing.
 */
export function createQuoteWarmer(client: FreteClient, options: QuoteWarmerOptions = {}): QuoteWarmer {
  const delayMs = options.delayMs ?? 400
  const timers = options.timers ?? {
    setTimeout: (run: () => void, ms: number) => globalThis.setTimeout(run, ms),
    clearTimeout: (handle: unknown) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
  }
  let pending: unknown = null
  let warmed: string | null = null
  const cancel = () => {
    if (pending !== null) timers.clearTimeout(pending)
    pending = null
  }
  return {
    update({ cartId, postalCode }) {
      cancel()
      const cep = normalizeCep(postalCode)
      if (!cep || !cartId) return
      const key = `${cartId} ${cep}`
      if (key === warmed) return
      pending = timers.setTimeout(() => {
        pending = null
        warmed = key
        void warmQuote(client, { cartId, postalCode: cep }).then((result) => {
          if (result) options.onWarmed?.(result)
        })
      }, delayMs)
    },
    cancel,
  }
}
