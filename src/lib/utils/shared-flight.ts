/**
 * Calls made at the same moment with the same key share one run of `load` and its result; nothing
 * is kept once it settles, so no answer is ever older than the call that asked for it. For the
 * lookups a burst of shoppers on one product page repeats (the variant, the sales channel's stock
 * locations): one query instead of one per shopper.
 */
export function sharedFlight<T>(): (key: string, load: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>()
  return (key, load) => {
    const under = running.get(key)
    if (under) return under
    const started = load().finally(() => running.delete(key))
    running.set(key, started)
    return started
  }
}
