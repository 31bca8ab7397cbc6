import { circuitBreaker, CircuitState as PolicyState, ConsecutiveBreaker, handleWhen } from "cockatiel"

type CircuitState = "closed" | "open" | "half_open"

const STATE_NAMES: Record<PolicyState, CircuitState> = {
  [PolicyState.Closed]: "closed",
  [PolicyState.Open]: "open",
  [PolicyState.HalfOpen]: "half_open",
  [PolicyState.Isolated]: "open",
}

export type CircuitStats = ReturnType<CircuitBreaker["stats"]>

/** "success": the service answered, even to refuse the query; "ignore": the call says nothing of it (its deadline went on the plugin's own wait). */
export type CallVerdict = "failure" | "success" | "ignore"

export class CircuitOpenError extends Error {
  constructor(readonly retryAt: Date) {
    super(`The freight API failed repeatedly; it is not called until ${retryAt.toISOString()}`)
    this.name = "CircuitOpenError"
  }
}

export type CircuitTransition = { from: CircuitState; to: CircuitState; consecutiveFailures: number }

class Ignored {
  constructor(readonly error: unknown) {}
}

// Unlike cockatiel, calls made while the half-open trial is under way are refused at once, not made to wait for it.
export class CircuitBreaker {
  private readonly consecutive: ConsecutiveBreaker
  private readonly policy: ReturnType<typeof circuitBreaker>
  private retryAtMs = 0
  private readonly counters = { opened: 0, refused: 0 }

  constructor({ failureThreshold, openMs }: { failureThreshold: number; openMs: number }, onTransition: (transition: CircuitTransition) => void = () => undefined) {
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

  wouldAllow(): boolean {
    const { state } = this.policy
    return state === PolicyState.Closed || (state === PolicyState.Open && Date.now() >= this.retryAtMs)
  }

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

  stats() {
    const state = STATE_NAMES[this.policy.state]
    return { state, consecutiveFailures: this.consecutive.state, retryAt: state === "open" ? new Date(this.retryAtMs).toISOString() : null, ...this.counters }
  }
}
