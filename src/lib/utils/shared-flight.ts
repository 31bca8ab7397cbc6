/** Calls with the same key at the same moment share one run of `load`; nothing is kept once it settles. */
export function sharedFlight<T>(): (key: string, load: () => Promise<T>) => Promise<T> {
  const running = new Map<string, Promise<T>>()
  return (key, load) => {
    if (!running.has(key)) running.set(key, load().finally(() => running.delete(key)))
    return running.get(key)!
  }
}
