/** The overall time budget of one call, retries included. */
export interface Deadline {
  readonly signal: AbortSignal
  /** Milliseconds left; 0 once passed. */
  remaining(): number
  /** True when the budget ran out (as opposed to the caller aborting). */
  expired(): boolean
}

export function startDeadline(timeoutMs: number, parent?: AbortSignal): Deadline {
  const endsAt = Date.now() + timeoutMs
  const timeout = AbortSignal.timeout(timeoutMs)
  const signal = parent ? AbortSignal.any([timeout, parent]) : timeout
  return {
    signal,
    remaining: () => Math.max(0, endsAt - Date.now()),
    expired: () => timeout.aborted,
  }
}
