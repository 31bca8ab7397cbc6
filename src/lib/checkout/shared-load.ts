import type { ILockingModule } from "@medusajs/framework/types"
import type { Deadline } from "../http/deadline"
import type { Loaded } from "../quote-cache/quote-cache"
import { LockWaitTimeout, type KeptQuote, type SharedQuoteTier } from "../quote-cache/shared-tier"
import type { FreteLogger } from "../utils/logger"
import type { Asked } from "./quote-result"

// A query this process has no answer for: another instance's fresh answer from the shared tier, else this process's own
// call, kept for the others. With a Locking Module (checkout's path) the read holds the query's lock: instances asking
// at once make one call. A failing tier is passed by.
export class SharedLoad {
  // hits: another instance's kept answer; waited: taken after waiting for its call; errors: failed reads, writes or
  // locks.
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

  async load(
    key: string,
    deadline: Deadline,
    ask: () => Promise<Asked>,
    locking?: ILockingModule
  ): Promise<Loaded<Asked>> {
    const tier = this.tier()
    if (!tier) return { value: await ask(), source: "upstream" }
    const askAndKeep = async (): Promise<Loaded<Asked>> => {
      const asked = await ask()
      await tier
        .write(key, { quote: asked.quote, storedAt: Date.now() }, this.successTtlMs)
        .catch((error: unknown) => this.failed("write", error))
      return { value: asked, source: "upstream" }
    }
    if (!locking) {
      const kept = await this.read(tier, key)
      return kept ? this.received(kept, false) : askAndKeep()
    }
    // Checkout's path: the read under the query's lock, so instances asking at once make one call. The job's own
    // failure is its outcome, told apart from the lock's.
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

  private received(kept: KeptQuote, waited: boolean): Loaded<Asked> {
    this.counters[waited ? "waited" : "hits"]++
    // Nothing asked here: the other instance's call took its own time.
    return {
      value: { quote: kept.quote, took: { upstreamMs: 0, guardMs: 0 } },
      source: "shared",
      storedAt: kept.storedAt,
    }
  }

  private async read(tier: SharedQuoteTier, key: string): Promise<KeptQuote | null> {
    const kept = await tier.read(key).catch((error: unknown) => this.failed("read", error))
    return kept && Date.now() - kept.storedAt < this.successTtlMs ? kept : null
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
