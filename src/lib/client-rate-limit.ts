export interface ClientRateLimitOptions {
  /** Units one client may take per window. */
  limit: number
  /** Length of the sliding window. */
  windowMs?: number
  /** Clients tracked at most; the least recently active is forgotten beyond it. */
  maxClients?: number
  /** The clock, replaceable in tests. */
  now?: () => number
}

/**
 * A sliding-window limit per client: each unit taken is given back windowMs after it was taken.
 * Memory stays bounded: at most maxClients clients, each with at most `limit` timestamps.
 */
export class ClientRateLimiter {
  private readonly limit: number
  private readonly windowMs: number
  private readonly maxClients: number
  private readonly now: () => number
  /**
   * Each client's take times, oldest first. Iteration order is the order of last take, so the
   * first client is the least recently active one, the first to forget.
   */
  private readonly clients = new Map<string, number[]>()

  constructor(options: ClientRateLimitOptions) {
    this.limit = options.limit
    this.windowMs = options.windowMs ?? 60_000
    this.maxClients = options.maxClients ?? 10_000
    this.now = options.now ?? Date.now
    if (!Number.isInteger(this.limit) || this.limit < 1) {
      throw new RangeError(`limit must be a positive integer, got ${this.limit}`)
    }
    if (!(this.windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${this.windowMs}`)
    if (!Number.isInteger(this.maxClients) || this.maxClients < 1) {
      throw new RangeError(`maxClients must be a positive integer, got ${this.maxClients}`)
    }
  }

  /** Takes one unit for `client` when one is left in the current window. Returns whether it could. */
  tryTake(client: string): boolean {
    const now = this.now()
    const taken = this.held(client, now)
    if (taken.length >= this.limit) return false
    taken.push(now)
    this.clients.delete(client)
    this.clients.set(client, taken)
    for (const oldest of this.clients.keys()) {
      if (this.clients.size <= this.maxClients) break
      this.clients.delete(oldest)
    }
    return true
  }

  /** Milliseconds until `client` may take one again (0 if it can now). */
  retryAfterMs(client: string): number {
    const now = this.now()
    const taken = this.held(client, now)
    if (taken.length < this.limit) return 0
    return taken[0] + this.windowMs - now
  }

  stats(): { clients: number } {
    return { clients: this.clients.size }
  }

  /**
   * The client's units still held at `now`; those taken windowMs ago or earlier are given back,
   * and a client holding none is forgotten.
   */
  private held(client: string, now: number): number[] {
    const taken = this.clients.get(client)
    if (!taken) return []
    const firstHeld = taken.findIndex((takenAt) => now - takenAt < this.windowMs)
    if (firstHeld === -1) {
      this.clients.delete(client)
      return []
    }
    taken.splice(0, firstHeld)
    return taken
  }
}
