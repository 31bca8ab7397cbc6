import { circuitBreaker, CircuitState as PolicyState, ConsecutiveBreaker, handleWhen } from "cockatiel"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { counted, describeFailure, OutageLog } from "../utils/outage-log"

type CircuitState = "closed" | "open" | "half_open"

const STATE_NAMES: Record<PolicyState, CircuitState> = {
  [PolicyState.Closed]: "closed",
  [PolicyState.Open]: "open",
  [PolicyState.HalfOpen]: "half_open",
  [PolicyState.Isolated]: "open",
}

/** Of a failed call. "answered": a refusal (a valid 4xx), neither counted nor resetting the count, so it hides no
 * failure of other queries; "ignore": a deadline spent on the plugin's own wait, a failure only once nothing was
 * answered for `quietMs`. */
export type CallVerdict = "failure" | "answered" | "ignore"

export class CircuitOpenError extends Error {
  constructor(readonly retryAt: Date) {
    super(`The freight API failed repeatedly; it is not called until ${retryAt.toISOString()}`)
    this.name = "CircuitOpenError"
  }
}

class Ignored {
  constructor(readonly error: unknown) {}
}

type BreakerOptions = { failureThreshold: number; openMs: number; quietMs?: number }

// Unlike cockatiel, calls made while the half-open trial is under way are refused at once, not made to wait for it.
export class CircuitBreaker {
  private readonly consecutive: ConsecutiveBreaker
  private readonly policy: ReturnType<typeof circuitBreaker>
  private retryAtMs = 0
  private answeredAt = Date.now()
  private readonly counters = { opened: 0, refused: 0 }
  private readonly quietMs: number
  /** From the circuit's first opening to the next answer: each failed trial opens it again, said in the last line. */
  private readonly outage = new OutageLog()
  private refusedBefore = 0
  private lastFailure: unknown

  constructor(
    { failureThreshold, openMs, quietMs = 5_000 }: BreakerOptions,
    private readonly logger: FreteLogger = silentLogger
  ) {
    this.quietMs = quietMs
    this.consecutive = new ConsecutiveBreaker(failureThreshold)
    const handled = handleWhen((error) => !(error instanceof Ignored))
    this.policy = circuitBreaker(handled, { halfOpenAfter: openMs, breaker: this.consecutive })
    this.policy.onBreak(() => {
      // cockatiel keeps its opening time to itself; the same Date.now() read here says when it lets a trial through.
      this.retryAtMs = Date.now() + openMs
      this.counters.opened++
      this.outage.seen(() => {
        this.refusedBefore = this.counters.refused
        const failed = `failed ${this.consecutive.state} times in a row (${describeFailure(this.lastFailure)})`
        const until = `until a trial call (one every ${Math.round(openMs / 1000)} s) succeeds`
        logger.warn(`frete: circuit opened: the freight API ${failed}; checkout uses kept prices or the table ${until}`)
      })
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
          this.answered()
          return value
        } catch (error) {
          const verdict = judge(error)
          if (verdict === "answered") this.answered()
          // Only ignored calls, and none answered for quietMs: the service is not answering, whatever the cause.
          const fails = verdict === "failure" || (verdict === "ignore" && Date.now() - this.answeredAt > this.quietMs)
          if (fails) this.lastFailure = error
          throw fails ? error : new Ignored(error)
        }
      })
      .catch((error: unknown) => {
        throw error instanceof Ignored ? error.error : error
      })
  }

  // The outage ends with an answer, not when cockatiel closes the circuit (an ignored trial closes it too); an answer
  // to a call made before the circuit opened does not close it.
  private answered(): void {
    this.answeredAt = Date.now()
    if (this.policy.state === PolicyState.Open) return
    this.outage.end((openings, lasted) => {
      const refused = counted(this.counters.refused - this.refusedBefore, "call")
      const trials = counted(openings - 1, "trial call")
      const meanwhile = `${refused} not made, ${trials} failed`
      this.logger.info(`frete: circuit closed: the freight API answers again after ${lasted} open; ${meanwhile}`)
    })
  }

  stats() {
    const state = STATE_NAMES[this.policy.state]
    const retryAt = state === "open" ? new Date(this.retryAtMs).toISOString() : null
    return { state, consecutiveFailures: this.consecutive.state, retryAt, ...this.counters }
  }
}
