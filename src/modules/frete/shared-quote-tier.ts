import type { ICachingModuleService } from "@medusajs/framework/types"
import { LockWaitTimeout, readKeptQuote, type SharedQuoteTier } from "../../lib/quote-cache/shared-tier"

/** Every key the plugin keeps in the Caching Module carries this tag, so that all can be cleared at once. */
export const SHARED_QUOTES_TAG = "frete:quotes"

/** A lock had later than this after it was asked for was held by another instance. */
const WAITED_MS = 5

/**
 * The quote answers' shared tier on Medusa's Caching Module (Medusa passes it to every module;
 * Redis with its Redis provider, so every instance reads them), and the query's lock on the
 * caller's Locking Module. Null when the store has no Caching Module: answers are then kept per
 * process. It never opens a Redis client of its own.
 */
export function sharedQuoteTier(caching: ICachingModuleService | undefined): SharedQuoteTier | null {
  if (!caching) {
    return null
  }
  const cacheKey = (key: string) => `frete:quote:${key}`
  return {
    async read(key) {
      return readKeptQuote(await caching.get({ key: cacheKey(key) }))
    },
    async write(key, kept, ttlMs) {
      // Whole seconds, as the Caching Module's providers count them; never 0 (no expiry).
      await caching.set({ key: cacheKey(key), data: kept, ttl: Math.max(1, Math.floor(ttlMs / 1000)), tags: [SHARED_QUOTES_TAG], options: { autoInvalidate: false } })
    },
    async exclusive(key, waitMs, job, lock) {
      // The Locking Module waits in whole seconds (1 at least); the quote's own deadline is shorter.
      let timer: NodeJS.Timeout | undefined
      let gaveUp = false
      let started = false
      const waited = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          gaveUp = true
          reject(new LockWaitTimeout(waitMs))
        }, waitMs)
      })
      const askedAt = performance.now()
      const locked = lock.execute(
        cacheKey(key),
        () => {
          started = true
          clearTimeout(timer)
          // Had after this caller stopped waiting (it answered from elsewhere): nothing to do.
          return gaveUp ? Promise.reject(new LockWaitTimeout(waitMs)) : job(performance.now() - askedAt > WAITED_MS)
        },
        { timeout: Math.max(1, Math.ceil(waitMs / 1000)), expire: 30 }
      )
      try {
        return await Promise.race([locked, waited])
      } catch (error) {
        // The Locking Module's own acquire timeout: "Timed-out acquiring lock."
        if (!started && error instanceof Error && /timed-?out acquiring lock/i.test(error.message)) throw new LockWaitTimeout(waitMs)
        throw error
      } finally {
        clearTimeout(timer)
        locked.catch(() => undefined)
      }
    },
  }
}
