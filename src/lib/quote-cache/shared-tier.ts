import { z } from "zod"
import type { FreightQuote } from "../freight/schemas"

/**
 * The quote cache's second tier, shared by every Medusa instance of a store: answers kept where
 * all instances read them (Medusa's Caching Module), and a lock per query (Medusa's Locking
 * Module) so that N instances asking the same query at once make one freight call. The
 * in-process cache stays in front of it: a hot query never leaves the process.
 */
export interface SharedQuoteTier {
  /** The answer another instance (or this one) kept for `key`, with when it was received; null when none. */
  read(key: string): Promise<KeptQuote | null>
  /** Keeps `quote` for `key`, for `ttlMs`. */
  write(key: string, kept: KeptQuote, ttlMs: number): Promise<void>
  /**
   * Runs `job` holding `key`'s lock across instances. Rejects with `LockWaitTimeout` when the lock
   * is not had within `waitMs` (another instance holds it: its call is under way), with another
   * error when the locking service itself fails.
   */
  exclusive<T>(key: string, waitMs: number, job: () => Promise<T>): Promise<T>
}

export interface KeptQuote {
  quote: FreightQuote
  /** When the freight API gave it (`Date.now()` time of the instance that asked). */
  storedAt: number
}

/** The lock of a query was not had in time: another instance's call for it is still under way. */
export class LockWaitTimeout extends Error {
  constructor(waitMs: number) {
    super(`another instance is asking the freight API the same query; it did not answer within ${waitMs} ms`)
    this.name = "LockWaitTimeout"
  }
}

const keptQuoteSchema = z.object({
  storedAt: z.number(),
  quote: z.object({
    consultaToken: z.string(),
    quotations: z.array(
      z.object({
        service: z.string().min(1),
        serviceName: z.string(),
        carrier: z.string().nullable(),
        priceCents: z.number().int().nonnegative(),
        costCents: z.number().int().nullable(),
        days: z.number().int().nonnegative().nullable(),
        code: z.string().nullable(),
        logo: z.string().nullable(),
      })
    ),
  }),
})

/**
 * What the shared cache holds for a key, read back as a `KeptQuote`; null for anything else
 * (an entry of another version of the plugin, or damaged): that is a miss, never an error.
 */
export function readKeptQuote(stored: unknown): KeptQuote | null {
  const parsed = keptQuoteSchema.safeParse(stored)
  return parsed.success ? parsed.data : null
}
