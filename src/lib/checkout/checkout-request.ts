import { AsyncLocalStorage } from "node:async_hooks"
import type { IncomingMessage } from "node:http"

export type CheckoutRequest = Pick<IncomingMessage, "headers" | "socket">

// One store for the process, whichever copy of this file loaded it (the provider and the routes
// are loaded by different loaders of Medusa's).
const KEY = Symbol.for("medusa-plugin-frete.checkout-request")
const scope = ((globalThis as Record<symbol, unknown>)[KEY] ??=
  new AsyncLocalStorage<CheckoutRequest>()) as AsyncLocalStorage<CheckoutRequest>

/**
 * Runs the rest of a request in its scope: the provider, which Medusa calls with a cart and no
 * request, reads who asks through it to bound the shopper as well as the cart.
 */
export const inCheckoutRequest = <T>(request: CheckoutRequest, run: () => T): T => scope.run(request, run)

/** The store request being served, if the price is asked by one of the routes that carry it. */
export const currentCheckoutRequest = (): CheckoutRequest | undefined => scope.getStore()
