import { setTimeout as sleep } from "node:timers/promises"
import type { ILockingModule } from "@medusajs/framework/types"
import { LRUCache } from "lru-cache"
import { hashKey } from "../quote-cache/quote-cache"
import type { FreteLogger } from "../utils/logger"
import { counted, OutageLog } from "../utils/outage-log"
import type { FreteSettings } from "../settings/schema"

// Up to `want` units of `key`'s budget for the minute from `windowStart`, never past `limit` for all instances.
export type GrantBudget = (key: string, windowStart: number, want: number, limit: number) => Promise<number>

type Bound = { key: string; limit: number }

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

  // One unit from every bound, or none: then `index` is the bound that refused.
  async take(bounds: Bound[]): Promise<{ index: number; retryAfterMs: number } | null> {
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

  private async takeOne(bound: Bound, lease: Lease): Promise<"leased" | "alone" | null> {
    const window = this.window
    // Alone: the shared count failed or was slow.
    for (let alone = false; ;) {
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
      if (alone || this.now() < lease.aloneUntil) {
        this.localDecisions++
        lease.used++
        return "alone"
      }
      const refill = lease.refill ?? this.startRefill(bound, lease, window)
      const waitMs = lease.refillStartedAt + SHARED_WAIT_MS - this.now()
      alone = !(waitMs > 0 && (await Promise.race([refill, sleep(waitMs, false, { ref: false })])))
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
    if (!this.ahead.has(id) && this.now() >= (this.leases.get(id)?.aloneUntil ?? 0))
      void this.startRefill(bound, leaseOf(this.ahead, id), this.window + WINDOW_MS)
  }
}

// Held per limit too: what was leased under a limit the merchant changed is not spent under the new one.
const idOf = ({ key, limit }: Bound): string => `${key}|${limit}`

const leaseOf = (leases: Map<string, Lease>, id: string): Lease =>
  leases.get(id) ??
  (leases.set(id, { left: 0, used: 0, spent: false, refillStartedAt: 0, aloneUntil: 0 }).get(id) as Lease)

// The quote route's share of the ceiling: the rest is checkout's, whatever a flood of product-page quotes does.
const ROUTE_SHARE = 0.5
// A network (IPv4 /24, IPv6 /48) may cause this many times the bound of one address.
const NETWORK_FACTOR = 4

type Refuser = "client" | "network" | "route" | "store"

// Who asks for a quote: read, never written back.
export interface Asker {
  cart?: string // checkout's pricing of a cart, counted by this instance alone (no shared count per new cart)
  client?: string // a shopper's address; with neither client nor cart (the admin, a job): unbounded
  network?: string // the address's network, bounded too
  local?: boolean // checkout or an order's flows, not the quote route: no route share
  startedAt?: number // when the freight deadline starts (epoch ms)
  locking?: ILockingModule // one call per query across the store's instances
}

export type GuardStats = ReturnType<QuoteAdmission["stats"]>

// A test's servers, started apart, all stopped in one minute of their own (epoch ms).
const clock = (at = Number(process.env.FRETE_QUOTA_CLOCK_AT)): (() => number) =>
  Number.isFinite(at) && at > 0 ? () => at : Date.now

const keyOf = (name: string) => hashKey(`frete:quote-client:${name}`).slice(0, 32)

function boundsOf(settings: FreteSettings, asker: Asker): Array<{ key: string; limit: number; by: Refuser }> {
  const limit = settings.quote_route_limit_per_minute
  const ceiling = settings.quote_store_limit_per_minute
  return [
    ...(asker.client ? [{ key: keyOf(asker.client), limit, by: "client" as const }] : []),
    ...(asker.network ? [{ key: keyOf(asker.network), limit: limit * NETWORK_FACTOR, by: "network" as const }] : []),
    ...(asker.local
      ? []
      : [{ key: "route", limit: Math.max(1, Math.floor(ceiling * ROUTE_SHARE)), by: "route" as const }]),
    // No client's key (32 hex digits) is "route" or "store".
    { key: "store", limit: ceiling, by: "store" },
  ]
}

// Not a failure of the freight API (the breaker never sees it, the cache does not remember it): answered as an outage.
export class QuoteRefusedError extends Error {
  constructor(
    readonly refusedBy: Refuser,
    readonly retryAfterMs: number,
    readonly guardMs = 0,
    limit?: number
  ) {
    const bound = refusedBy === "route" ? "quote route's share of the store's ceiling" : BOUND_NAMES[refusedBy]
    super(`The ${bound}${limit === undefined ? "" : ` (${limit})`} of new freight queries per minute is reached`)
    this.name = "QuoteRefusedError"
  }

  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryAfterMs / 1000))
  }
}

const BOUND_NAMES = { client: "client's bound", network: "network's bound", store: "store's ceiling" }

export class QuoteAdmission {
  private readonly leases: QuotaLeases
  private warnedAt = -Infinity
  private readonly counters = {
    admitted: 0,
    refused_by_client: 0,
    refused_by_network: 0,
    refused_by_route: 0,
    refused_by_store: 0,
    answered_from_kept: 0,
    answered_from_table: 0,
    refused_without_table: 0,
  }
  private lastRefusalAt: number | null = null
  private ceilingReachedAt: number | null = null
  // The ceiling (or the route's share) spent: logged when it starts and when it ends.
  private readonly quota: OutageLog
  // Carts' takes, counted by this instance alone, per minute.
  private readonly localCounts = new LRUCache<string, number>({ max: 50_000, ttl: 2 * WINDOW_MS })

  constructor(
    grant: GrantBudget,
    private readonly logger: FreteLogger,
    private readonly now: () => number = clock()
  ) {
    this.quota = new OutageLog(now)
    this.leases = new QuotaLeases(grant, now, (error) => {
      if (now() - this.warnedAt < 60_000) return
      this.warnedAt = now()
      const why = error instanceof Error ? error.message : String(error)
      logger.warn(
        `frete: the quota guard's shared count did not answer (${why}); each instance bounds new freight queries by itself meanwhile`
      )
    })
  }

  warm(settings: FreteSettings, asker: Asker): void {
    this.leases.warm(boundsOf(settings, asker))
  }

  async admit(settings: FreteSettings, asker: Asker): Promise<number> {
    if (!asker.client && !asker.cart) return 0
    const started = performance.now()
    const window = Math.floor(this.now() / WINDOW_MS)
    const cartKey = asker.cart && `${keyOf(asker.cart)}@${window}`
    const cartUsed = cartKey ? (this.localCounts.get(cartKey) ?? 0) : 0
    const bounds = boundsOf(settings, asker)
    const refusal =
      cartUsed >= settings.quote_route_limit_per_minute
        ? { index: -1, retryAfterMs: (window + 1) * WINDOW_MS - this.now() }
        : await this.leases.take(bounds)
    if (refusal === null) {
      if (cartKey) this.localCounts.set(cartKey, cartUsed + 1)
      this.counters.admitted++
      // Ended after a minute without a refusal, not at each minute's turn of a flood.
      const room = (count: number, lasted: string) =>
        `${counted(count, "quote")} priced without the API during ${lasted}`
      if (this.now() - (this.ceilingReachedAt ?? -Infinity) >= 60_000)
        this.quota.end((count, lasted) => this.logger.info(`frete: quota has room again: ${room(count, lasted)}`))
      return performance.now() - started
    }
    this.lastRefusalAt = this.now()
    const bound = bounds[refusal.index]
    const refusedBy = bound?.by ?? "client"
    this.counters[`refused_by_${refusedBy}`]++
    const error = new QuoteRefusedError(refusedBy, refusal.retryAfterMs, performance.now() - started, bound?.limit)
    if (refusedBy === "store" || refusedBy === "route") {
      this.ceilingReachedAt = this.now()
      const until = "new quotes are priced from kept answers or the table until the minute ends"
      const fix = "raise quote_store_limit_per_minute in the settings if your freight plan allows more"
      this.quota.seen(() => this.logger.warn(`frete: quota spent: ${error.message}; ${until}: ${fix}`))
    }
    throw error
  }

  answered(how: "answered_from_kept" | "answered_from_table" | "refused_without_table"): void {
    this.counters[how]++
  }

  stats() {
    const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString())
    return {
      ...this.counters,
      last_refusal_at: iso(this.lastRefusalAt),
      ceiling_reached_at: iso(this.ceilingReachedAt),
      local_decisions: this.leases.localDecisions,
    }
  }
}
