import { NoTimeLeftError } from "../http/errors"

export const MIN_CALL_BUDGET_MS = 100

/** What is left of `timeoutMs` since the HTTP request reached Medusa (`startedAt`): the request as a whole answers within it, fallback included. */
export function quoteBudgetMs(timeoutMs: number, startedAt: number | undefined, now: number): number {
  return Math.max(0, Math.floor(timeoutMs - (startedAt === undefined ? 0 : Math.max(0, now - startedAt))))
}

export function callBudgetMs(timeoutMs: number, startedAt: number | undefined, now: number): number {
  const budget = quoteBudgetMs(timeoutMs, startedAt, now)
  if (budget < MIN_CALL_BUDGET_MS) {
    throw new NoTimeLeftError(`the freight API was not asked: ${budget} ms were left of freight.timeoutMs (${timeoutMs} ms) since the request arrived`, { service: "freight", outcomeUnknown: false })
  }
  return budget
}
