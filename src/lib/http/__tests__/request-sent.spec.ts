import { errors as undiciErrors, Pool } from "undici"
import { NetworkError, TimeoutError } from "../errors"
import { startDeadline } from "../deadline"
import { ServiceTransport } from "../service-transport"
import { trackingRejection } from "../../tracking/errors"
import { decideAfterFailure } from "../../tracking/delivery-policy"
import { failureCollector } from "../../__tests__/expect-failure"
import { slowServer } from "../../__tests__/slow-server"
import { eventually } from "../../../../scripts/lib/store-api"

// Whether a failed request may have reached the service decides whether a tracking order is sent
// again: never-sent is retried, maybe-received is left for the merchant. Real sockets throughout;
// a connect timeout comes from a connector that raises undici's own error, as its connector does.

/** What the tracking API answers to a created order. */
const TRACKING_ANSWER = '{"Id":"x","Success":true}'

const POLICY = { baseDelayMs: 30_000, maxDelayMs: 3_600_000, giveUpAfterMs: 86_400_000 }

const post = (transport: ServiceTransport, timeoutMs: number) =>
  transport.request(
    { method: "POST", path: "/v1/tracking", json: { OrderNumber: "1" }, deadline: startDeadline(timeoutMs) },
    { statusOnly: true }
  )

describe("ServiceTransport tells a request that never left the process from one that may have been received", () => {
  const { failure } = failureCollector()
  const transports: ServiceTransport[] = []
  const transport = (baseUrl: string, extra: { connections?: number; timeoutMs?: number; dispatcher?: Pool } = {}) => {
    const made = new ServiceTransport({
      service: "tracking",
      baseUrl,
      connections: extra.connections ?? 2,
      timeoutMs: extra.timeoutMs ?? 2000,
      secrets: [],
      rejection: trackingRejection,
      dispatcher: extra.dispatcher,
    })
    transports.push(made)
    return made
  }

  afterEach(async () => {
    await Promise.all(transports.splice(0).map((made) => made.close()))
  })

  it("a refused connection: never sent, retried", async () => {
    const closed = await slowServer(0, TRACKING_ANSWER)
    await closed.close()
    const error = await failure(post(transport(closed.url), 1000))
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).outcomeUnknown).toBe(false)
    expect(decideAfterFailure(error, 1, 0, POLICY)).toMatchObject({
      kind: "retry",
      reason: "Falha temporária na tentativa 1: não foi possível conectar ao serviço",
    })
  })

  it("a connect timeout (UND_ERR_CONNECT_TIMEOUT): never sent, retried", async () => {
    const pool = new Pool("http://tracking.invalid", {
      connect: (_options, callback) => {
        setTimeout(() => callback(new undiciErrors.ConnectTimeoutError(), null), 20)
      },
    })
    const error = await failure(post(transport("http://tracking.invalid", { dispatcher: pool }), 1000))
    await pool.close()
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).outcomeUnknown).toBe(false)
    expect(decideAfterFailure(error, 1, 0, POLICY)).toMatchObject({ kind: "retry" })
  })

  it("a connection still being made when the deadline passes: never sent, retried", async () => {
    const pool = new Pool("http://tracking.invalid", {
      // A connect that never completes, as to a host that drops the SYN.
      connect: () => undefined,
    })
    const error = await failure(post(transport("http://tracking.invalid", { dispatcher: pool }), 200))
    await pool.destroy()
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).outcomeUnknown).toBe(false)
    expect(decideAfterFailure(error, 1, 0, POLICY)).toMatchObject({
      kind: "retry",
      reason: expect.stringMatching(/nada foi enviado/),
    })
  })

  it("a request still queued for a free socket when its deadline passes: never sent, ends at its deadline, not behind the others", async () => {
    const server = await slowServer(1500, TRACKING_ANSWER)
    try {
      const oneSocket = transport(server.url, { connections: 1, timeoutMs: 5000 })
      let firstAnswered = false
      const first = post(oneSocket, 5000).finally(() => (firstAnswered = true))
      const queuedError = await failure(post(oneSocket, 200))
      // Rejected while the first still holds the only socket: the first has not answered yet.
      expect({ firstAnswered }).toEqual({ firstAnswered: false })
      expect(queuedError).toBeInstanceOf(TimeoutError)
      expect((queuedError as TimeoutError).outcomeUnknown).toBe(false)
      expect(decideAfterFailure(queuedError, 1, 0, POLICY)).toMatchObject({ kind: "retry" })
      await expect(first).resolves.toBe(200)
      // The queued request was dropped unsent when the socket freed up: the next request on that
      // one socket is the second the server receives, not the third.
      await expect(post(oneSocket, 5000)).resolves.toBe(200)
      expect(server.received()).toBe(2)
    } finally {
      await server.close()
    }
  })

  it("a request sent and not answered by its deadline: may have been received, never resent by itself", async () => {
    const server = await slowServer(2000, TRACKING_ANSWER)
    try {
      const error = await failure(post(transport(server.url), 200))
      // A request sent can reach the server's handler after the client gave up on it, on a busy machine.
      await eventually(async () => server.received() >= 1, 50, "the server's receipt of the request")
      expect(server.received()).toBe(1)
      expect(error).toBeInstanceOf(TimeoutError)
      expect((error as TimeoutError).outcomeUnknown).toBe(true)
      expect(decideAfterFailure(error, 1, 0, POLICY)).toMatchObject({
        kind: "fail",
        reason: expect.stringMatching(/confira no painel do serviço/),
      })
    } finally {
      await server.close()
    }
  })
})
