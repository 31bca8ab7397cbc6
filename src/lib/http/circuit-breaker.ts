import {
  BrokenCircuitError,
  circuitBreaker,
  CircuitState as PolicyState,
  ConsecutiveBreaker,
  handleWhen,
  type IBackoff,
} from "cockatiel"
import { silentLogger, type FreteLogger } from "../utils/logger"
import { counted, describeFailure, OutageLog } from "../utils/outage-log"

// By cockatiel's CircuitState: Closed, Open, HalfOpen, Isolated (never used here).
const STATE_NAMES = ["closed", "open", "half_open", "open"] as const

// "answered": a valid refusal (4xx), neither counted nor resetting the count, so it hides no other failure; "ignore":
// a deadline spent on the plugin's own wait, a failure only once nothing was answered for `quietMs`.
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

type BreakerOptions = { failureThreshold: number; openMs: number; quietMs?: number; now?: () => number }

// cockatiel holds the state, timed on `now` through its backoff; calls during the half-open trial are refused.
export class CircuitBreaker {
  private readonly consecutive: ConsecutiveBreaker
  private readonly policy: ReturnType<typeof circuitBreaker>
  private readonly now: () => number
  private retryAtMs = 0
  private answeredAt: number
  private readonly counters = { opened: 0, refused: 0 }
  private readonly quietMs: number
  // From the first opening to the next answer: failed trials open it again.
  private readonly outage: OutageLog
  private refusedBefore = 0
  private lastFailure: unknown

  constructor(
    { failureThreshold, openMs, quietMs = 5_000, now = Date.now }: BreakerOptions,
    private readonly logger: FreteLogger = silentLogger
  ) {
    this.now = now
    this.answeredAt = now()
    this.outage = new OutageLog(now)
    this.quietMs = quietMs
    this.consecutive = new ConsecutiveBreaker(failureThreshold)
    const handled = handleWhen((error) => !(error instanceof Ignored))
    // Read by cockatiel at each call while open: over (0) once `now` reaches retryAt.
    const period: IBackoff<unknown> = {
      get duration() {
        return now() >= retryAt() ? 0 : Infinity
      },
      next: () => period,
    }
    const retryAt = () => this.retryAtMs
    this.policy = circuitBreaker(handled, { halfOpenAfter: { next: () => period }, breaker: this.consecutive })
    this.policy.onBreak(() => {
      this.retryAtMs = now() + openMs
      this.counters.opened++
      this.outage.seen(() => {
        this.refusedBefore = this.counters.refused
        const failed = `failed ${this.consecutive.state} times in a row (${describeFailure(this.lastFailure)})`
        const until = `until a trial call (one every ${Math.round(openMs / 1000)} s) succeeds`
        logger.warn(
          `frete: circuit opened: the freight API ${failed}; checkout uses kept, learned or table prices ${until}`
        )
      })
    })
  }

  // Judges once; then `before` (the quota guard, whose refusal is never counted), then `call`, weighed by `judge`.
  async run<T>(call: () => Promise<T>, judge: (error: unknown) => CallVerdict, before?: () => unknown): Promise<T> {
    const { state } = this.policy
    if (state !== PolicyState.Closed && !(state === PolicyState.Open && this.now() >= this.retryAtMs)) {
      throw this.refusal()
    }
    if (before) {
      await before()
      // Another call became the trial meanwhile.
      if (this.policy.state === PolicyState.HalfOpen) throw this.refusal()
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
          const fails = verdict === "failure" || (verdict === "ignore" && this.now() - this.answeredAt > this.quietMs)
          if (fails) this.lastFailure = error
          throw fails ? error : new Ignored(error)
        }
      })
      .catch((error: unknown) => {
        // Opened while `before` ran.
        if (error instanceof BrokenCircuitError) throw this.refusal()
        throw error instanceof Ignored ? error.error : error
      })
  }

  private refusal(): CircuitOpenError {
    this.counters.refused++
    return new CircuitOpenError(new Date(this.policy.state === PolicyState.Open ? this.retryAtMs : this.now()))
  }

  // The outage ends with an answer, not when cockatiel closes the circuit (an ignored trial closes it too); an answer
  // to a call made before the circuit opened does not close it.
  private answered(): void {
    this.answeredAt = this.now()
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
