import { circuitBreaker, CircuitState as PolicyState, ConsecutiveBreaker, handleWhen } from "cockatiel"

/** The numbers come from the plugin's options (`freight.circuitBreaker`), where their defaults are declared. */
export interface CircuitBreakerOptions {
  /** Failures in a row, with no success between them, that open the circuit. */
  failureThreshold: number
  /** How long an open circuit refuses calls before it lets one trial call through. */
  openMs: number
}

/** cockatiel's states, as the status page names them. */
export type CircuitState = "closed" | "open" | "half_open"

const STATE_NAMES: Record<PolicyState, CircuitState> = {
  [PolicyState.Closed]: "closed",
  [PolicyState.Open]: "open",
  [PolicyState.HalfOpen]: "half_open",
  [PolicyState.Isolated]: "open",
}

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

/** Carries an error judged "ignore" through cockatiel, whose filter does not handle it: it counts neither way. */
class Ignored {
  constructor(readonly error: unknown) {}
}

/**
 * A circuit breaker for one remote service, shared by every caller in the process: cockatiel's
 * `circuitBreaker` with a `ConsecutiveBreaker`, whose state and events are what the status page and
 * the log show. After `failureThreshold` failures in a row no call for `openMs`, then ONE trial
 * call: a success closes the circuit, a failure opens it for another `openMs`.
 *
 * What this wrapper adds: a verdict in three (cockatiel's filter has two outcomes), and the refusal
 * of calls while the trial is under way (cockatiel makes them wait for it; a refusal is answered
 * at once from an earlier answer or the fallback table).
 */
export class CircuitBreaker {
  private readonly consecutive: ConsecutiveBreaker
  private readonly policy: ReturnType<typeof circuitBreaker>
  private retryAtMs = 0
  private readonly counters = { opened: 0, refused: 0 }

  constructor(options: CircuitBreakerOptions, onTransition: (transition: CircuitTransition) => void = () => undefined) {
    const { failureThreshold, openMs } = options
    if (!Number.isInteger(failureThreshold) || failureThreshold < 1) {
      throw new RangeError(`failureThreshold must be a positive integer, got ${failureThreshold}`)
    }
    if (!(openMs > 0)) throw new RangeError(`openMs must be positive, got ${openMs}`)
    this.consecutive = new ConsecutiveBreaker(failureThreshold)
    this.policy = circuitBreaker(handleWhen((error) => !(error instanceof Ignored)), { halfOpenAfter: openMs, breaker: this.consecutive })
    this.policy.onBreak(() => {
      // cockatiel keeps its opening time to itself; the same Date.now() read here says when it lets a trial through.
      this.retryAtMs = Date.now() + openMs
      this.counters.opened++
    })
    let from: CircuitState = "closed"
    this.policy.onStateChange((state) => {
      const to = STATE_NAMES[state]
      onTransition({ from, to, consecutiveFailures: this.consecutive.state })
      from = to
    })
  }

  /** Whether a call made now would reach the service. Changes nothing. */
  wouldAllow(): boolean {
    const { state } = this.policy
    return state === PolicyState.Closed || (state === PolicyState.Open && Date.now() >= this.retryAtMs)
  }

  /**
   * Runs `call` when the circuit lets it through, else throws CircuitOpenError without calling it.
   * `judge` tells which errors count as the service failing, which say nothing of it; a result is
   * a success.
   */
  async run<T>(call: () => Promise<T>, judge: (error: unknown) => CallVerdict): Promise<T> {
    if (!this.wouldAllow()) {
      this.counters.refused++
      // While the trial is under way: refused now, and the next caller may find it closed.
      throw new CircuitOpenError(new Date(this.policy.state === PolicyState.Open ? this.retryAtMs : Date.now()))
    }
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
      throw error instanceof Ignored ? error.error : error
    }
    if ("error" in outcome) throw outcome.error
    return outcome.value
  }

  stats(): CircuitStats {
    const state = STATE_NAMES[this.policy.state]
    return {
      state,
      consecutiveFailures: this.consecutive.state,
      retryAt: state === "open" ? new Date(this.retryAtMs).toISOString() : null,
      ...this.counters,
    }
  }
}
