import type { ICachingModuleService, ILockingModule } from "@medusajs/framework/types"
import { LockWaitTimeout, readKeptQuote, type KeptQuote, type SharedQuoteTier } from "../../lib/quote-cache/shared-tier"

/** Every key the plugin keeps in the Caching Module carries this tag, so that all can be cleared at once. */
export const SHARED_QUOTES_TAG = "frete:quotes"

/**
 * The quote cache's shared tier on Medusa's own infrastructure modules: the answers in the
 * Caching Module (Redis with its Redis provider: every instance reads them), the single flight in
 * the Locking Module (shared with its Redis or Postgres provider; per process with the default
 * in-memory one). Null when the store has no Caching Module: the plugin then keeps answers per
 * process, as it always did. It never opens a Redis client of its own. The Caching Module is the
 * module's own (Medusa passes it to every module); the Locking Module is not in a module's
 * container, so `locking` gives the one of the request being priced (bridge/medusa-bridge.ts),
 * undefined outside a request: the call is then made without the lock.
 */
export function sharedQuoteTier(caching: ICachingModuleService | undefined, locking: () => ILockingModule | undefined): SharedQuoteTier | null {
  if (!caching) {
    return null
  }
  return {
    async read(key) {
      return readKeptQuote(await caching.get({ key: cacheKey(key) }))
    },
    async write(key, kept: KeptQuote, ttlMs) {
      await caching.set({
        key: cacheKey(key),
        data: kept,
        // Whole seconds, as the Caching Module's providers count them; never 0 (no expiry).
        ttl: Math.max(1, Math.floor(ttlMs / 1000)),
        tags: [SHARED_QUOTES_TAG],
        options: { autoInvalidate: false },
      })
    },
    async exclusive(key, waitMs, job) {
      const lock = locking()
      if (!lock) {
        return job()
      }
      // The Locking Module waits in whole seconds (1 at least); the quote's own deadline is shorter.
      let timer: NodeJS.Timeout | undefined
      let gaveUp = false
      const waited = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          gaveUp = true
          reject(new LockWaitTimeout(waitMs))
        }, waitMs)
      })
      let started = false
      const locked = lock.execute(
        `frete:quote:${key}`,
        () => {
          started = true
          clearTimeout(timer)
          // Had after this caller stopped waiting (it answered from elsewhere): nothing to do.
          return gaveUp ? Promise.reject(new LockWaitTimeout(waitMs)) : job()
        },
        { timeout: Math.max(1, Math.ceil(waitMs / 1000)), expire: 30 }
      )
      try {
        return await Promise.race([locked, waited])
      } catch (error) {
        if (!started && isAcquireTimeout(error)) throw new LockWaitTimeout(waitMs)
        throw error
      } finally {
        clearTimeout(timer)
        locked.catch(() => undefined)
      }
    },
  }
}

function cacheKey(key: string): string {
  return `frete:quote:${key}`
}

/** The Locking Module's acquire timeout ("Timed-out acquiring lock.") */
function isAcquireTimeout(error: unknown): boolean {
  return error instanceof Error && /timed-?out acquiring lock/i.test(error.message)
}
