import { recordingLogger } from "../../__tests__/recording-logger"
import { CircuitBreaker, CircuitOpenError } from "../circuit-breaker"

const FAILURE = new Error("service down")
const failing = () => Promise.reject(FAILURE)
const answering = () => Promise.resolve("answer")
const everyErrorFails = () => "failure" as const

/** The breaker's clock, moved by hand. */
let time = 10_000
const now = () => time
beforeEach(() => {
  time = 10_000
})

function setup(options: { failureThreshold: number; openMs: number } = { failureThreshold: 3, openMs: 1000 }) {
  const logger = recordingLogger()
  const breaker = new CircuitBreaker({ ...options, now }, logger)
  const run = (call: () => Promise<string>): Promise<{ value?: string; error?: unknown }> =>
    breaker.run(call, everyErrorFails).then(
      (value) => ({ value }),
      (error: unknown) => ({ error })
    )
  return {
    breaker,
    lines: logger.lines,
    run,
    advance: (ms: number) => {
      time += ms
    },
  }
}

describe("CircuitBreaker", () => {
  it("opens at the threshold and then refuses calls without making them, saying when it will try again", async () => {
    const { breaker, run, lines } = setup()
    const call = jest.fn(failing)
    for (let i = 0; i < 3; i += 1) expect(await run(call)).toEqual({ error: FAILURE })
    const refused = await run(call)

    expect(call).toHaveBeenCalledTimes(3)
    expect(refused.error).toBeInstanceOf(CircuitOpenError)
    expect((refused.error as CircuitOpenError).retryAt.getTime()).toBe(11_000)
    expect(breaker.stats()).toEqual({
      state: "open",
      consecutiveFailures: 3,
      retryAt: new Date(11_000).toISOString(),
      opened: 1,
      refused: 1,
    })
    expect(lines).toEqual([
      "warn frete: circuit opened: the freight API failed 3 times in a row (Error); " +
        "checkout uses kept, learned or table prices until a trial call (one every 1 s) succeeds",
    ])
  })

  it("after openMs lets one trial call through and refuses the others until it ends; its success closes the circuit", async () => {
    const { breaker, run, advance, lines } = setup()
    for (let i = 0; i < 3; i += 1) await run(failing)
    advance(999)
    expect((await run(answering)).error).toBeInstanceOf(CircuitOpenError)
    advance(1)

    let answer: (value: string) => void = () => undefined
    const trial = run(() => new Promise<string>((resolve) => (answer = resolve)))
    const meanwhile = jest.fn(answering)
    expect((await run(meanwhile)).error).toBeInstanceOf(CircuitOpenError)
    expect(meanwhile).not.toHaveBeenCalled()
    expect(breaker.stats().state).toBe("half_open")

    answer("fresh")
    expect(await trial).toEqual({ value: "fresh" })
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0, retryAt: null })
    expect(await run(answering)).toEqual({ value: "answer" })
    expect(lines.slice(1)).toEqual([
      "info frete: circuit closed: the freight API answers again after 1 s open; 2 calls not made, 0 trial calls failed",
    ])
  })

  it("opens again for another openMs when the trial call fails", async () => {
    const { breaker, run, advance, lines } = setup()
    for (let i = 0; i < 3; i += 1) await run(failing)
    advance(1000)
    expect(await run(failing)).toEqual({ error: FAILURE })
    expect(breaker.stats()).toMatchObject({
      state: "open",
      consecutiveFailures: 4,
      retryAt: new Date(12_000).toISOString(),
      opened: 2,
    })
    const call = jest.fn(answering)
    advance(999)
    expect((await run(call)).error).toBeInstanceOf(CircuitOpenError)
    advance(1)
    expect(await run(call)).toEqual({ value: "answer" })
    expect(call).toHaveBeenCalledTimes(1)
    // One line when the outage starts and one when it ends: none for the failed trial or the refused call.
    expect(lines).toEqual([
      expect.stringMatching(/^warn frete: circuit opened: the freight API failed 3 times in a row/),
      "info frete: circuit closed: the freight API answers again after 2 s open; 1 call not made, 1 trial call failed",
    ])
  })

  it("logs an outage in two lines however many calls it refuses and trials fail, naming its cause", async () => {
    const { run, advance, lines } = setup({ failureThreshold: 2, openMs: 30_000 })
    const down = Object.assign(new Error("Freight API failed (HTTP 503)"), { name: "ServerError", status: 503 })
    for (let i = 0; i < 2; i += 1) await run(() => Promise.reject(down))
    for (let minute = 0; minute < 6; minute += 1) {
      for (let i = 0; i < 50; i += 1) await run(answering)
      advance(30_000)
      await run(() => Promise.reject(down))
    }
    advance(30_000)
    expect(await run(answering)).toEqual({ value: "answer" })
    expect(lines).toEqual([
      "warn frete: circuit opened: the freight API failed 2 times in a row (ServerError, HTTP 503); " +
        "checkout uses kept, learned or table prices until a trial call (one every 30 s) succeeds",
      "info frete: circuit closed: the freight API answers again after 4 min open; 300 calls not made, " +
        "6 trial calls failed",
    ])
  })

  it("takes a refusal the service answered with as neither failure nor success: it cannot hide the failures of other queries", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 1000, now })
    const refusal = new Error("CEP not found")
    const refused = () =>
      expect(
        breaker.run(
          () => Promise.reject(refusal),
          () => "answered"
        )
      ).rejects.toBe(refusal)
    for (let i = 0; i < 5; i += 1) await refused()
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
    await breaker.run(failing, everyErrorFails).catch(() => undefined)
    await refused()
    await breaker.run(failing, everyErrorFails).catch(() => undefined)
    await refused()
    await breaker.run(failing, everyErrorFails).catch(() => undefined)
    expect(breaker.stats()).toMatchObject({ state: "open", consecutiveFailures: 3 })
  })

  it("counts ignored calls as failures once nothing was answered for quietMs: a hung service behind a full pool opens the circuit", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 1000, quietMs: 5000, now })
    const queued = new Error("queued for one of the plugin's own sockets")
    const ignored = () =>
      breaker
        .run(
          () => Promise.reject(queued),
          () => "ignore"
        )
        .catch((error: Error) => error.message)
    await breaker.run(answering, everyErrorFails)
    time += 4000
    for (let i = 0; i < 5; i += 1) await ignored()
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
    time += 1001
    for (let i = 0; i < 3; i += 1) expect(await ignored()).toBe(queued.message)
    expect(breaker.stats()).toMatchObject({ state: "open", consecutiveFailures: 3, opened: 1 })
  })

  it("an ignored call neither counts as a failure nor resets the count: a burst of them cannot open the circuit", async () => {
    const breaker = new CircuitBreaker({ failureThreshold: 3, openMs: 1000, now })
    const queued = new Error("queued for one of the plugin's own sockets")
    const verdicts = { [FAILURE.message]: "failure", [queued.message]: "ignore" } as const
    const judge = (error: unknown) => verdicts[(error as Error).message as keyof typeof verdicts]
    const outcome = (call: () => Promise<string>) =>
      breaker.run(call, judge).then(
        () => "answer",
        (error: Error) => error.message
      )

    const first = [await outcome(failing), await outcome(failing)]
    const burst = await Promise.all(Array.from({ length: 30 }, () => outcome(() => Promise.reject(queued))))
    expect(first).toEqual(["service down", "service down"])
    expect(new Set(burst)).toEqual(new Set([queued.message]))
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 2, opened: 0, refused: 0 })
    // Nor does it reset the count: the third real failure in a row opens the circuit.
    expect(await outcome(failing)).toBe("service down")
    expect(breaker.stats()).toMatchObject({ state: "open", consecutiveFailures: 3, opened: 1 })
  })

  it("after an ignored trial, a success starts the count again", async () => {
    const { breaker, advance } = setup()
    for (let i = 0; i < 3; i += 1) await breaker.run(failing, everyErrorFails).catch(() => undefined)
    advance(1000)
    await breaker.run(failing, () => "ignore").catch(() => undefined)

    await expect(breaker.run(answering, everyErrorFails)).resolves.toBe("answer")
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0, opened: 1 })
  })

  it("a call that began before the circuit opened does not end the trial when it ends ignored", async () => {
    time = 0
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 1000, now })
    let endEarly: (error: Error) => void = () => undefined
    const early = breaker
      .run(
        () => new Promise<string>((_resolve, reject) => (endEarly = reject)),
        () => "ignore"
      )
      .catch((error: Error) => error.message)
    await breaker.run(failing, () => "failure").catch(() => undefined)
    time = 1000
    const trial = breaker.run(
      () => new Promise<string>(() => undefined),
      () => "failure"
    )
    trial.catch(() => undefined)
    endEarly(new Error("queued"))
    expect(await early).toBe("queued")
    expect(breaker.stats().state).toBe("half_open")
    await expect(breaker.run(answering, everyErrorFails)).rejects.toBeInstanceOf(CircuitOpenError)
  })

  it("runs `before` (the quota guard) only for a call it lets through, and never counts its refusal", async () => {
    const { breaker, run } = setup({ failureThreshold: 1, openMs: 1000 })
    const guard = jest.fn(() => Promise.reject(new Error("quota spent")))
    for (let i = 0; i < 3; i += 1)
      await expect(breaker.run(failing, everyErrorFails, guard)).rejects.toThrow("quota spent")
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0 })
    await run(failing)
    await expect(breaker.run(answering, everyErrorFails, guard)).rejects.toBeInstanceOf(CircuitOpenError)
    expect(guard).toHaveBeenCalledTimes(3)
  })
})
