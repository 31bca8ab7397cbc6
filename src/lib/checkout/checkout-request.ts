import { AsyncLocalStorage } from "node:async_hooks"
import type { IncomingMessage } from "node:http"

export type CheckoutRequest = Pick<IncomingMessage, "headers" | "socket">

// One store for the process: the provider and the routes are loaded by different loaders of Medusa's.
const KEY = Symbol.for("medusa-plugin-frete.checkout-request")
const scope = ((globalThis as Record<symbol, unknown>)[KEY] ??=
  new AsyncLocalStorage<CheckoutRequest>()) as AsyncLocalStorage<CheckoutRequest>

// The provider, called with a cart and no request, reads the shopper through it.
export const inCheckoutRequest = <T>(request: CheckoutRequest, run: () => T): T => scope.run(request, run)

export const currentCheckoutRequest = (): CheckoutRequest | undefined => scope.getStore()
