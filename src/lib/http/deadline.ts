/** The time budget of one call, retries included; `expired()`: the budget ran out (not the caller aborting). */
export type Deadline = { readonly signal: AbortSignal; remaining(): number; expired(): boolean }

export function startDeadline(timeoutMs: number, parent?: AbortSignal): Deadline {
  const endsAt = Date.now() + timeoutMs
  const timeout = AbortSignal.timeout(timeoutMs)
  return {
    signal: parent ? AbortSignal.any([timeout, parent]) : timeout,
    remaining: () => Math.max(0, endsAt - Date.now()),
    expired: () => timeout.aborted,
  }
}
