import { createHash } from "node:crypto"
import { LRUCache } from "lru-cache"

/** The numbers come from the plugin's options (`freight.cache`), where their defaults are declared. */
export interface QuoteCacheOptions {
  /** Least recently used entries are evicted beyond this many. */
  maxEntries: number
  /** How long a success is fresh. */
  successTtlMs: number
  /** How long a failure is remembered: no new upstream call for the key meanwhile. */
  failureTtlMs: number
  /** How long after it was stored an expired success may still be served when upstream fails. */
  staleTtlMs: number
  /**
   * Whether a failure is remembered for its key (failureTtlMs). False for a failure that says
   * nothing of the key's query, such as a call refused by an open circuit: once the circuit
   * closes, the key is asked again at once. Stale serving happens either way. Default: all are.
   */
  remembers?: (error: unknown) => boolean
  /** The clock, replaceable in tests. */
  now?: () => number
}

/** `shared`: another instance's answer, from the store's shared cache (see Received). */
export type QuoteSource = "cache" | "shared" | "upstream" | "stale"

export interface QuoteCacheResult<T> {
  value: T
  source: QuoteSource
  /** The failure that made us serve stale. */
  error?: unknown
  /** When the value was received from upstream. */
  storedAt: number
}

export interface QuoteCacheStats {
  entries: number
  /** The bound on entries. */
  maxEntries: number
  inFlight: number
  /** Gets answered by a fresh success. */
  hits: number
  /** Calls of `load`, however many callers shared each one. */
  loads: number
  /** Gets answered by an expired success because upstream failed. */
  staleServed: number
  /** Gets that threw a failure, fresh or remembered. */
  failuresServed: number
  evictions: number
}

interface StoredSuccess<T> {
  value: T
  storedAt: number
}

/**
 * A key's last success and, when the last load failed, its failure: the failure never erases the
 * success, stale serving needs it. lru-cache's TTL of the entry is how long no load is due: the
 * success's freshness, or the failure's memory.
 */
interface Entry<T> {
  success?: StoredSuccess<T>
  failure?: { error: unknown }
}

/**
 * A value `load` got from elsewhere than upstream (another instance's answer, kept in a shared
 * cache), with the time it was first received: it is fresh from then, not from now.
 */
export class Received<T> {
  constructor(
    readonly value: T,
    readonly storedAt: number
  ) {}
}

/** What an answer came to, before it is handed to one caller: one outcome can serve many callers. */
type Outcome<T> = { result: QuoteCacheResult<T> } | { error: unknown }

/**
 * The quote cache: `lru-cache` holds the entries (the bound, least recently used first out, each
 * entry's TTL); this wrapper adds what checkout needs on top of it: one `load` per key however
 * many callers ask at once, the failure kept for failureTtlMs, and the last success served when
 * upstream fails. lru-cache's own `fetch()` is not used for the single flight: it keeps a load in
 * flight inside the bounded cache, where other keys can evict it (its answer is then lost and the
 * next caller loads again), and a rejected fetch cannot be remembered, only dropped.
 */
export class QuoteCache<T> {
  private readonly entries: LRUCache<string, Entry<T>>
  private readonly now: () => number
  private readonly remembers: (error: unknown) => boolean
  private readonly inFlight = new Map<string, Promise<Outcome<T>>>()
  private readonly counters = { hits: 0, loads: 0, staleServed: 0, failuresServed: 0, evictions: 0 }

  constructor(private readonly options: QuoteCacheOptions) {
    const { maxEntries, successTtlMs, failureTtlMs, staleTtlMs } = options
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`)
    // lru-cache reads a TTL of 0 as "forever": the schema's minimum of 1 ms is required here too.
    for (const [name, ttl] of [["successTtlMs", successTtlMs], ["failureTtlMs", failureTtlMs]] as const) {
      if (!Number.isInteger(ttl) || ttl < 1) throw new RangeError(`${name} must be a positive integer, got ${ttl}`)
    }
    if (!(staleTtlMs >= 0)) throw new RangeError(`staleTtlMs must be a non-negative number, got ${staleTtlMs}`)
    this.now = options.now ?? Date.now
    this.remembers = options.remembers ?? (() => true)
    this.entries = new LRUCache<string, Entry<T>>({
      max: maxEntries,
      perf: { now: () => this.now() },
      // Read the clock at every look, not once per millisecond: a test's clock moves between two.
      ttlResolution: 0,
      // An expired entry stays: its success may still be served stale, until evicted.
      noDeleteOnStaleGet: true,
      dispose: (_entry, _key, reason) => {
        if (reason === "evict") this.counters.evictions++
      },
    })
  }

  /**
   * The value for `key`: a fresh success from the cache; else ONE shared call of `load` for all
   * concurrent callers of the same key; on its failure, the last success for that key if younger
   * than staleTtlMs (source "stale", with `error`), else the failure is thrown. A failure
   * remembered (failureTtlMs) answers the same way without calling `load`.
   */
  async get(key: string, load: () => Promise<T | Received<T>>): Promise<QuoteCacheResult<T>> {
    // Within its TTL (marked as the most recently used), else undefined: a load is due.
    const entry = this.entries.get(key)
    if (entry?.failure) return this.deliver(this.answerFailure(entry.success, entry.failure.error, this.now()))
    if (entry?.success) {
      this.counters.hits++
      return { value: entry.success.value, source: "cache", storedAt: entry.success.storedAt }
    }
    const flight = this.inFlight.get(key) ?? this.startLoad(key, load)
    return this.deliver(await flight)
  }

  /** Whether a call of get(key) right now would call upstream (no fresh success, no remembered failure, nothing in flight). */
  wouldLoad(key: string): boolean {
    return !this.inFlight.has(key) && !this.entries.has(key)
  }

  /** Forgets the key, including a load in flight: its callers still get its answer, but it is not stored. */
  delete(key: string): void {
    this.entries.delete(key)
    this.inFlight.delete(key)
  }

  /** Forgets every key, as `delete` does. */
  clear(): void {
    this.entries.clear()
    this.inFlight.clear()
  }

  stats(): QuoteCacheStats {
    return { entries: this.entries.size, maxEntries: this.options.maxEntries, inFlight: this.inFlight.size, ...this.counters }
  }

  private startLoad(key: string, load: () => Promise<T | Received<T>>): Promise<Outcome<T>> {
    this.counters.loads++
    // `load` runs a microtask later, so that a synchronous throw becomes a rejection like any
    // other failure, and the flight is registered before `load` can run any code.
    const flight: Promise<Outcome<T>> = Promise.resolve()
      .then(() => load())
      .then(
        (value) => this.settleSuccess(key, flight, value),
        (error: unknown) => this.settleFailure(key, flight, error)
      )
    this.inFlight.set(key, flight)
    return flight
  }

  private settleSuccess(key: string, flight: Promise<Outcome<T>>, loaded: T | Received<T>): Outcome<T> {
    const { value, storedAt } = loaded instanceof Received ? loaded : { value: loaded, storedAt: this.now() }
    if (this.isCurrent(key, flight)) {
      this.inFlight.delete(key)
      this.store(key, { success: { value, storedAt } }, this.options.successTtlMs, storedAt)
    }
    return { result: { value, source: loaded instanceof Received ? "shared" : "upstream", storedAt } }
  }

  private settleFailure(key: string, flight: Promise<Outcome<T>>, error: unknown): Outcome<T> {
    const failedAt = this.now()
    if (!this.isCurrent(key, flight)) return { error }
    this.inFlight.delete(key)
    // Eviction during the flight may have taken the entry, and with it the success to serve stale.
    const success = this.entries.peek(key, { allowStale: true })?.success
    if (this.remembers(error)) {
      this.store(key, success ? { success, failure: { error } } : { failure: { error } }, this.options.failureTtlMs, failedAt)
    }
    return this.answerFailure(success, error, failedAt)
  }

  /** Whether the flight is still the key's own, i.e. neither delete() nor clear() dropped it. */
  private isCurrent(key: string, flight: Promise<Outcome<T>>): boolean {
    return this.inFlight.get(key) === flight
  }

  /**
   * Keeps `entry` for `ttlMs` from `since`. lru-cache counts an entry expired once MORE than its
   * TTL has passed since its start; the contract here is "fresh while younger than the TTL", so
   * the start is put one millisecond earlier.
   */
  private store(key: string, entry: Entry<T>, ttlMs: number, since: number): void {
    this.entries.set(key, entry, { ttl: ttlMs, start: since - 1 })
  }

  private answerFailure(success: StoredSuccess<T> | undefined, error: unknown, now: number): Outcome<T> {
    if (success && now - success.storedAt < this.options.staleTtlMs) {
      return { result: { value: success.value, source: "stale", error, storedAt: success.storedAt } }
    }
    return { error }
  }

  /** Hands one caller its answer, counting it. */
  private deliver(outcome: Outcome<T>): QuoteCacheResult<T> {
    if ("error" in outcome) {
      this.counters.failuresServed++
      throw outcome.error
    }
    if (outcome.result.source === "stale") this.counters.staleServed++
    return outcome.result
  }
}

/**
 * A stable JSON text of a value, object keys sorted at every depth and arrays in their order, so
 * that equal queries built in different key orders give the same key.
 */
export function canonicalKey(value: unknown): string {
  const text: string | undefined = JSON.stringify(value, (_key, member: unknown) => {
    if (member === null || typeof member !== "object" || Array.isArray(member)) return member
    const record = member as Record<string, unknown>
    const sorted: Record<string, unknown> = {}
    for (const key of Object.keys(record).sort()) sorted[key] = record[key]
    return sorted
  })
  // JSON.stringify gives undefined for undefined, functions and symbols: none of them is a query.
  if (text === undefined) throw new TypeError("canonicalKey needs a JSON value")
  return text
}

/** The sha256 hex of a key: keys can be long, a hash is what callers store. */
export function hashKey(text: string): string {
  return createHash("sha256").update(text).digest("hex")
}
