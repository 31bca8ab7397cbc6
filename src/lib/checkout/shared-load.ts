import type { ILockingModule } from "@medusajs/framework/types"
import type { FreightQuote } from "../freight/schemas"
import { quoteBudgetMs } from "../freight/client"
import { Received } from "../quote-cache/quote-cache"
import { LockWaitTimeout, type KeptQuote, type SharedQuoteTier } from "../quote-cache/shared-tier"
import type { FreteLogger } from "../utils/logger"

export type SharedTierConfig = { tier: () => SharedQuoteTier | null; successTtlMs: number; timeoutMs: number }

type LockedOutcome = { kept: KeptQuote } | { quote: FreightQuote } | { error: unknown }

// A query this process has no answer for: another instance's fresh answer from the shared tier, else this process's own call, kept for the
// others. With a Locking Module (checkout's path) the read holds the query's lock: instances asking at once make one call. A failing tier is passed by.
export class SharedLoad {
  // hits: another instance's kept answer; waited: taken after waiting for its call; errors: failed reads, writes or locks.
  private readonly counters = { hits: 0, waited: 0, errors: 0 }
  private warnedAt = -Infinity

  constructor(
    private readonly config: SharedTierConfig,
    private readonly logger: FreteLogger
  ) {}

  stats() {
    return this.config.tier() ? { ...this.counters } : null
  }

  async load(
    key: string,
    startedAt: number,
    ask: () => Promise<FreightQuote>,
    locking?: ILockingModule
  ): Promise<FreightQuote | Received<FreightQuote>> {
    const tier = this.config.tier()
    if (!tier) return ask()
    const askAndKeep = async () => {
      const quote = await ask()
      await tier
        .write(key, { quote, storedAt: Date.now() }, this.config.successTtlMs)
        .catch((error: unknown) => this.failed("write", error))
      return quote
    }
    if (!locking) {
      const kept = await this.read(tier, key)
      return kept ? this.received(kept, false) : askAndKeep()
    }
    // Checkout's path: the read under the query's lock, so instances asking at once make one call.
    let outcome: LockedOutcome
    let waited = false
    try {
      outcome = await tier.exclusive(
        key,
        quoteBudgetMs(this.config.timeoutMs, startedAt, Date.now()),
        async (hadToWait): Promise<LockedOutcome> => {
          waited = hadToWait
          const kept = await this.read(tier, key)
          return kept
            ? { kept }
            : askAndKeep().then(
                (quote) => ({ quote }),
                (error: unknown) => ({ error })
              )
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
    return "quote" in outcome ? outcome.quote : this.received(outcome.kept, waited)
  }

  private received(kept: KeptQuote, waited: boolean): Received<FreightQuote> {
    this.counters[waited ? "waited" : "hits"]++
    return new Received(kept.quote, kept.storedAt)
  }

  private async read(tier: SharedQuoteTier, key: string): Promise<KeptQuote | null> {
    const kept = await tier.read(key).catch((error: unknown) => this.failed("read", error))
    return kept && Date.now() - kept.storedAt < this.config.successTtlMs ? kept : null
  }

  private failed(what: string, error: unknown): null {
    this.counters.errors++
    const now = Date.now()
    if (now - this.warnedAt >= 60_000) {
      this.warnedAt = now
      this.logger.warn(
        `frete: the shared quote cache failed (${what}: ${error instanceof Error ? error.message : String(error)}); this instance asks the freight API for itself meanwhile`
      )
    }
    return null
  }
}
