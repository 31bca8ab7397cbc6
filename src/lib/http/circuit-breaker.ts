import { circuitBreaker, CircuitState as PolicyState, ConsecutiveBreaker, handleWhen } from "cockatiel"

type CircuitState = "closed" | "open" | "half_open"

const STATE_NAMES: Record<PolicyState, CircuitState> = {
  [PolicyState.Closed]: "closed",
  [PolicyState.Open]: "open",
  [PolicyState.HalfOpen]: "half_open",
  [PolicyState.Isolated]: "open",
}

/** Of a failed call. "answered": a refusal (a valid 4xx), neither counted nor resetting the count, so it hides no failure of other
 * queries; "ignore": a deadline spent on the plugin's own wait, a failure only once nothing was answered for `quietMs`. */
export type CallVerdict = "failure" | "answered" | "ignore"

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
  private answeredAt = Date.now()
  private readonly counters = { opened: 0, refused: 0 }
  private readonly quietMs: number

  constructor({ failureThreshold, openMs, quietMs = 5_000 }: { failureThreshold: number; openMs: number; quietMs?: number }, onTransition: (transition: CircuitTransition) => void = () => undefined) {
    this.quietMs = quietMs
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
    return this.policy
      .execute(async () => {
        try {
          const value = await call()
          this.answeredAt = Date.now()
          return value
        } catch (error) {
          const verdict = judge(error)
          if (verdict === "answered") this.answeredAt = Date.now()
          // Only ignored calls, and none answered for quietMs: the service is not answering, whatever the reason looks like.
          const fails = verdict === "failure" || (verdict === "ignore" && Date.now() - this.answeredAt > this.quietMs)
          throw fails ? error : new Ignored(error)
        }
      })
      .catch((error: unknown) => {
        throw error instanceof Ignored ? error.error : error
      })
  }

  stats() {
    const state = STATE_NAMES[this.policy.state]
    return { state, consecutiveFailures: this.consecutive.state, retryAt: state === "open" ? new Date(this.retryAtMs).toISOString() : null, ...this.counters }
  }
}
