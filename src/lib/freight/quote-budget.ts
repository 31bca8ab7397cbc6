/**
 * The deadline of one quote, in whole milliseconds: what is left of `timeoutMs` since the wait
 * began (`startedAt`, when the HTTP request that asks reached Medusa), so that the request as a
 * whole answers within `timeoutMs`. Never less than half of it: a Medusa slow to reach the
 * provider must not turn into timeouts that the circuit breaker and the cache blame on the
 * freight API.
 */
export function quoteBudgetMs(timeoutMs: number, startedAt: number | undefined, now: number): number {
  const spent = startedAt === undefined ? 0 : Math.max(0, now - startedAt)
  return Math.floor(Math.max(timeoutMs - spent, timeoutMs / 2))
}
