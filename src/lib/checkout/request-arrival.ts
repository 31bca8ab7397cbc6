import { AsyncLocalStorage } from "node:async_hooks"

/**
 * A store request (a shopper's, through the storefront), as the quota guard needs it: who asks,
 * read only when a new freight query is about to be made (quote-admission.ts), and how a refusal's
 * wait reaches the response, whichever route priced the freight.
 */
export interface ShopperRequest {
  /** The address of the socket the request came on. */
  socketAddress: string | undefined
  /** The request's X-Forwarded-For header(s), as received. */
  forwardedFor: string | string[] | undefined
  /** Sets `Retry-After` on the response, while it has not been sent. */
  retryAfter(seconds: number): void
  /** Milliseconds this request's new queries spent in the quota guard (Server-Timing `guard`). */
  guardMs: number
  /** Whether the quota guard was asked for this request at all. */
  guarded: boolean
}

/**
 * What the HTTP request being served carries along all the async work it starts: when it reached
 * the server (`Date.now()` time) and, for a store request, the shopper behind it. Medusa runs most
 * of a pricing route (its middlewares, the cart's queries, the workflow) before it asks the
 * provider for a price: 40 to 250 ms on a busy server. A freight deadline counted from the
 * provider's call let the route answer that much past `freight.timeoutMs`; counted from the
 * request's arrival, the route as a whole keeps to it.
 */
interface RequestContext {
  arrivedAt: number
  shopper?: ShopperRequest
}

const requests = new AsyncLocalStorage<RequestContext>()

/** Runs `next`, and all it starts, as the work of a request that arrived at `at`, a shopper's if `shopper` is given. */
export function runFromArrival<T>(next: () => T, at: number = Date.now(), shopper?: ShopperRequest): T {
  return requests.run({ arrivedAt: at, shopper }, next)
}

/** When the request being served arrived, or undefined outside a request (a job, a test). */
export function requestArrival(): number | undefined {
  return requests.getStore()?.arrivedAt
}

/** The shopper of the store request being served; undefined in an admin request, a job or a test. */
export function storeShopper(): ShopperRequest | undefined {
  return requests.getStore()?.shopper
}

type Hrtime = [number, number]

const isHrtime = (stamp: unknown): stamp is Hrtime =>
  Array.isArray(stamp) && stamp.length === 2 && stamp.every((part) => Number.isFinite(part) && part >= 0)

/**
 * The `Date.now()` time of a `process.hrtime()` stamp taken earlier in this process, or undefined
 * when `stamp` is not one. `since` is `process.hrtime`, replaceable in tests.
 */
export function epochOfHrtime(stamp: unknown, now: number = Date.now(), since: (start: Hrtime) => Hrtime = process.hrtime): number | undefined {
  if (!isHrtime(stamp)) return undefined
  const [seconds, nanoseconds] = since(stamp)
  return now - (seconds * 1e3 + nanoseconds / 1e6)
}
