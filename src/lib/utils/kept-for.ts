import { LRUCache } from "lru-cache"

/**
 * Loads kept `ttlMs` by key (at most 1,000 keys): calls at the same moment share one load, and a
 * load that fails is not kept. For Medusa's data the store quote route reads on every quote.
 */
export function keptFor<T extends object>(ttlMs: number, now: () => number = performance.now.bind(performance)): (key: string, load: () => Promise<T>) => Promise<T> {
  const cache = new LRUCache<string, T, () => Promise<T>>({ max: 1000, ttl: ttlMs, ttlResolution: 0, perf: { now }, fetchMethod: (_key, _stale, { context }) => context() })
  return async (key, load) => (await cache.fetch(key, { context: load })) as T
}
