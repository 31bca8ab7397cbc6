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
