/** The time budget of one call, retries included; `expired()`: the budget ran out (not the caller aborting). */
export type Deadline = { readonly signal: AbortSignal; remaining(): number; expired(): boolean }

// What is left of `timeoutMs` since the request reached Medusa: it answers within it, fallback included.
export function budgetMs(timeoutMs: number, startedAt: number | undefined, now: number): number {
  return Math.max(0, Math.floor(timeoutMs - (startedAt === undefined ? 0 : Math.max(0, now - startedAt))))
}

export function startDeadline(timeoutMs: number, parent?: AbortSignal, startedAt?: number): Deadline {
  const ms = budgetMs(timeoutMs, startedAt, Date.now())
  const endsAt = Date.now() + ms
  const timeout = AbortSignal.timeout(ms)
  return {
    signal: parent ? AbortSignal.any([timeout, parent]) : timeout,
    remaining: () => Math.max(0, endsAt - Date.now()),
    expired: () => timeout.aborted,
  }
}
