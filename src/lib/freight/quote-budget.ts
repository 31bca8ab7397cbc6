import { NoTimeLeftError } from "../http/errors"

/**
 * Below this, a freight call is not made: no healthy answer comes back that fast, and the
 * timeout it would end in must not be charged to the freight API.
 */
export const MIN_CALL_BUDGET_MS = 100

/**
 * The deadline of one quote, in whole milliseconds: what is left of `timeoutMs` since the wait
 * began (`startedAt`, when the HTTP request that asks reached Medusa), so that the request as a
 * whole answers within `timeoutMs`, fallback included. No floor: a Medusa slow to reach the
 * provider shortens the call rather than the promise, and the timeout a short call ends in is the
 * plugin's own (see OwnWaitTimeoutError), never blamed on the freight API. 0 once spent.
 */
export function quoteBudgetMs(timeoutMs: number, startedAt: number | undefined, now: number): number {
  const spent = startedAt === undefined ? 0 : Math.max(0, now - startedAt)
  return Math.max(0, Math.floor(timeoutMs - spent))
}

/** `quoteBudgetMs` for a call about to be made; NoTimeLeftError when less than MIN_CALL_BUDGET_MS is left. */
export function callBudgetMs(timeoutMs: number, startedAt: number | undefined, now: number): number {
  const budget = quoteBudgetMs(timeoutMs, startedAt, now)
  if (budget < MIN_CALL_BUDGET_MS) {
    throw new NoTimeLeftError(`the freight API was not asked: ${budget} ms were left of freight.timeoutMs (${timeoutMs} ms) since the request arrived`, {
      service: "freight",
    })
  }
  return budget
}
