import { useEffect, useMemo, useRef, useState } from "react"
import type { FreteClient } from "../client"
import { createQuoteWarmer, type WarmQuoteResult } from "../warm"

export interface UseFreteWarmQuoteInput {
  /** The cart being checked out; nothing is warmed without one. */
  cartId: string | null | undefined
  /** The CEP field's value as the shopper types it (masked or not). */
  postalCode: string
  /** How long the CEP must stay as typed before the warm-up (ms); 400 by default. */
  delayMs?: number
}

/**
 * For a checkout's address form: as soon as a complete CEP is typed (and left unchanged for
 * `delayMs`), quotes the cart for it once, so the delivery step's `calculate` calls answer from
 * the plugin's cache. Returns the last warm-up's result (its quotes, or its error), null before one.
 */
export function useFreteWarmQuote(
  client: FreteClient,
  { cartId, postalCode, delayMs }: UseFreteWarmQuoteInput
): WarmQuoteResult | null {
  const [result, setResult] = useState<WarmQuoteResult | null>(null)
  const mounted = useRef(true)
  // The latest client, read when a warm-up fires: a client made anew on every render neither
  // restarts the debounce nor forgets which CEP was warmed.
  const latestClient = useRef(client)
  useEffect(() => {
    latestClient.current = client
  })
  const warmer = useMemo(
    () =>
      createQuoteWarmer(
        {
          quote: (body) => latestClient.current.quote(body),
          calculateOption: (optionId, body) => latestClient.current.calculateOption(optionId, body),
        },
        { delayMs, onWarmed: (warmed) => mounted.current && setResult(warmed) }
      ),
    [delayMs]
  )
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  useEffect(() => {
    warmer.update({ cartId, postalCode })
  }, [warmer, cartId, postalCode])
  useEffect(() => () => warmer.cancel(), [warmer])
  return result
}
