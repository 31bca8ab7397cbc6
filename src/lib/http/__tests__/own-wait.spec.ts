import { Pool } from "undici"
import { CheckoutQuoter } from "../../checkout/checkout-quoter"
import { freightRejection } from "../../freight/errors"
import { CircuitBreaker } from "../circuit-breaker"
import { startDeadline } from "../deadline"
import { LateStartTimeoutError, OwnWaitTimeoutError, QueuedTooLongError, TimeoutError } from "../errors"
import { ServiceTransport } from "../service-transport"
import { slowServer } from "../../__tests__/slow-server"
import { eventually } from "../../../../scripts/lib/store-api"

// Whose time a deadline went on: the service's (it had the request for a fair share of the
// timeout and did not answer), or the plugin's own (queued for one of its sockets, or sent with
// too little of the deadline left). Only the first may count towards the circuit breaker. Real
// sockets throughout: the queue is undici's own.

/** What a call ended in, by name, for lists that say which one went wrong. */
const outcome = (pending: Promise<unknown>): Promise<string> =>
  pending.then(
    () => "answered",
    (error: unknown) => (error instanceof Error ? error.constructor.name : String(error))
  )

describe("ServiceTransport tells the plugin's own wait from the service's slowness", () => {
  const transports: ServiceTransport[] = []
  const servers: Array<{ close: () => Promise<void> }> = []
  const transport = (baseUrl: string, extra: { connections: number; timeoutMs: number; dispatcher?: Pool }) => {
    const made = new ServiceTransport({
      service: "freight",
      baseUrl,
      secrets: [],
      rejection: freightRejection,
      ...extra,
    })
    transports.push(made)
    return made
  }
  const server = async (holdMs: number) => {
    const made = await slowServer(holdMs)
    servers.push(made)
    return made
  }
  const post = (through: ServiceTransport, deadlineMs: number) =>
    through.request(
      { method: "POST", path: "/v2/consulta", json: {}, deadline: startDeadline(deadlineMs) },
      { statusOnly: true }
    )

  afterEach(async () => {
    await Promise.all(transports.splice(0).map((made) => made.close()))
    await Promise.all(servers.splice(0).map((made) => made.close()))
  })

  it("a request whose deadline passes while it waits for the pool's only socket is QueuedTooLongError: never sent, the plugin's wait", async () => {
    const slow = await server(600)
    const oneSocket = transport(slow.url, { connections: 1, timeoutMs: 2000 })
    const first = post(oneSocket, 2000)
    const queued = await post(oneSocket, 200).catch((error: unknown) => error)

    expect(queued).toBeInstanceOf(QueuedTooLongError)
    expect(queued).toBeInstanceOf(OwnWaitTimeoutError)
    // Still a timeout with nothing sent, for the tracking outbox's retry policy.
    expect(queued).toBeInstanceOf(TimeoutError)
    expect((queued as QueuedTooLongError).outcomeUnknown).toBe(false)
    expect(CheckoutQuoter.verdictOn(queued)).toBe("ignore")
    // Counted once the first has its answer: on a busy machine it may reach the server only
    // after the queued one's 200 ms are gone. The queued one never does.
    await expect(first).resolves.toBe(200)
    expect(slow.received()).toBe(1)
  })

  it("a request sent with less than half of timeoutMs left, and not answered in it, is LateStartTimeoutError: maybe received, not the service's fault", async () => {
    const slow = await server(2000)
    const late = await post(transport(slow.url, { connections: 4, timeoutMs: 1000 }), 300).catch(
      (error: unknown) => error
    )

    expect(late).toBeInstanceOf(LateStartTimeoutError)
    expect((late as LateStartTimeoutError).outcomeUnknown).toBe(true)
    // A request sent can reach the server's handler after the client gave up on it, on a busy machine.
    await eventually(async () => slow.received() >= 1, 50, "the server's receipt of the request")
    expect(slow.received()).toBe(1)
    expect(CheckoutQuoter.verdictOn(late)).toBe("ignore")
  })

  it("a request the service had for its whole deadline and did not answer is the service's TimeoutError", async () => {
    const slow = await server(2000)
    const hung = await post(transport(slow.url, { connections: 4, timeoutMs: 300 }), 300).catch(
      (error: unknown) => error
    )

    expect(hung).toBeInstanceOf(TimeoutError)
    expect(hung).not.toBeInstanceOf(OwnWaitTimeoutError)
    expect((hung as TimeoutError).outcomeUnknown).toBe(true)
    expect(CheckoutQuoter.verdictOn(hung)).toBe("failure")
  })

  it("a connection that never completes is the service's, even though nothing was sent", async () => {
    // A connect that never completes, as to a host that drops the SYN.
    const pool = new Pool("http://freight.invalid", { connections: 1, connect: () => undefined })
    const unreachable = await post(
      transport("http://freight.invalid", { connections: 1, timeoutMs: 200, dispatcher: pool }),
      200
    ).catch((error: unknown) => error)
    await pool.destroy()

    expect(unreachable).toBeInstanceOf(TimeoutError)
    expect(unreachable).not.toBeInstanceOf(OwnWaitTimeoutError)
    expect((unreachable as TimeoutError).outcomeUnknown).toBe(false)
    expect(CheckoutQuoter.verdictOn(unreachable)).toBe("failure")
  })

  it("a burst larger than the pool against a slow but healthy service leaves the circuit closed", async () => {
    const slow = await server(300)
    const twoSockets = transport(slow.url, { connections: 2, timeoutMs: 500 })
    const breaker = new CircuitBreaker({ failureThreshold: 1, openMs: 30_000 })
    const ends = await Promise.all(
      Array.from({ length: 8 }, () => outcome(breaker.run(() => post(twoSockets, 500), CheckoutQuoter.verdictOn)))
    )

    // Two on the sockets answer; the rest either waited past their deadline unsent or were sent
    // with too little of it left: none of them is the service's failure.
    expect(ends.slice(0, 2)).toEqual(["answered", "answered"])
    expect(
      ends.slice(2).filter((end) => !["QueuedTooLongError", "LateStartTimeoutError", "answered"].includes(end))
    ).toEqual([])
    expect(ends.filter((end) => end === "QueuedTooLongError").length).toBeGreaterThan(0)
    expect(breaker.stats()).toMatchObject({ state: "closed", consecutiveFailures: 0, opened: 0 })
  })
})
