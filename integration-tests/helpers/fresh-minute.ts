import type { InProcessClocks } from "../../src/modules/frete/service"

let minutes = 0
const FIRST_MINUTE = Date.UTC(2030, 0, 1) + Math.floor(Math.random() * 100_000) * 60_000

/**
 * A minute of its own for the quota guard of the app in this jest worker, with its clock stopped
 * in it: the module's memory starts over (as after a restart), so a test's takes all fall in one
 * minute and none of an earlier test's, with no wait. Servers started apart get one minute of their
 * own through `FRETE_QUOTA_CLOCK_AT`.
 */
export function ownMinute(container: { resolve<T>(key: string): T }): void {
  const at = FIRST_MINUTE + (minutes += 1) * 60_000 + 1_000
  container
    .resolve<{ forgetInProcessState(options?: unknown, clocks?: InProcessClocks): void }>("frete")
    .forgetInProcessState(undefined, { guard: () => at })
}
