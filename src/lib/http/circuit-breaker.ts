import { circuitBreaker, CircuitState as PolicyState, ConsecutiveBreaker, handleWhen } from "cockatiel"

/** `freight.circuitBreaker` of the options: failures in a row that open the circuit, and how long it refuses calls before one trial. */
export interface CircuitBreakerOptions {
  failureThreshold: number
  openMs: number
}

export type CircuitState = "closed" | "open" | "half_open"

const STATE_NAMES: Record<PolicyState, CircuitState> = {
  [PolicyState.Closed]: "closed",
  [PolicyState.Open]: "open",
  [PolicyState.HalfOpen]: "half_open",
  [PolicyState.Isolated]: "open",
}

export interface CircuitStats {
  state: CircuitState
  consecutiveFailures: number
  /** When an open circuit lets its next trial call through (ISO 8601). */
  retryAt: string | null
  /** Since the process started. */
  opened: number
  refused: number
}

/** How a call ended for the breaker: the service failed, it answered (even to refuse the query), or the call says nothing of it (its deadline went on the plugin's own wait). */
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

/** An error judged "ignore": cockatiel's filter does not handle it, so it counts neither way. */
class Ignored {
  constructor(readonly error: unknown) {}
}

/**
 * cockatiel's `circuitBreaker` with a `ConsecutiveBreaker`, whose state and events feed the status
 * page and the log. Added: a verdict in three, and calls refused while the trial is under way
 * (cockatiel makes them wait for it; a refusal is answered at once from an earlier answer or the fallback table).
 */
export class CircuitBreaker {
  private readonly consecutive: ConsecutiveBreaker
  private readonly policy: ReturnType<typeof circuitBreaker>
  private retryAtMs = 0
  private readonly counters = { opened: 0, refused: 0 }

  constructor({ failureThreshold, openMs }: CircuitBreakerOptions, onTransition: (transition: CircuitTransition) => void = () => undefined) {
    if (!Number.isInteger(failureThreshold) || failureThreshold < 1) throw new RangeError(`failureThreshold must be a positive integer, got ${failureThreshold}`)
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
      onTransition({ from, to: STATE_NAMES[state], consecutiveFailures: this.consecutive.state })
      from = STATE_NAMES[state]
    })
  }

  /** Whether a call made now would reach the service. Changes nothing. */
  wouldAllow(): boolean {
    const { state } = this.policy
    return state === PolicyState.Closed || (state === PolicyState.Open && Date.now() >= this.retryAtMs)
  }

  /** Runs `call` when the circuit lets it through, else throws CircuitOpenError; `judge` tells what an error says of the service, a result is a success. */
  async run<T>(call: () => Promise<T>, judge: (error: unknown) => CallVerdict): Promise<T> {
    if (!this.wouldAllow()) {
      this.counters.refused++
      throw new CircuitOpenError(new Date(this.policy.state === PolicyState.Open ? this.retryAtMs : Date.now()))
    }
    const outcome = await this.policy
      .execute(async () => {
        try {
          return { value: await call() }
        } catch (error) {
          const verdict = judge(error)
          // An answer that refuses the query is the service up: a success for cockatiel, an error for the caller.
          if (verdict === "success") return { error }
          throw verdict === "ignore" ? new Ignored(error) : error
        }
      })
      .catch((error: unknown) => {
        throw error instanceof Ignored ? error.error : error
      })
    if ("error" in outcome) throw outcome.error
    return outcome.value
  }

  stats(): CircuitStats {
    const state = STATE_NAMES[this.policy.state]
    return { state, consecutiveFailures: this.consecutive.state, retryAt: state === "open" ? new Date(this.retryAtMs).toISOString() : null, ...this.counters }
  }
}
