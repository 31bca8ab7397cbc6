import type { ICachingModuleService, ILockingModule } from "@medusajs/framework/types"
import { z } from "zod"
import { freightQuoteSchema, type FreightQuote } from "../freight/schemas"
import type { Deadline } from "../http/deadline"
import type { FreteLogger } from "../utils/logger"
import type { Loaded } from "./quote-cache"

// The call a price made or waited for: the freight API's time, the quota guard's (0 when it made none) and its word.
export type Took = { upstreamMs: number; guardMs: number; guard?: "admitted" | "refused" }
export type Asked = { quote: FreightQuote; took: Took }

// The answers the store's instances share (Medusa's Caching Module) and a lock per query (its Locking Module).
export interface SharedQuoteTier {
  read(key: string): Promise<KeptQuote | null>
  write(key: string, kept: KeptQuote, ttlMs: number): Promise<void>
  // Runs `job` holding `key`'s lock, told whether it waited; rejects with LockWaitTimeout past `waitMs`.
  exclusive<T>(key: string, waitMs: number, job: (waited: boolean) => Promise<T>, locking: ILockingModule): Promise<T>
}

const keptQuoteSchema = z.object({ storedAt: z.number(), quote: freightQuoteSchema })
export type KeptQuote = z.infer<typeof keptQuoteSchema>

export class LockWaitTimeout extends Error {
  constructor(waitMs: number) {
    super(`another instance is asking the freight API the same query; it did not answer within ${waitMs} ms`)
    this.name = "LockWaitTimeout"
  }
}

// As another instance (or another version of the plugin) wrote it.
export const readKeptQuote = (stored: unknown): KeptQuote | null => keptQuoteSchema.safeParse(stored).data ?? null

// Redis's locking provider retries after 10 ms at the soonest: a lock had later was held by another instance.
const WAITED_MS = 10

// Null without a Caching Module; no Redis client of the plugin's own.
export function sharedQuoteTier(caching: ICachingModuleService | undefined): SharedQuoteTier | null {
  if (!caching) return null
  const cacheKey = (key: string) => `frete:quote:${key}`
  return {
    read: async (key) => readKeptQuote(await caching.get({ key: cacheKey(key) })),
    async write(key, kept, ttlMs) {
      // Whole seconds as the providers count them, never 0 (no expiry).
      const ttl = Math.max(1, Math.floor(ttlMs / 1000))
      const options = { autoInvalidate: false }
      await caching.set({ key: cacheKey(key), data: kept, ttl, tags: ["frete:quotes"], options })
    },
    async exclusive(key, waitMs, job, lock) {
      // The Locking Module waits in whole seconds, longer than the quote's deadline; a started job takes its time.
      let started = false
      const giveUp = AbortSignal.timeout(waitMs)
      const waited = new Promise<never>((_resolve, reject) =>
        giveUp.addEventListener("abort", () => started || reject(new LockWaitTimeout(waitMs)))
      )
      const askedAt = performance.now()
      const run = () => {
        started = true
        // Had after this caller stopped waiting: nothing to do.
        if (giveUp.aborted) return Promise.reject(new LockWaitTimeout(waitMs))
        return job(performance.now() - askedAt > WAITED_MS)
      }
      const timeout = Math.max(1, Math.ceil(waitMs / 1000))
      const locked = lock.execute(cacheKey(key), run, { timeout, expire: 30 })
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

// Another instance's fresh answer, else this one's call, kept for the others. With a Locking Module (checkout) the
// read holds the query's lock: instances asking at once make one call. A failing tier is passed by.
export class SharedLoad {
  // hits: another instance's answer; waited: had after waiting for its call; errors: failed reads, writes or locks.
  private readonly counters = { hits: 0, waited: 0, errors: 0 }
  private warnedAt = -Infinity

  constructor(
    private readonly tier: () => SharedQuoteTier | null,
    private readonly successTtlMs: number,
    private readonly logger: FreteLogger
  ) {}

  stats() {
    return this.tier() ? { ...this.counters } : null
  }

  async load(key: string, deadline: Deadline, ask: () => Promise<Asked>, locking?: ILockingModule) {
    const tier = this.tier()
    if (!tier) return { value: await ask(), source: "upstream" as const }
    const askAndKeep = async (): Promise<Loaded<Asked>> => {
      const asked = await ask()
      const kept = { quote: asked.quote, storedAt: Date.now() }
      await tier.write(key, kept, this.successTtlMs).catch((error: unknown) => this.failed("write", error))
      return { value: asked, source: "upstream" }
    }
    if (!locking) {
      const kept = await this.read(tier, key)
      return kept ? this.received(kept, false) : askAndKeep()
    }
    // The job's own failure is its outcome, told apart from the lock's.
    let outcome: Loaded<Asked> | { error: unknown }
    try {
      outcome = await tier.exclusive(
        key,
        deadline.remaining(),
        async (waited): Promise<Loaded<Asked> | { error: unknown }> => {
          const kept = await this.read(tier, key)
          return kept ? this.received(kept, waited) : askAndKeep().catch((error: unknown) => ({ error }))
        },
        locking
      )
    } catch (error) {
      if (!(error instanceof LockWaitTimeout)) {
        this.failed("lock", error)
        return askAndKeep()
      }
      // The other instance's call outlasted the wait: its answer may have come just now.
      const late = await this.read(tier, key)
      if (!late) throw error
      return this.received(late, true)
    }
    if ("error" in outcome) throw outcome.error
    return outcome
  }

  // Nothing asked here: the other instance's call took its own time.
  private received(kept: KeptQuote, waited: boolean): Loaded<Asked> {
    this.counters[waited ? "waited" : "hits"]++
    const value = { quote: kept.quote, took: { upstreamMs: 0, guardMs: 0 } }
    return { value, source: "shared", storedAt: kept.storedAt }
  }

  private async read(tier: SharedQuoteTier, key: string): Promise<KeptQuote | null> {
    const kept = await tier.read(key).catch((error: unknown) => this.failed("read", error))
    return kept && Date.now() - kept.storedAt < this.successTtlMs ? kept : null
  }

  private failed(what: string, error: unknown): null {
    this.counters.errors++
    if (Date.now() - this.warnedAt >= 60_000) {
      this.warnedAt = Date.now()
      const why = `${what}: ${error instanceof Error ? error.message : String(error)}`
      this.logger.warn(
        `frete: the shared quote cache failed (${why}); this instance asks the freight API for itself meanwhile`
      )
    }
    return null
  }
}
