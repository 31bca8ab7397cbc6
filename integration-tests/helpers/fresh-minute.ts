/**
 * The quota guard counts per minute of the clock: a test that checks a bound exactly waits, when
 * less than `needMs` is left of the current minute, for the next one to begin, so that its takes
 * all fall in one minute.
 */
export async function freshMinute(needMs = 30_000): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < needMs) {
    await new Promise((resolve) => setTimeout(resolve, left + 50))
  }
}

let minutes = 0
const FIRST_MINUTE = Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 100_000) * 60_000

/**
 * A minute of its own for the quota guard of the app in this jest worker, with its clock stopped
 * in it: the module's memory starts over (as after a restart), so a test's takes all fall in one
 * minute and none of an earlier test's, with no wait. A server started apart keeps `freshMinute`.
 */
export function ownMinute(container: { resolve<T>(key: string): T }): void {
  const at = FIRST_MINUTE + (minutes += 1) * 60_000 + 1_000
  container
    .resolve<{ forgetInProcessState(options?: unknown, guardClock?: () => number): void }>("frete")
    .forgetInProcessState(undefined, () => at)
}
