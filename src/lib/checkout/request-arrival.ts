import { AsyncLocalStorage } from "node:async_hooks"

/**
 * When the HTTP request being served reached the server (`Date.now()` time), carried along all
 * the async work it starts. Medusa runs most of a pricing route (its middlewares, the cart's
 * queries, the workflow) before it asks the provider for a price: 40 to 250 ms on a busy server.
 * A freight deadline counted from the provider's call let the route answer that much past
 * `freight.timeoutMs`; counted from the request's arrival, the route as a whole keeps to it.
 */
const arrivals = new AsyncLocalStorage<number>()

/** Runs `next`, and all it starts, as the work of a request that arrived at `at`. */
export function runFromArrival<T>(next: () => T, at: number = Date.now()): T {
  return arrivals.run(at, next)
}

/** When the request being served arrived, or undefined outside a request (a job, a test). */
export function requestArrival(): number | undefined {
  return arrivals.getStore()
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
