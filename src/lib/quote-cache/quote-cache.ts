import { createHash } from "node:crypto"

export interface QuoteCacheOptions {
  /** Least recently used entries are evicted beyond this many. */
  maxEntries?: number
  /** How long a success is fresh. */
  successTtlMs?: number
  /** How long a failure is remembered: no new upstream call for the key meanwhile. */
  failureTtlMs?: number
  /** How long after it was stored an expired success may still be served when upstream fails. */
  staleTtlMs?: number
  /**
   * Whether a failure is remembered for its key (failureTtlMs). False for a failure that says
   * nothing of the key's query, such as a call refused by an open circuit: once the circuit
   * closes, the key is asked again at once. Stale serving happens either way.
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

interface StoredFailure {
  error: unknown
  failedAt: number
}

/** A key's last success and last failure; the failure never erases the success, stale serving needs it. */
interface Entry<T> {
  success?: StoredSuccess<T>
  failure?: StoredFailure
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
 * Caches quotes by key, makes one upstream call per key however many callers ask at once, and
 * falls back on the last success when upstream fails. Bounded to `maxEntries` keys.
 */
export class QuoteCache<T> {
  private readonly maxEntries: number
  private readonly successTtlMs: number
  private readonly failureTtlMs: number
  private readonly staleTtlMs: number
  private readonly now: () => number
  private readonly remembers: (error: unknown) => boolean
  /** Iteration order is recency of use: the first key is the least recently used. */
  private readonly entries = new Map<string, Entry<T>>()
  private readonly inFlight = new Map<string, Promise<Outcome<T>>>()
  private readonly counters = { hits: 0, loads: 0, staleServed: 0, failuresServed: 0, evictions: 0 }

  constructor(options: QuoteCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 10_000
    this.successTtlMs = options.successTtlMs ?? 600_000
    this.failureTtlMs = options.failureTtlMs ?? 30_000
    this.staleTtlMs = options.staleTtlMs ?? 21_600_000
    this.now = options.now ?? Date.now
    this.remembers = options.remembers ?? (() => true)
    if (!Number.isInteger(this.maxEntries) || this.maxEntries < 1) {
      throw new RangeError(`maxEntries must be a positive integer, got ${this.maxEntries}`)
    }
    for (const [name, ttl] of [
      ["successTtlMs", this.successTtlMs],
      ["failureTtlMs", this.failureTtlMs],
      ["staleTtlMs", this.staleTtlMs],
    ] as const) {
      if (!(ttl >= 0)) throw new RangeError(`${name} must be a non-negative number, got ${ttl}`)
    }
  }

  /**
   * The value for `key`: a fresh success from the cache; else ONE shared call of `load` for all
   * concurrent callers of the same key; on its failure, the last success for that key if younger
   * than staleTtlMs (source "stale", with `error`), else the failure is thrown. A failure
   * remembered (failureTtlMs) answers the same way without calling `load`.
   */
  async get(key: string, load: () => Promise<T | Received<T>>): Promise<QuoteCacheResult<T>> {
    const now = this.now()
    const entry = this.touch(key)
    if (entry?.success && this.isFresh(entry.success, now)) {
      this.counters.hits++
      return { value: entry.success.value, source: "cache", storedAt: entry.success.storedAt }
    }
    if (entry?.failure && this.isRemembered(entry.failure, now)) {
      return this.deliver(this.answerFailure(entry.success, entry.failure.error, now))
    }
    const flight = this.inFlight.get(key) ?? this.startLoad(key, load)
    return this.deliver(await flight)
  }

  /** Whether a call of get(key) right now would call upstream (no fresh success, no remembered failure, nothing in flight). */
  wouldLoad(key: string): boolean {
    if (this.inFlight.has(key)) return false
    const entry = this.entries.get(key)
    if (!entry) return true
    const now = this.now()
    const fresh = entry.success !== undefined && this.isFresh(entry.success, now)
    const remembered = entry.failure !== undefined && this.isRemembered(entry.failure, now)
    return !fresh && !remembered
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
    return { entries: this.entries.size, maxEntries: this.maxEntries, inFlight: this.inFlight.size, ...this.counters }
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
      this.store(key, { success: { value, storedAt } })
    }
    return { result: { value, source: loaded instanceof Received ? "shared" : "upstream", storedAt } }
  }

  private settleFailure(key: string, flight: Promise<Outcome<T>>, error: unknown): Outcome<T> {
    const failedAt = this.now()
    if (!this.isCurrent(key, flight)) return { error }
    this.inFlight.delete(key)
    // Eviction during the flight may have taken the entry, and with it the success to serve stale.
    const success = this.entries.get(key)?.success
    if (this.remembers(error)) {
      this.store(key, success ? { success, failure: { error, failedAt } } : { failure: { error, failedAt } })
    }
    return this.answerFailure(success, error, failedAt)
  }

  /** Whether the flight is still the key's own, i.e. neither delete() nor clear() dropped it. */
  private isCurrent(key: string, flight: Promise<Outcome<T>>): boolean {
    return this.inFlight.get(key) === flight
  }

  private answerFailure(success: StoredSuccess<T> | undefined, error: unknown, now: number): Outcome<T> {
    if (success && now - success.storedAt < this.staleTtlMs) {
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

  private isFresh(success: StoredSuccess<T>, now: number): boolean {
    return now - success.storedAt < this.successTtlMs
  }

  private isRemembered(failure: StoredFailure, now: number): boolean {
    return now - failure.failedAt < this.failureTtlMs
  }

  /** The key's entry, marked as the most recently used. */
  private touch(key: string): Entry<T> | undefined {
    const entry = this.entries.get(key)
    if (entry) {
      this.entries.delete(key)
      this.entries.set(key, entry)
    }
    return entry
  }

  private store(key: string, entry: Entry<T>): void {
    this.entries.delete(key)
    this.entries.set(key, entry)
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break
      this.entries.delete(oldest)
      this.counters.evictions++
    }
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
