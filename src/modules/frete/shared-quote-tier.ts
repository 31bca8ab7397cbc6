import type { ICachingModuleService } from "@medusajs/framework/types"
import { readKeptQuote, type SharedQuoteTier } from "../../lib/quote-cache/shared-tier"

/** Every key the plugin keeps in the Caching Module carries this tag, so that all can be cleared at once. */
export const SHARED_QUOTES_TAG = "frete:quotes"

/**
 * The quote answers' shared tier on Medusa's Caching Module (Medusa passes it to every module;
 * Redis with its Redis provider, so every instance reads them). Null when the store has none: the
 * answers are then kept per process. It never opens a Redis client of its own.
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
  }
}
