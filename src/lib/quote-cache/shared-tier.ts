import type { ILockingModule } from "@medusajs/framework/types"
import { z } from "zod"
import { freightQuoteSchema, type FreightQuote } from "../freight/schemas"

/** The quote answers the store's instances share (Medusa's Caching Module), and a lock per query (its Locking Module). */
export interface SharedQuoteTier {
  read(key: string): Promise<KeptQuote | null>
  write(key: string, kept: KeptQuote, ttlMs: number): Promise<void>
  /** Runs `job` holding `key`'s lock across instances, told whether it waited for another holder; rejects with LockWaitTimeout past `waitMs`. */
  exclusive<T>(key: string, waitMs: number, job: (waited: boolean) => Promise<T>, locking: ILockingModule): Promise<T>
}

/** An answer as kept in the shared tier, with when it was received (epoch ms). */
export interface KeptQuote {
  quote: FreightQuote
  storedAt: number
}

export class LockWaitTimeout extends Error {
  constructor(waitMs: number) {
    super(`another instance is asking the freight API the same query; it did not answer within ${waitMs} ms`)
    this.name = "LockWaitTimeout"
  }
}

const keptQuoteSchema = z.object({ storedAt: z.number(), quote: freightQuoteSchema })

/** A kept answer as another instance (or another version of the plugin) wrote it; null when it is not one. */
export function readKeptQuote(stored: unknown): KeptQuote | null {
  const parsed = keptQuoteSchema.safeParse(stored)
  return parsed.success ? parsed.data : null
}
