import { BrokenCircuitError, circuitBreaker, CircuitState as PolicyState, ConsecutiveBreaker, handleWhen, type CircuitBreakerPolicy } from "cockatiel"

/** The numbers come from the plugin's options (`freight.circuitBreaker`), where their defaults are declared. */
export interface CircuitBreakerOptions {
  /** Failures in a row, with no success between them, that open the circuit. */
  failureThreshold: number
  /** How long an open circuit refuses calls before it lets one trial call through. */
  openMs: number
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

/** Carries an error judged "ignore" through cockatiel, which does not handle it: it counts neither way. */
class Ignored {
  constructor(readonly error: unknown) {}
}

/**
 * A circuit breaker for one remote service, shared by every caller in the process: cockatiel's
 * `circuitBreaker` with a `ConsecutiveBreaker`. After `failureThreshold` failures in a row it
 * refuses calls for `openMs`, then lets ONE trial call through: a success closes it, a failure
 * opens it again for another `openMs`. An ignored call changes nothing, so a burst that outgrows
 * the plugin's own sockets cannot open the circuit.
 *
 * What this wrapper adds to cockatiel: the verdict of each error (cockatiel's error filter has
 * two outcomes, the plugin needs three), the refusal of calls while the trial is under way
 * (cockatiel makes them wait for it), and the trial that ends ignored: cockatiel closes the
 * circuit then, but its count of failures in a row is untouched, still at the threshold; such a
 * circuit is reported half open and its next call is the trial (its failure opens it again).
 */
export class CircuitBreaker {
  private readonly policy: CircuitBreakerPolicy
  private readonly consecutive: ConsecutiveBreaker
  private openedAt = 0
  private trialUnderWay = false
  private reported: CircuitState = "closed"
  private readonly counters = { opened: 0, refused: 0 }

  constructor(
    private readonly options: CircuitBreakerOptions,
    private readonly onTransition: (transition: CircuitTransition) => void = () => undefined
  ) {
    const { failureThreshold, openMs } = options
    if (!Number.isInteger(failureThreshold) || failureThreshold < 1) {
      throw new RangeError(`failureThreshold must be a positive integer, got ${failureThreshold}`)
    }
    if (!(openMs > 0)) throw new RangeError(`openMs must be positive, got ${openMs}`)
    this.consecutive = new ConsecutiveBreaker(failureThreshold)
    this.policy = circuitBreaker(
      handleWhen((error) => !(error instanceof Ignored)),
      { halfOpenAfter: openMs, breaker: this.consecutive }
    )
    this.policy.onBreak(() => {
      this.openedAt = Date.now()
      this.counters.opened++
    })
    this.policy.onStateChange(() => this.report())
  }

  /** Whether a call made now would reach the service. Changes nothing. */
  wouldAllow(): boolean {
    const state = this.state()
    return state === "closed" || (state === "open" ? Date.now() >= this.retryAtMs() : !this.trialUnderWay)
  }

  /**
   * Runs `call` when the circuit lets it through, else throws CircuitOpenError without calling it.
   * `judge` tells which errors count as the service failing, which say nothing of it; a result is
   * a success.
   */
  async run<T>(call: () => Promise<T>, judge: (error: unknown) => CallVerdict): Promise<T> {
    const trial = this.admit()
    let outcome: { value: T } | { error: unknown }
    try {
      outcome = await this.policy.execute(async () => {
        try {
          return { value: await call() }
        } catch (error) {
          const verdict = judge(error)
          // An answer that refuses the query is the service up: a success for cockatiel, an error for the caller.
          if (verdict === "success") return { error }
          throw verdict === "ignore" ? new Ignored(error) : error
        }
      })
    } catch (error) {
      if (error instanceof Ignored) outcome = { error: error.error }
      else if (error instanceof BrokenCircuitError) outcome = { error: this.refuse() }
      else outcome = { error }
    } finally {
      if (trial) this.trialUnderWay = false
      this.report()
    }
    if ("error" in outcome) throw outcome.error
    return outcome.value
  }

  stats(): CircuitStats {
    const state = this.state()
    return {
      state,
      consecutiveFailures: this.consecutive.state,
      retryAt: state === "open" ? new Date(this.retryAtMs()).toISOString() : null,
      ...this.counters,
    }
  }

  private state(): CircuitState {
    if (this.policy.state === PolicyState.Open) return "open"
    if (this.policy.state === PolicyState.HalfOpen) return "half_open"
    // Closed by cockatiel with the count still at the threshold: only an ignored trial leaves it so.
    return this.consecutive.state >= this.options.failureThreshold ? "half_open" : "closed"
  }

  private retryAtMs(): number {
    return this.openedAt + this.options.openMs
  }

  /** Whether the admitted call is the trial; throws CircuitOpenError when the call is refused. */
  private admit(): boolean {
    const state = this.state()
    if (state === "closed") return false
    if (state === "open" ? Date.now() >= this.retryAtMs() : !this.trialUnderWay) {
      this.trialUnderWay = true
      return true
    }
    throw this.refuse()
  }

  private refuse(): CircuitOpenError {
    this.counters.refused++
    // A trial under way: the others are refused until it ends, within the service's deadline.
    return new CircuitOpenError(new Date(this.state() === "open" ? this.retryAtMs() : Date.now()))
  }

  /** Tells `onTransition` of a change of the state the admin sees, whoever made it. */
  private report(): void {
    const to = this.state()
    if (to === this.reported) return
    const from = this.reported
    this.reported = to
    this.onTransition({ from, to, consecutiveFailures: this.consecutive.state })
  }
}
