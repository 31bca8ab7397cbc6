import { LRUCache } from "lru-cache"

const MINUTE_MS = 60_000

/** Past the per-minute cap: nothing was asked; `retryAfterMs` until a new ask is allowed. */
export class ProbeLimitError extends Error {
  constructor(readonly retryAfterMs: number) {
    super(`Probe limit reached; retry in ${retryAfterMs} ms`)
    this.name = "ProbeLimitError"
  }
}

export type KeptProbeOptions = {
  /** How long an answer is served again without asking. */
  ttlMs: number
  /** Keys kept at most. */
  max: number
  /** New asks allowed in any 60 s, over every key; none when left out. */
  perMinute?: number
  clock?: () => number
}

/**
 * An admin's ask of a service, kept a short time per key: repeated loads share one answer and concurrent ones one
 * call (lru-cache's `fetch`), and past `perMinute` new asks the caller is told to wait instead of asking again.
 */
export class KeptProbe {
  private readonly answers: LRUCache<string, object, () => Promise<object | undefined>>
  /** When each ask of the last minute started, oldest first; never more than `perMinute`. */
  private readonly starts: number[] = []

  constructor(private readonly options: KeptProbeOptions) {
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

  /**
   * The answer kept for `key`, else `load()`'s (kept unless undefined). Throws ProbeLimitError when a new ask would
   * pass the cap. Each probe holds one kind of answer, so the loader's type is the answer's.
   */
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
