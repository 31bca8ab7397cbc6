import type { ICachingModuleService, ILockingModule } from "@medusajs/framework/types"
import { z } from "zod"
import { freightQuoteSchema } from "../freight/schemas"

/**
 * The quote answers the store's instances share (Medusa's Caching Module), and a lock per query (its Locking Module).
 */
export interface SharedQuoteTier {
  read(key: string): Promise<KeptQuote | null>
  write(key: string, kept: KeptQuote, ttlMs: number): Promise<void>
  /**
   * Runs `job` holding `key`'s lock across instances, told whether it waited for another holder; rejects with
   * LockWaitTimeout past `waitMs`.
   */
  exclusive<T>(key: string, waitMs: number, job: (waited: boolean) => Promise<T>, locking: ILockingModule): Promise<T>
}

// `storedAt`: when the answer was received (epoch ms).
const keptQuoteSchema = z.object({ storedAt: z.number(), quote: freightQuoteSchema })
export type KeptQuote = z.infer<typeof keptQuoteSchema>

export class LockWaitTimeout extends Error {
  constructor(waitMs: number) {
    super(`another instance is asking the freight API the same query; it did not answer within ${waitMs} ms`)
    this.name = "LockWaitTimeout"
  }
}

/** As another instance (or another version of the plugin) wrote it. */
export const readKeptQuote = (stored: unknown): KeptQuote | null => keptQuoteSchema.safeParse(stored).data ?? null

/**
 * A lock had later than this was held by another instance (Redis's locking provider retries after 10 ms at the
 * soonest): for the figures.
 */
const WAITED_MS = 10

/**
 * The tier on Medusa's Caching Module (Redis with its provider, so every instance reads it); null without one. It opens
 * no Redis client of its own.
 */
export function sharedQuoteTier(caching: ICachingModuleService | undefined): SharedQuoteTier | null {
  if (!caching) return null
  const cacheKey = (key: string) => `frete:quote:${key}`
  return {
    async read(key) {
      return readKeptQuote(await caching.get({ key: cacheKey(key) }))
    },
    async write(key, kept, ttlMs) {
      // Whole seconds, as the Caching Module's providers count them, never 0 (no expiry); the tag lets all be cleared
      // at once.
      await caching.set({
        key: cacheKey(key),
        data: kept,
        ttl: Math.max(1, Math.floor(ttlMs / 1000)),
        tags: ["frete:quotes"],
        options: { autoInvalidate: false },
      })
    },
    async exclusive(key, waitMs, job, lock) {
      // The Locking Module waits in whole seconds (1 at least); the quote's own deadline is shorter. Once the job
      // starts, it has the time it takes.
      let started = false
      const giveUp = AbortSignal.timeout(waitMs)
      const waited = new Promise<never>((_resolve, reject) =>
        giveUp.addEventListener("abort", () => started || reject(new LockWaitTimeout(waitMs)))
      )
      const askedAt = performance.now()
      const locked = lock.execute(
        cacheKey(key),
        () => {
          started = true
          // Had after this caller stopped waiting (it answered from elsewhere): nothing to do.
          return giveUp.aborted
            ? Promise.reject(new LockWaitTimeout(waitMs))
            : job(performance.now() - askedAt > WAITED_MS)
        },
        { timeout: Math.max(1, Math.ceil(waitMs / 1000)), expire: 30 }
      )
      try {
        return await Promise.race([locked, waited])
      } catch (error) {
        // The Locking Module's own acquire timeout: "Timed-out acquiring lock."
        if (!started && error instanceof Error && /timed-?out acquiring lock/i.test(error.message))
          throw new LockWaitTimeout(waitMs)
        throw error
      } finally {
        locked.catch(() => undefined)
      }
    },
  }
}
