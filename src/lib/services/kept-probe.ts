import { LRUCache } from "lru-cache"

const MINUTE_MS = 60_000
/** "Consultar a API agora" on an order: new asks a minute over every order. */
export const API_PRICE_PER_MINUTE = 6
/** The freight simulator's "Consultar a API": new asks a minute over every cart and CEP. */
export const SIMULATE_PER_MINUTE = 6

/** Past the per-minute cap: nothing was asked; `retryAfterMs` until a new ask is allowed. */
export class ProbeLimitError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Probe limit reached; retry in ${retryAfterMs} ms`)
    this.name = "ProbeLimitError"
  }
}

// An admin's ask of a service, kept a short time per key (lru-cache's `fetch`: one call for concurrent asks); past
// `perMinute` new asks the caller is told to wait instead.
export class KeptProbe {
  private readonly answers: LRUCache<string, object, () => Promise<object | undefined>>
  private readonly starts: number[] = []

  constructor(private readonly options: { ttlMs: number; max: number; perMinute?: number; clock?: () => number }) {
    const now = options.clock ?? Date.now
    this.answers = new LRUCache({
      max: options.max,
      ttl: options.ttlMs,
      // Read at every get: lru-cache would otherwise reuse a time read within the last millisecond.
      ttlResolution: 0,
      perf: { now },
      fetchMethod: async (_key, _stale, { context: load }) => {
        this.admit(now())
        return load()
      },
    })
  }

  async get<Answer extends object | undefined>(key: string, load: () => Promise<Answer>): Promise<Answer> {
    return (await this.answers.fetch(key, { context: load })) as Answer
  }

  private admit(now: number): void {
    const { perMinute } = this.options
    if (perMinute === undefined) return
    while (this.starts.length > 0 && this.starts[0] <= now - MINUTE_MS) this.starts.shift()
    if (this.starts.length >= perMinute) throw new ProbeLimitError(this.starts[0] + MINUTE_MS - now)
    this.starts.push(now)
  }
}

// The admin's own asks spend the store's plan as checkout's do. In process memory: per instance, reset by a restart.
export const adminProbes = (clock?: () => number) => ({
  apiPrice: new KeptProbe({ ttlMs: 10_000, max: 1_000, perMinute: API_PRICE_PER_MINUTE, clock }),
  /** GET /admin/frete/status, keyed by the accounts in force: a monitor polling it costs one probe a period. */
  status: new KeptProbe({ ttlMs: 10_000, max: 16, clock }),
  /** POST /admin/frete/simulate with `ask_api`, keyed by the cart's freight queries (its items and CEP). */
  simulate: new KeptProbe({ ttlMs: 10_000, max: 1_000, perMinute: SIMULATE_PER_MINUTE, clock }),
})
export type AdminProbes = ReturnType<typeof adminProbes>
