import { createHash } from "node:crypto"
import { LRUCache } from "lru-cache"

export interface QuoteCacheOptions {
  maxEntries: number
  successTtlMs: number
  failureTtlMs: number // no new load of a failed key meanwhile
  staleTtlMs: number // how long after it was stored a success may be served when upstream fails
  remembers?: (error: unknown) => boolean // false: it says nothing of the query (an open circuit)
  now?: () => number
}

export type QuoteSource = "cache" | "shared" | "upstream" | "stale"

export type QuoteCacheResult<T> = { value: T; source: QuoteSource; error?: unknown; storedAt: number }

// `shared`: another instance's answer, fresh from when it was stored there.
export type Loaded<T> = { value: T; source: "upstream" } | { value: T; source: "shared"; storedAt: number }

type Stored<T> = { value: T; storedAt: number; source: "upstream" | "shared" }
type Load<T> = () => Promise<Loaded<T>>

// lru-cache's `fetch()` gives the bound, the TTL and one `load` per key; a second LRUCache remembers failures.
export class QuoteCache<T> {
  private readonly values: LRUCache<string, Stored<T>, Load<T>>
  private readonly failures: LRUCache<string, { error: unknown }>
  private readonly now: () => number
  private readonly counters = { hits: 0, loads: 0, staleServed: 0, failuresServed: 0, evictions: 0, inFlight: 0 }

  constructor(private readonly options: QuoteCacheOptions) {
    // Checked by the options' schema: lru-cache would read a TTL of 0 as "forever".
    const { maxEntries, successTtlMs, failureTtlMs } = options
    const now = (this.now = options.now ?? Date.now)
    // ttlResolution 0: the clock is read at every look (a test's clock moves between two).
    const common = { max: maxEntries, perf: { now: () => now() }, ttlResolution: 0 }
    this.values = new LRUCache<string, Stored<T>, Load<T>>({
      ...common,
      ttl: successTtlMs,
      noDeleteOnFetchRejection: true,
      // A load whose entry was evicted or cleared still answers its callers; it is not stored.
      ignoreFetchAbort: true,
      fetchMethod: (key, _stale, { options: set, signal, context: load }) => this.load(key, load, set, signal),
      dispose: (_stored, _key, reason) => {
        if (reason === "evict") this.counters.evictions++
      },
    })
    this.failures = new LRUCache<string, { error: unknown }>({ ...common, ttl: failureTtlMs })
  }

  async get(key: string, load: Load<T>): Promise<QuoteCacheResult<T>> {
    const remembered = this.failures.get(key)
    if (remembered) return this.answerFailure(key, remembered.error)
    const status: LRUCache.Status<string, Stored<T>, Load<T>> = {}
    let stored: Stored<T>
    try {
      stored = (await this.values.fetch(key, { context: load, status }))!
    } catch (error) {
      return this.answerFailure(key, error)
    }
    if (status.fetch === "hit") this.counters.hits++
    return { value: stored.value, source: status.fetch === "hit" ? "cache" : stored.source, storedAt: stored.storedAt }
  }

  clear(): void {
    this.values.clear()
    this.failures.clear()
  }

  stats() {
    return { entries: this.values.size, maxEntries: this.options.maxEntries, ...this.counters }
  }

  private async load(
    key: string,
    load: Load<T>,
    set: LRUCache.FetcherFetchOptions<string, Stored<T>, Load<T>>,
    signal: AbortSignal
  ): Promise<Stored<T>> {
    this.counters.loads++
    this.counters.inFlight++
    try {
      const loaded = await load()
      const stored: Stored<T> = loaded.source === "shared" ? loaded : { ...loaded, storedAt: this.now() }
      // Fresh for successTtlMs from when upstream gave it, on whichever instance.
      set.ttl = Math.max(1, stored.storedAt + this.options.successTtlMs - this.now())
      return stored
    } catch (error) {
      // A key forgotten meanwhile (clear, eviction) keeps no memory of its load.
      if (!signal.aborted && (this.options.remembers?.(error) ?? true)) this.failures.set(key, { error })
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

// Keys sorted at every depth: equal queries built in different key orders give one key.
export function canonicalKey(value: unknown): string {
  const text: string | undefined = JSON.stringify(value, (_key, member: unknown) =>
    member === null || typeof member !== "object" || Array.isArray(member)
      ? member
      : Object.fromEntries(
          Object.keys(member)
            .sort()
            .map((key) => [key, (member as Record<string, unknown>)[key]])
        )
  )
  if (text === undefined) throw new TypeError("canonicalKey needs a JSON value")
  return text
}

export const hashKey = (text: string): string => createHash("sha256").update(text).digest("hex")
