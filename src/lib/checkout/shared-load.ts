import type { FreightQuote } from "../freight/schemas"
import { quoteBudgetMs } from "../freight/quote-budget"
import { Received } from "../quote-cache/quote-cache"
import { LockWaitTimeout, type KeptQuote, type SharedQuoteTier } from "../quote-cache/shared-tier"
import type { FreteLogger } from "../utils/logger"

export interface SharedTierStats {
  /** Loads answered by another instance's answer, with no call of this process. */
  hits: number
  /** Loads that waited for another instance's call of the same query and took its answer. */
  waited: number
  /** Reads, writes or locks of the shared tier that failed (the load then went on without it). */
  errors: number
}

export interface SharedTierConfig {
  /** The tier when the store has Medusa's Caching Module, null when it has none; asked at each load. */
  tier: () => SharedQuoteTier | null
  successTtlMs: number
  timeoutMs: number
}

/** The outcome of the shared part of a load, carried out of the lock as a value. */
type LockedOutcome = { kept: KeptQuote } | { quote: FreightQuote } | { error: unknown }

/**
 * A load shared by the store's instances (see quote-cache/shared-tier.ts): another instance's
 * answer, kept in the shared tier; else, holding the query's lock across instances, the kept
 * answer of an instance that asked meanwhile or one call of this process (`ask`), then kept for
 * the others. A shared tier that fails is logged (once a minute) and left out: the process asks
 * for itself, as with none.
 */
export class SharedLoad {
  private readonly counters: SharedTierStats = { hits: 0, waited: 0, errors: 0 }
  private warnedAt = -Infinity

  constructor(
    private readonly config: SharedTierConfig,
    private readonly logger: FreteLogger
  ) {}

  /** The figures, or null when the store has no shared tier. */
  stats(): SharedTierStats | null {
    return this.config.tier() ? { ...this.counters } : null
  }

  async load(key: string, startedAt: number, ask: () => Promise<FreightQuote>): Promise<FreightQuote | Received<FreightQuote>> {
    const { tier: tierOf, successTtlMs, timeoutMs } = this.config
    const tier = tierOf()
    if (!tier) return ask()
    const kept = await this.read(tier, key)
    if (kept) {
      this.counters.hits++
      return new Received(kept.quote, kept.storedAt)
    }
    let outcome: LockedOutcome
    try {
      outcome = await tier.exclusive(key, quoteBudgetMs(timeoutMs, startedAt, Date.now()), async (): Promise<LockedOutcome> => {
        const meanwhile = await this.read(tier, key)
        if (meanwhile) return { kept: meanwhile }
        try {
          const quote = await ask()
          await this.write(tier, key, { quote, storedAt: Date.now() }, successTtlMs)
          return { quote }
        } catch (error) {
          return { error }
        }
      })
    } catch (error) {
      if (!(error instanceof LockWaitTimeout)) {
        this.failed("lock", error)
        return ask()
      }
      // The other instance's call outlasted the wait: its answer may have come just now.
      const late = await this.read(tier, key)
      if (!late) throw error
      outcome = { kept: late }
    }
    if ("error" in outcome) throw outcome.error
    if ("quote" in outcome) return outcome.quote
    this.counters.waited++
    return new Received(outcome.kept.quote, outcome.kept.storedAt)
  }

  private async read(tier: SharedQuoteTier, key: string): Promise<KeptQuote | null> {
    try {
      const kept = await tier.read(key)
      return kept && Date.now() - kept.storedAt < this.config.successTtlMs ? kept : null
    } catch (error) {
      this.failed("read", error)
      return null
    }
  }

  private async write(tier: SharedQuoteTier, key: string, kept: KeptQuote, ttlMs: number): Promise<void> {
    try {
      await tier.write(key, kept, ttlMs)
    } catch (error) {
      this.failed("write", error)
    }
  }

  private failed(what: string, error: unknown): void {
    this.counters.errors++
    const now = Date.now()
    if (now - this.warnedAt >= 60_000) {
      this.warnedAt = now
      this.logger.warn(`frete: the shared quote cache failed (${what}: ${error instanceof Error ? error.message : String(error)}); this instance asks the freight API for itself meanwhile`)
    }
  }
}
