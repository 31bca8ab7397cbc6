import { createSandbox, type Sandbox } from "../../../../sandbox/server"
import { InvalidAnswerError, InvalidCredentialsError, NetworkError, ServerError, TimeoutError } from "../../http/errors"
import { TrackingClient } from "../client"
import { InvalidTrackingOrderError, TrackingRejectedError } from "../errors"
import { decideAfterFailure } from "../delivery-policy"
import type { TrackingOrder } from "../schemas"
import { failureCollector } from "../../__tests__/expect-failure"
import { answerTo } from "../../__tests__/answer-to"
import { recordingLogger } from "../../__tests__/recording-logger"
import { rememberSecret } from "../../../../test-support/log-guard"

const CREDENTIAL = "dXN1YXJpbzpzZW5oYS1zZWNyZXRh"
rememberSecret(CREDENTIAL)

const ORDER: TrackingOrder = {
  OrderNumber: "1001",
  Code: "BR123456789BR",
  CarrierName: "Correios",
  DatePosted: "2026-11-20T14:30:00",
  DateToDelivery: "2026-11-25",
  CustomerName: "Maria da Silva",
  CustomerEmail: "maria@example.com.br",
  CustomerPhone: "11987654321",
  CustomerDocumentNumber: "12345678909",
  CustomerPostalCode: "20040002",
  CustomerCity: "Rio de Janeiro",
  CustomerState: "RJ",
  SendSms: true,
  SendEmail: false,
  OrderSalesValue: 250.5,
  FreightCost: 25.19,
  Weight: 0.6,
}

describe("TrackingClient against the sandbox", () => {
  let sandbox: Sandbox
  let client: TrackingClient
  const logger = recordingLogger()

  const newClient = (overrides: Partial<ConstructorParameters<typeof TrackingClient>[0]> = {}) =>
    new TrackingClient({
      url: sandbox.url,
      credential: CREDENTIAL,
      timeoutMs: 2000,
      connections: 2,
      logger,
      ...overrides,
    })

  const { errors, failure } = failureCollector()

  beforeAll(async () => {
    sandbox = await createSandbox({ trackingCredential: CREDENTIAL })
  })

  beforeEach(() => {
    sandbox.reset()
    client = newClient()
  })

  afterEach(async () => {
    await client.close()
  })

  afterAll(async () => {
    await sandbox.close()
  })

  it("creates a tracking order and returns the service's Id", async () => {
    const result = await client.createTrackingOrder(ORDER)
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/i)
    const [stored] = sandbox.trackingOrders()
    expect(stored.id).toBe(result.id)
    expect(stored.order).toEqual(ORDER)
  })

  it("refuses to send an order it built wrong", async () => {
    await expect(client.createTrackingOrder({ ...ORDER, CustomerDocumentNumber: "123.456.789-09" })).rejects.toThrow(
      InvalidTrackingOrderError
    )
    await expect(client.createTrackingOrder({ ...ORDER, Weight: -1 })).rejects.toThrow(InvalidTrackingOrderError)
    expect(sandbox.calls()).toHaveLength(0)
  })

  it("a refused credential is not retried", async () => {
    sandbox.configure({ trackingCredential: "another" })
    const error = await failure(client.createTrackingOrder(ORDER))
    expect(error).toBeInstanceOf(InvalidCredentialsError)
    expect(error).toMatchObject({ status: 401 })
    expect(
      decideAfterFailure(error, 1, 0, { baseDelayMs: 30_000, maxDelayMs: 3_600_000, giveUpAfterMs: 86_400_000 })
    ).toMatchObject({ kind: "fail" })
    expect(sandbox.calls()).toHaveLength(1)
  })

  it("a body the service refuses is a rejection with its message", async () => {
    const error = await failure(
      answerTo(
        "tracking",
        sandbox.url,
        {
          path: "/v1/tracking",
          headers: { authorization: `Basic ${CREDENTIAL}` },
          body: { ...ORDER, CustomerPhone: "123" },
        },
        [CREDENTIAL]
      )
    )
    expect(error).toBeInstanceOf(TrackingRejectedError)
    expect(error.status).toBe(400)
    expect(error.serviceMessage).toMatch(/CustomerPhone/)
    expect(sandbox.trackingOrders()).toHaveLength(0)
  })

  it("a 500 is a server error, and the client does not retry it", async () => {
    sandbox.setFault("tracking", { mode: "status", status: 500 })
    const error = await failure(client.createTrackingOrder(ORDER))
    expect(error).toBeInstanceOf(ServerError)
    expect(sandbox.calls()).toHaveLength(1)
  })

  it("a reset after the request was sent leaves the outcome unknown", async () => {
    sandbox.setFault("tracking", { mode: "reset" })
    const error = await failure(client.createTrackingOrder(ORDER))
    expect(error).toBeInstanceOf(NetworkError)
    expect((error as NetworkError).outcomeUnknown).toBe(true)
    expect(sandbox.calls()).toHaveLength(1)
  })

  it("a hang ends at the deadline, outcome unknown", async () => {
    client = newClient({ timeoutMs: 300 })
    sandbox.setFault("tracking", { mode: "hang" })
    const error = await failure(client.createTrackingOrder(ORDER))
    expect(error).toBeInstanceOf(TimeoutError)
    expect((error as TimeoutError).outcomeUnknown).toBe(true)
  })

  it("a slow answer within the deadline is taken", async () => {
    sandbox.setFault("tracking", { mode: "latency", ms: 30 })
    await expect(client.createTrackingOrder(ORDER)).resolves.toMatchObject({ id: expect.any(String) })
  })

  it("an HTML error page is a server error", async () => {
    sandbox.setFault("tracking", { mode: "html" })
    expect(await failure(client.createTrackingOrder(ORDER))).toBeInstanceOf(ServerError)
  })

  it("malformed JSON and JSON of the wrong shape are invalid answers", async () => {
    sandbox.setFault("tracking", { mode: "malformed-json", times: 1 })
    expect(await failure(client.createTrackingOrder(ORDER))).toBeInstanceOf(InvalidAnswerError)
    sandbox.setFault("tracking", { mode: "wrong-shape" })
    expect(await failure(client.createTrackingOrder(ORDER))).toBeInstanceOf(InvalidAnswerError)
  })

  it("the probe creates nothing, answers with the status and throws a refused credential", async () => {
    expect(await client.probe()).toBe(405)
    sandbox.configure({ trackingCredential: "another" })
    const refused = await failure(client.probe())
    expect(refused).toBeInstanceOf(InvalidCredentialsError)
    expect(refused.status).toBe(401)
    expect(sandbox.trackingOrders()).toHaveLength(0)
  })

  it("the probe throws a failing service as a server error", async () => {
    sandbox.setFault("tracking", { mode: "status", status: 503 })
    const error = await failure(client.probe())
    expect(error).toBeInstanceOf(ServerError)
    expect(error.status).toBe(503)
  })

  it("a 200 that refuses the order is a rejection with its message", async () => {
    const { MockAgent } = await import("undici")
    const agent = new MockAgent()
    agent.disableNetConnect()
    const reply = (body: object) =>
      agent.get("http://tracking.test").intercept({ path: "/v1/tracking", method: "POST" }).reply(200, body)
    client = newClient({ url: "http://tracking.test", dispatcher: agent })
    reply({ Id: null, Success: "False", Message: "Pedido duplicado" })
    const refused = await failure(client.createTrackingOrder(ORDER))
    expect(refused).toBeInstanceOf(TrackingRejectedError)
    expect(refused).toMatchObject({ status: 200, serviceMessage: "Pedido duplicado" })
    reply({ Success: true, Message: "ok" })
    const withoutId = await failure(client.createTrackingOrder(ORDER))
    expect(withoutId).toBeInstanceOf(InvalidAnswerError)
    expect(withoutId.message).toMatch(/Id is missing from an answer that reports success/)
    await agent.close()
  })

  it("logs the probe's answers at debug level, a refused credential too (the status route reports it)", async () => {
    const probeLines = () => logger.lines.filter((line) => line.includes("GET /v1/tracking ->"))
    const before = probeLines().length
    expect(await client.probe()).toBe(405)
    expect(probeLines().slice(before)).toEqual([
      expect.stringMatching(/^debug frete tracking: GET \/v1\/tracking -> 405 /),
    ])
    sandbox.configure({ trackingCredential: "another" })
    expect(await failure(client.probe())).toBeInstanceOf(InvalidCredentialsError)
    const refused = expect.stringMatching(/^debug frete tracking: GET \/v1\/tracking -> 401 /)
    expect(probeLines().slice(before + 1)).toEqual([refused])
  })

  it("never lets the credential into an error, a stack or a log line", () => {
    expect(errors.length).toBeGreaterThanOrEqual(7)
    expect(logger.lines.length).toBeGreaterThan(5)
    const texts = [
      ...logger.lines,
      ...errors.flatMap((error) => [String(error), (error as Error).stack ?? "", JSON.stringify(error)]),
    ]
    for (const text of texts) {
      expect(text).not.toContain(CREDENTIAL)
    }
  })
})
