export interface CircuitBreakerOptions {
  /** Failures in a row, with no success between them, that open the circuit. */
  failureThreshold?: number
  /** How long an open circuit refuses calls before it lets one trial call through. */
  openMs?: number
  /** The clock, replaceable in tests. */
  now?: () => number
}

/**
 * closed: calls go through. open: no call goes through until openMs has passed. half_open: one
 * trial call at a time; the others are refused until it ends, and its outcome closes the
 * circuit or opens it again (an ignored one lets the next call be the trial).
 */
export type CircuitState = "closed" | "open" | "half_open"

export interface CircuitStats {
  state: CircuitState
  /** Failures in a row since the last success. */
  consecutiveFailures: number
  /** When an open circuit lets its next trial call through (ISO 8601), or null when not open. */
  retryAt: string | null
  /** How many times the circuit has opened since the process started. */
  opened: number
  /** Calls refused without reaching the service. */
  refused: number
}

/**
 * How one call ended, for the breaker: the service failed, it answered (even to refuse the query),
 * or the call says nothing of the service (its deadline went on the plugin's own wait).
 */
export type CallVerdict = "failure" | "success" | "ignore"

/** A call refused by an open circuit: the service was not asked. */
export class CircuitOpenError extends Error {
  constructor(readonly retryAt: Date) {
    super(`The freight API failed repeatedly; it is not called until ${retryAt.toISOString()}`)
    this.name = "CircuitOpenError"
  }
}

export interface CircuitTransition {
  from: CircuitState
  to: CircuitState
  consecutiveFailures: number
}

/**
 * A circuit breaker for one remote service, shared by every caller in the process. After
 * `failureThreshold` failures in a row it refuses calls for `openMs`, then lets ONE trial call
 * through: a success closes it, a failure opens it again for another `openMs`. An ignored call
 * changes nothing, so a burst that outgrows the plugin's own sockets cannot open the circuit.
 */
export class CircuitBreaker {
  private readonly failureThreshold: number
  private readonly openMs: number
  private readonly now: () => number
  private state: CircuitState = "closed"
  private consecutiveFailures = 0
  private openedAt = 0
  /** In half_open: the trial call under way (by its number), or null when the next call is the trial. */
  private trial: number | null = null
  private calls = 0
  private readonly counters = { opened: 0, refused: 0 }

  constructor(
    options: CircuitBreakerOptions = {},
    private readonly onTransition: (transition: CircuitTransition) => void = () => undefined
  ) {
    this.failureThreshold = options.failureThreshold ?? 5
    this.openMs = options.openMs ?? 30_000
    this.now = options.now ?? Date.now
    if (!Number.isInteger(this.failureThreshold) || this.failureThreshold < 1) {
      throw new RangeError(`failureThreshold must be a positive integer, got ${this.failureThreshold}`)
    }
    if (!(this.openMs > 0)) throw new RangeError(`openMs must be positive, got ${this.openMs}`)
  }

  /** Whether a call made now would reach the service. Changes nothing. */
  wouldAllow(): boolean {
    return (
      this.state === "closed" ||
      (this.state === "open" && this.now() >= this.retryAtMs()) ||
      (this.state === "half_open" && this.trial === null)
    )
  }

  /**
   * Runs `call` when the circuit lets it through, else throws CircuitOpenError without calling it.
   * `judge` tells which errors count as the service failing, which say nothing of it; a result is
   * a success.
   */
  async run<T>(call: () => Promise<T>, judge: (error: unknown) => CallVerdict): Promise<T> {
    const number = this.admit()
    let result: T
    try {
      result = await call()
    } catch (error) {
      this.settle(judge(error), number)
      throw error
    }
    this.settle("success", number)
    return result
  }

  stats(): CircuitStats {
    return {
      state: this.state,
      consecutiveFailures: this.consecutiveFailures,
      retryAt: this.state === "open" ? new Date(this.retryAtMs()).toISOString() : null,
      ...this.counters,
    }
  }

  private retryAtMs(): number {
    return this.openedAt + this.openMs
  }

  /** The admitted call's number (a trial's is kept in `trial`); throws when the call is refused. */
  private admit(): number {
    const number = ++this.calls
    if (this.state === "closed") return number
    if ((this.state === "open" && this.now() >= this.retryAtMs()) || (this.state === "half_open" && this.trial === null)) {
      this.trial = number
      this.moveTo("half_open")
      return number
    }
    this.counters.refused++
    // A trial under way: the others are refused until it ends, within the service's deadline.
    throw new CircuitOpenError(new Date(this.state === "open" ? this.retryAtMs() : this.now()))
  }

  private settle(verdict: CallVerdict, number: number): void {
    if (number === this.trial) this.trial = null
    // Neither way: an ignored trial leaves the circuit half open for the next call to be the trial.
    if (verdict === "ignore") return
    if (verdict === "success") {
      this.consecutiveFailures = 0
      this.moveTo("closed")
      return
    }
    this.consecutiveFailures++
    if (this.state === "half_open" || this.consecutiveFailures >= this.failureThreshold) {
      this.openedAt = this.now()
      this.moveTo("open")
    }
  }

  private moveTo(to: CircuitState): void {
    const from = this.state
    if (from === to) return
    this.state = to
    if (to === "open") this.counters.opened++
    this.onTransition({ from, to, consecutiveFailures: this.consecutiveFailures })
  }
}
