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

interface Stored<T> {
  value: T
  storedAt: number
  source: "upstream" | "shared"
}

type Load<T> = () => Promise<T | Received<T>>

/**
 * The quote cache: `lru-cache`'s `fetch()` gives the bound (least recently used first out), each
 * success's TTL and ONE `load` per key however many callers ask at once; an expired success stays
 * (`noDeleteOnFetchRejection`) to be served, while younger than staleTtlMs, when upstream fails. A
 * second LRUCache remembers failures for failureTtlMs: no load for the key meanwhile.
 */
export class QuoteCache<T> {
  private readonly values: LRUCache<string, Stored<T>, Load<T>>
  private readonly failures: LRUCache<string, { error: unknown }>
  private readonly now: () => number
  private readonly remembers: (error: unknown) => boolean
  private readonly counters = { hits: 0, loads: 0, staleServed: 0, failuresServed: 0, evictions: 0, inFlight: 0 }

  constructor(private readonly options: QuoteCacheOptions) {
    const { maxEntries, successTtlMs, failureTtlMs, staleTtlMs } = options
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}`)
    // lru-cache reads a TTL of 0 as "forever": the schema's minimum of 1 ms is required here too.
    for (const [name, ttl] of [["successTtlMs", successTtlMs], ["failureTtlMs", failureTtlMs]] as const) {
      if (!Number.isInteger(ttl) || ttl < 1) throw new RangeError(`${name} must be a positive integer, got ${ttl}`)
    }
    if (!(staleTtlMs >= 0)) throw new RangeError(`staleTtlMs must be a non-negative number, got ${staleTtlMs}`)
    const now = options.now ?? Date.now
    this.now = now
    this.remembers = options.remembers ?? (() => true)
    // ttlResolution 0: the clock is read at every look, not once per millisecond (a test's clock moves between two).
    const common = { max: maxEntries, perf: { now: () => now() }, ttlResolution: 0 }
    this.values = new LRUCache<string, Stored<T>, Load<T>>({
      ...common,
      ttl: successTtlMs,
      noDeleteOnFetchRejection: true,
      // A load whose entry was evicted, deleted or cleared still answers the callers that wait for it; it is not stored.
      ignoreFetchAbort: true,
      fetchMethod: (key, _stale, { options: set, signal, context: load }) => this.load(key, load, set, signal),
      dispose: (_stored, _key, reason) => {
        if (reason === "evict") this.counters.evictions++
      },
    })
    this.failures = new LRUCache<string, { error: unknown }>({ ...common, ttl: failureTtlMs })
  }

  /**
   * The value for `key`: a fresh success from the cache; else ONE shared call of `load` for all
   * concurrent callers of the same key; on its failure, the last success for that key if younger
   * than staleTtlMs (source "stale", with `error`), else the failure is thrown. A failure
   * remembered (failureTtlMs) answers the same way without calling `load`.
   */
  async get(key: string, load: Load<T>): Promise<QuoteCacheResult<T>> {
    const remembered = this.failures.get(key)
    if (remembered) return this.answerFailure(key, remembered.error)
    const status: LRUCache.Status<string, Stored<T>, Load<T>> = {}
    let stored: Stored<T>
    try {
      // Never undefined: the fetchMethod returns a value or throws, and an aborted one is waited for (ignoreFetchAbort).
      stored = (await this.values.fetch(key, { context: load, status }))!
    } catch (error) {
      return this.answerFailure(key, error)
    }
    if (status.fetch === "hit") this.counters.hits++
    return { value: stored.value, source: status.fetch === "hit" ? "cache" : stored.source, storedAt: stored.storedAt }
  }

  /** Forgets every key; a load in flight still answers its callers, but is not stored. */
  clear(): void {
    this.values.clear()
    this.failures.clear()
  }

  stats(): QuoteCacheStats {
    return { entries: this.values.size, maxEntries: this.options.maxEntries, ...this.counters }
  }

  private async load(key: string, load: Load<T>, set: LRUCache.FetcherFetchOptions<string, Stored<T>, Load<T>>, signal: AbortSignal): Promise<Stored<T>> {
    this.counters.loads++
    this.counters.inFlight++
    try {
      const loaded = await load()
      const stored: Stored<T> =
        loaded instanceof Received ? { value: loaded.value, storedAt: loaded.storedAt, source: "shared" } : { value: loaded, storedAt: this.now(), source: "upstream" }
      // Fresh for successTtlMs from when upstream gave it, whichever instance asked (at least 1 ms: 0 is "forever").
      set.ttl = Math.max(1, stored.storedAt + this.options.successTtlMs - this.now())
      return stored
    } catch (error) {
      // A key forgotten meanwhile (clear, eviction) keeps no memory of its load.
      if (!signal.aborted && this.remembers(error)) this.failures.set(key, { error })
      throw error
    } finally {
      this.counters.inFlight--
    }
  }

  private answerFailure(key: string, error: unknown): QuoteCacheResult<T> {
    const last = this.values.peek(key, { allowStale: true })
    if (last && this.now() - last.storedAt < this.options.staleTtlMs) {
      this.counters.staleServed++
      return { value: last.value, source: "stale", error, storedAt: last.storedAt }
    }
    this.counters.failuresServed++
    throw error
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
