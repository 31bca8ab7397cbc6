import type { FreightQuote } from "../freight/schemas"
import { Received } from "../quote-cache/quote-cache"
import type { SharedQuoteTier } from "../quote-cache/shared-tier"
import type { FreteLogger } from "../utils/logger"

export interface SharedTierStats {
  /** Loads answered by another instance's kept answer. */
  hits: number
  /** Reads or writes of the tier that failed (the load then went on by itself). */
  errors: number
}

export interface SharedTierConfig {
  tier: () => SharedQuoteTier | null
  successTtlMs: number
}

/**
 * A query this process has no answer for: another instance's fresh answer when the shared tier
 * keeps one, else this process's own call, whose answer is then kept for the others. No lock
 * across instances: a query asked on several instances at the same moment costs at most one call
 * each (one per process, by the quote cache's single flight), and a cold quote two round trips.
 * A tier that fails is passed by, with a warning a minute.
 */
export class SharedLoad {
  private readonly counters: SharedTierStats = { hits: 0, errors: 0 }
  private warnedAt = -Infinity

  constructor(
    private readonly config: SharedTierConfig,
    private readonly logger: FreteLogger
  ) {}

  stats(): SharedTierStats | null {
    return this.config.tier() ? { ...this.counters } : null
  }

  async load(key: string, ask: () => Promise<FreightQuote>): Promise<FreightQuote | Received<FreightQuote>> {
    const tier = this.config.tier()
    if (!tier) return ask()
    const kept = await tier.read(key).catch((error: unknown) => this.failed("read", error))
    if (kept && Date.now() - kept.storedAt < this.config.successTtlMs) {
      this.counters.hits++
      return new Received(kept.quote, kept.storedAt)
    }
    const quote = await ask()
    await tier.write(key, { quote, storedAt: Date.now() }, this.config.successTtlMs).catch((error: unknown) => this.failed("write", error))
    return quote
  }

  private failed(what: string, error: unknown): null {
    this.counters.errors++
    const now = Date.now()
    if (now - this.warnedAt >= 60_000) {
      this.warnedAt = now
      this.logger.warn(`frete: the shared quote cache failed (${what}: ${error instanceof Error ? error.message : String(error)}); this instance asks the freight API for itself meanwhile`)
    }
    return null
  }
}
