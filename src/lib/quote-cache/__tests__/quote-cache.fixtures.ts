// Fixtures shared by the QuoteCache spec files: the options' values, a cache on a fake clock, and loads that
// succeed, fail, or answer when the test chooses.
import { QuoteCache, type Loaded, type QuoteCacheOptions } from "../quote-cache"

export const SUCCESS_TTL = 600_000
export const FAILURE_TTL = 30_000
export const STALE_TTL = 21_600_000
/** The options' values: the cache has no defaults of its own (they are declared in medusa-plugin.config.ts). */
export const OPTIONS = {
  maxEntries: 10_000,
  successTtlMs: SUCCESS_TTL,
  failureTtlMs: FAILURE_TTL,
  staleTtlMs: STALE_TTL,
}

function fakeClock() {
  let time = 1_000_000
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms
    },
  }
}

export function cacheWithClock(options: Partial<QuoteCacheOptions> = {}) {
  const clock = fakeClock()
  const cache = new QuoteCache<string>({ ...OPTIONS, now: clock.now, ...options })
  return { cache, clock }
}

/** A load whose answer the test gives when it chooses, before or after the cache calls it. */
export function deferredLoad() {
  let resolve: (value: string) => void = () => undefined
  let reject: (error: unknown) => void = () => undefined
  const answer = new Promise<string>((onResolve, onReject) => {
    resolve = onResolve
    reject = onReject
  })
  const load = jest.fn(() => answer.then(ownAnswer))
  return { load, resolve: (value: string) => resolve(value), reject: (error: unknown) => reject(error) }
}

/** What a load of this instance's own (not another instance's) gives. */
export const ownAnswer = (value: string): Loaded<string> => ({ value, source: "upstream" })
export const succeeding = (value: string) => jest.fn(async () => ownAnswer(value))
export const failing = (error: unknown) => jest.fn(async (): Promise<Loaded<string>> => Promise.reject(error))
