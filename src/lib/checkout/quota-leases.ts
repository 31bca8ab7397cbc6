import { setTimeout as sleep } from "node:timers/promises"

// Up to `want` units of `key`'s budget for the minute from `windowStart`, never past `limit` for all instances.
export type GrantBudget = (key: string, windowStart: number, want: number, limit: number) => Promise<number>

type Bound = { key: string; limit: number }
type Refusal = { index: number; retryAfterMs: number } // index: the bound that refused

export const WINDOW_MS = 60_000
const SHARED_WAIT_MS = 100 // how long a take waits for the shared count before this instance decides alone
const SHARED_RETRY_MS = 1000 // after the shared count failed, how long this instance decides alone
// A bound taken from in a minute's second half has its next minute's lease asked then: the turn makes no one wait.
const AHEAD_MS = 30_000

// A unit held unused in its minute is lost to the others: a bound is reached a little early, never passed.
export const leaseSize = (limit: number): number => Math.max(1, Math.floor(limit / 10))

interface Lease {
  left: number // granted, not used yet
  used: number // this minute, granted or decided alone
  spent: boolean // the shared count has none left this minute
  refill?: Promise<boolean>
  refillStartedAt: number
  aloneUntil: number
}

type Taken = "leased" | "alone"

// While the shared count fails or is slow, each instance bounds its own takes by the same limit.
export class QuotaLeases {
  private window = -1
  private leases = new Map<string, Lease>()
  private ahead = new Map<string, Lease>() // the next minute's, asked for ahead
  localDecisions = 0 // takes decided alone: the shared count failed or was slow

  constructor(
    private readonly grant: GrantBudget,
    private readonly now: () => number,
    private readonly onSharedFailure: (error: unknown) => void
  ) {}

  // As a request that may price arrives: its take, after Medusa's own work, finds the units granted.
  warm(bounds: Bound[]): void {
    this.roll(this.now())
    for (const bound of bounds) {
      const lease = leaseOf(this.leases, idOf(bound))
      const idle = lease.left === 0 && !lease.refill && !lease.spent && lease.used < bound.limit
      if (idle && this.now() >= lease.aloneUntil) void this.startRefill(bound, lease, this.window)
    }
  }

  // One unit from every bound, or none.
  async take(bounds: Bound[]): Promise<Refusal | null> {
    const now = this.now()
    const window = this.roll(now)
    const ids = bounds.map(idOf)
    const leases = ids.map((id) => leaseOf(this.leases, id))
    // A bound known to be spent refuses before a round trip for the others.
    const spent = leases.findIndex((lease) => lease.spent && lease.left === 0)
    if (spent !== -1) return { index: spent, retryAfterMs: window + WINDOW_MS - now }
    const taken = await Promise.all(bounds.map((bound, index) => this.takeOne(bound, leases[index])))
    const refused = taken.indexOf(null)
    if (refused === -1) {
      if (now - window >= WINDOW_MS - AHEAD_MS) bounds.forEach((bound, index) => this.askAhead(bound, ids[index]))
      return null
    }
    taken.forEach((how, index) => {
      if (how) leases[index].used--
      if (how === "leased") leases[index].left++
    })
    return { index: refused, retryAfterMs: window + WINDOW_MS - this.now() }
  }

  private async takeOne(bound: Bound, lease: Lease): Promise<Taken | null> {
    const window = this.window
    for (;;) {
      if (lease.used >= bound.limit) return null
      if (lease.left > 0) {
        lease.left--
        lease.used++
        if (
          !lease.refill &&
          !lease.spent &&
          lease.left < Math.floor(leaseSize(bound.limit) / 2) &&
          this.now() >= lease.aloneUntil
        )
          this.startRefill(bound, lease, window)
        return "leased"
      }
      if (lease.spent) return null
      if (this.now() < lease.aloneUntil) return this.decideAlone(bound, lease)
      const refill = lease.refill ?? this.startRefill(bound, lease, window)
      if (!(await within(refill, lease.refillStartedAt + SHARED_WAIT_MS - this.now())))
        return this.decideAlone(bound, lease)
    }
  }

  private startRefill(bound: Bound, lease: Lease, window: number): Promise<boolean> {
    lease.refillStartedAt = this.now()
    lease.refill = this.grant(bound.key, window, leaseSize(bound.limit), bound.limit)
      .then(
        (granted) => {
          lease.left += granted
          lease.spent = granted < 1
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

  private roll(now: number): number {
    const window = now - (now % WINDOW_MS)
    if (window !== this.window) {
      this.leases = window === this.window + WINDOW_MS ? this.ahead : new Map()
      this.ahead = new Map()
      this.window = window
    }
    return window
  }

  private askAhead(bound: Bound, id: string): void {
    if (this.ahead.has(id)) return
    const lease = leaseOf(this.ahead, id)
    if (this.now() >= (this.leases.get(id)?.aloneUntil ?? 0))
      void this.startRefill(bound, lease, this.window + WINDOW_MS)
  }

  private decideAlone(bound: Bound, lease: Lease): Taken | null {
    this.localDecisions++
    if (lease.used >= bound.limit) return null
    lease.used++
    return "alone"
  }
}

// Held per limit too: what was leased under a limit the merchant changed is not spent under the new one.
const idOf = ({ key, limit }: Bound): string => `${key}|${limit}`

function leaseOf(leases: Map<string, Lease>, id: string): Lease {
  let lease = leases.get(id)
  if (!lease) leases.set(id, (lease = { left: 0, used: 0, spent: false, refillStartedAt: 0, aloneUntil: 0 }))
  return lease
}

const within = (pending: Promise<boolean>, ms: number): Promise<boolean> =>
  ms <= 0 ? Promise.resolve(false) : Promise.race([pending, sleep(ms, false, { ref: false })])
