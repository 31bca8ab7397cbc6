/**
 * Grants up to `want` units of `key`'s budget for the minute that starts at `windowStart` (epoch
 * ms), never past `limit` for all of the store's instances together: resolves to how many it
 * granted, 0 when none is left.
 */
export type GrantBudget = (key: string, windowStart: number, want: number, limit: number) => Promise<number>

/** One bound: a key of the shared count and how many units it has per minute. */
export interface Bound {
  key: string
  limit: number
}

/** The bound that refused a take (its index among those asked) and the wait until its minute ends. */
export interface Refusal {
  index: number
  retryAfterMs: number
}

export const WINDOW_MS = 60_000
/** How long a take waits for the shared count before this instance decides alone. */
const SHARED_WAIT_MS = 100
/** After the shared count failed, how long this instance decides alone before it asks again. */
const SHARED_RETRY_MS = 1000

/**
 * Units taken from the shared count at once: a tenth of the bound, the next lease asked when half
 * of one is left. An instance then decides takes in memory; the price is that a unit it holds and
 * does not use in its minute is lost to the others (at most one and a half leases per instance and
 * key), so a bound is reached a little early, never passed.
 */
export const leaseSize = (limit: number): number => Math.max(1, Math.floor(limit / 10))

/**
 * Takes a large bound lends this instance ahead of the shared count's answer, so that a burst
 * never waits for the round trip: up to one lease, for a lease of at least 10 (a bound of 100 or
 * more). The shared count's next grant repays them; when it has none left, what was lent stands,
 * so such a bound may be passed by up to a tenth per instance at the minute's end. A smaller
 * bound lends nothing and is never passed.
 */
const lendable = (limit: number): number => (leaseSize(limit) >= 10 ? leaseSize(limit) : 0)

interface Lease {
  /** Units granted to this instance and not used yet. */
  left: number
  /** Units this instance used in the window, granted, lent or decided alone. */
  used: number
  /** Units taken ahead of the shared count's answer, not repaid by a grant yet. */
  lent: number
  /** The shared count has no unit left this minute. */
  spent: boolean
  refill?: Promise<boolean>
  refillStartedAt: number
  /** Until when this instance decides alone, after the shared count failed. */
  aloneUntil: number
}

type Taken = "leased" | "lent" | "alone"

/**
 * Per-minute bounds counted for all of the store's instances together, at the cost of one round
 * trip to the shared count per `leaseSize` takes instead of one per take, and no lock shared by
 * every take of the cluster (each key is its own row). When the shared count fails or is slow,
 * each instance bounds its own takes by the same limit: N instances allow N times the bound for
 * that while, never an unbounded number.
 */
export class QuotaLeases {
  private window = -1
  private leases = new Map<string, Lease>()
  /** Takes decided by this instance alone (the shared count failed or was slow). */
  localDecisions = 0

  constructor(
    private readonly grant: GrantBudget,
    private readonly now: () => number,
    private readonly onSharedFailure: (error: unknown) => void
  ) {}

  /** One unit from every bound, or none: null when taken, else the bound that refused. */
  async take(bounds: Bound[]): Promise<Refusal | null> {
    const now = this.now()
    const window = now - (now % WINDOW_MS)
    if (window !== this.window) {
      // A new minute: every bound starts again (the shared count keys its rows by minute too).
      this.window = window
      this.leases = new Map()
    }
    const leases = bounds.map((bound) => this.leaseOf(bound))
    // A bound known to be spent refuses at once, before a round trip for the others.
    const spent = leases.findIndex((lease) => lease.spent && lease.left === 0)
    if (spent !== -1) return { index: spent, retryAfterMs: window + WINDOW_MS - now }
    const taken: Array<[Lease, Taken]> = []
    for (const [index, bound] of bounds.entries()) {
      const how = await this.takeOne(bound, leases[index])
      if (!how) {
        for (const [lease, way] of taken) this.giveBack(lease, way)
        return { index, retryAfterMs: window + WINDOW_MS - this.now() }
      }
      taken.push([leases[index], how])
    }
    return null
  }

  /**
   * A bound's lease in this minute. Held per limit too: when the merchant changes a limit, what this
   * instance leased under the old one is not spent under the new one (the shared count, which
   * knows what was granted this minute, decides again).
   */
  private leaseOf({ key, limit }: Bound): Lease {
    const id = `${key}|${limit}`
    let lease = this.leases.get(id)
    if (!lease) {
      lease = { left: 0, used: 0, lent: 0, spent: false, refillStartedAt: 0, aloneUntil: 0 }
      this.leases.set(id, lease)
    }
    return lease
  }

  private async takeOne(bound: Bound, lease: Lease): Promise<Taken | null> {
    const window = this.window
    for (;;) {
      // What this instance decided alone (the shared count never saw it) counts here too.
      if (lease.used >= bound.limit) return null
      if (lease.left > 0) {
        lease.left--
        lease.used++
        // Renewed before it runs out, so that a steady stream of takes never waits for the round trip.
        if (!lease.refill && !lease.spent && lease.left < Math.floor(leaseSize(bound.limit) / 2) && this.now() >= lease.aloneUntil) this.startRefill(bound, lease, window)
        return "leased"
      }
      if (lease.spent) return null
      if (this.now() < lease.aloneUntil) return this.decideAlone(bound, lease)
      const refill = lease.refill ?? this.startRefill(bound, lease, window)
      if (lease.lent < lendable(bound.limit)) {
        lease.lent++
        lease.used++
        return "lent"
      }
      const answered = await within(refill, lease.refillStartedAt + SHARED_WAIT_MS - this.now())
      if (!answered) return this.decideAlone(bound, lease)
    }
  }

  /** Asks the shared count for a lease; false when it failed (then this instance decides alone for a while). */
  private startRefill(bound: Bound, lease: Lease, window: number): Promise<boolean> {
    lease.refillStartedAt = this.now()
    lease.refill = this.grant(bound.key, window, leaseSize(bound.limit), bound.limit)
      .then(
        (granted) => {
          const repaid = Math.min(lease.lent, granted)
          lease.lent -= repaid
          lease.left += granted - repaid
          if (granted < 1) {
            lease.spent = true
            // Nothing left to repay them with: what was lent stands (see `lendable`).
            lease.lent = 0
          }
          return true
        },
        (error: unknown) => {
          lease.aloneUntil = this.now() + SHARED_RETRY_MS
          this.onSharedFailure(error)
          return false
        }
      )
      .finally(() => {
        lease.refill = undefined
      })
    return lease.refill
  }

  private decideAlone(bound: Bound, lease: Lease): Taken | null {
    this.localDecisions++
    if (lease.used >= bound.limit) return null
    lease.used++
    return "alone"
  }

  private giveBack(lease: Lease, how: Taken): void {
    lease.used--
    if (how === "leased") lease.left++
    if (how === "lent") lease.lent--
  }
}

/** Whether `pending` resolves true within `ms`; false when it resolves false or the wait ends first. */
async function within(pending: Promise<boolean>, ms: number): Promise<boolean> {
  if (ms <= 0) return false
  let timer: NodeJS.Timeout | undefined
  const waited = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms)
  })
  try {
    return await Promise.race([pending, waited])
  } finally {
    clearTimeout(timer)
  }
}
