import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { z } from "zod"
import {
  FreteServiceError,
  InvalidAnswerError,
  InvalidCredentialsError,
  QuotaExceededError,
  ServerError,
  type ServiceRejection,
} from "../errors"
import { startDeadline } from "../deadline"
import { ServiceTransport } from "../service-transport"
import { failureCollector } from "../../__tests__/expect-failure"
import { mockAgentPerTest } from "../../__tests__/mock-agent"

const SECRET = "s3cret-echoed-9d1f"

/** A service's own refusal, as a client passes its class to the transport. */
class OrderRefusedError extends FreteServiceError {}
const rejection: ServiceRejection = (erroId) => ({
  ErrorClass: OrderRefusedError,
  refused: `refused the order${erroId === undefined ? "" : ` ${erroId}`}`,
})

const orderSchema = z.object({ id: z.string(), total: z.number(), items: z.array(z.string()), note: z.string() })
const refusalSchema = z
  .looseObject({ Success: z.literal(false), Message: z.string().nullish() })
  .transform((refusal) => refusal.Message ?? null)

describe("readAnswer, through the transport", () => {
  const agent = mockAgentPerTest()
  const { failure } = failureCollector()

  const transport = () =>
    new ServiceTransport({
      service: "tracking",
      baseUrl: "https://api.example",
      connections: 1,
      timeoutMs: 1000,
      secrets: [SECRET],
      rejection,
      dispatcher: agent(),
    })

  const answer = (status: number, body: string, contentType = "application/json") =>
    agent()
      .get("https://api.example")
      .intercept({ path: "/orders", method: "POST" })
      .reply(status, body, { headers: { "content-type": contentType } })

  const order = (description: { answers?: (status: number) => boolean } = {}) =>
    transport().request(
      { method: "POST", path: "/orders", json: {}, deadline: startDeadline(1000) },
      { schema: orderSchema, refusal: refusalSchema, ...description }
    )

  it("turns a 200 of the documented shape into the schema's value", async () => {
    answer(200, JSON.stringify({ id: "o-1", total: 10, items: ["a"], note: "" }))
    await expect(order()).resolves.toEqual({ id: "o-1", total: 10, items: ["a"], note: "" })
  })

  it.each([
    [401, InvalidCredentialsError, "refused the credential"],
    [403, InvalidCredentialsError, "refused the credential"],
    [429, QuotaExceededError, "query limit reached"],
    [400, OrderRefusedError, "refused the order"],
    [404, OrderRefusedError, "refused the order"],
    [500, ServerError, "failed"],
    [503, ServerError, "failed"],
    [302, ServerError, "failed"],
  ])("turns HTTP %i into its class of error", async (status, ErrorClass, words) => {
    answer(status, "")
    const error = await failure(order())
    expect(error).toBeInstanceOf(ErrorClass)
    expect(error).toMatchObject({ service: "tracking", status })
    expect(error.message).toBe(`Tracking API ${words} (HTTP ${status})`)
  })

  it("reads the service's error code and message from an error's body", async () => {
    answer(400, JSON.stringify({ erro_id: "104", erro_msg: "Volumes inválidos" }))
    const error = await failure(order())
    expect(error).toBeInstanceOf(OrderRefusedError)
    expect(error).toMatchObject({ erroId: 104, serviceMessage: "Volumes inválidos" })
    expect(error.message).toBe("Tracking API refused the order 104 (HTTP 400, erro_id 104: Volumes inválidos)")
  })

  it("takes the statuses the description names as answers, and only those", async () => {
    answer(201, JSON.stringify({ id: "o-1", total: 10, items: [], note: "" }))
    await expect(order({ answers: (status) => status === 201 })).resolves.toMatchObject({ id: "o-1" })
    answer(200, JSON.stringify({ id: "o-2", total: 10, items: [], note: "" }))
    expect(await failure(order({ answers: (status) => status === 201 }))).toBeInstanceOf(ServerError)
  })

  it("tells an HTML page from other text that is not JSON", async () => {
    answer(200, "<html><body>Bad gateway</body></html>", "text/html; charset=utf-8")
    const html = await failure(order())
    expect(html).toBeInstanceOf(InvalidAnswerError)
    expect(html.message).toBe("Tracking API answered an HTML page (HTTP 200)")
    answer(200, "OK", "text/plain")
    const text = await failure(order())
    expect(text).toBeInstanceOf(InvalidAnswerError)
    expect(text.message).toBe("Tracking API answered text that is not JSON (HTTP 200)")
  })

  it("names at most three of the places where the body leaves the documented shape", async () => {
    answer(200, JSON.stringify({ extra: true }))
    const error = await failure(order())
    expect(error).toBeInstanceOf(InvalidAnswerError)
    expect(error.message).toMatch(/documented shape: id .*; total .*; items /)
    expect(error.message).not.toMatch(/note/)
  })

  it("turns a well-formed refusal into the service's rejection, with its message", async () => {
    answer(200, JSON.stringify({ Success: false, Message: "CustomerPhone inválido" }))
    const error = await failure(order())
    expect(error).toBeInstanceOf(OrderRefusedError)
    expect(error).toMatchObject({ status: 200, serviceMessage: "CustomerPhone inválido" })
  })

  it("refuses an answer larger than the transport's bound", async () => {
    const server = createServer((_req, res) =>
      res.end(JSON.stringify({ id: "x".repeat(2048), total: 1, items: [], note: "" }))
    )
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const small = new ServiceTransport({
      service: "tracking",
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      connections: 1,
      timeoutMs: 1000,
      secrets: [],
      rejection,
      maxBodyBytes: 1024,
    })
    try {
      const error = await failure(
        small.request({ method: "POST", path: "/orders", deadline: startDeadline(1000) }, { schema: orderSchema })
      )
      expect(error).toBeInstanceOf(InvalidAnswerError)
      expect(error.message).toBe("Tracking API answered more than 1024 bytes to POST /orders")
    } finally {
      await small.close()
      server.close()
    }
  })

  it("gives the status alone when the body is not read", async () => {
    answer(405, "<html>Method not allowed</html>", "text/html")
    const status = await transport().request(
      { method: "POST", path: "/orders", deadline: startDeadline(1000) },
      { statusOnly: true, answers: (code) => code < 500 }
    )
    expect(status).toBe(405)
  })

  it.each([
    ["an error's body", 401, { erro_id: 1, erro_mensagem: `token ${SECRET} inválido` }],
    ["a refusal", 200, { Success: false, Message: `credencial ${SECRET} recusada` }],
    ["a refusal, URL-encoded", 200, { Success: false, Message: `?token=${encodeURIComponent(SECRET)}` }],
  ])("redacts a secret that the service echoes in %s", async (_where, status, body) => {
    answer(status, JSON.stringify(body))
    const error = await failure(order())
    for (const text of [error.message, error.serviceMessage ?? "", JSON.stringify(error)]) {
      expect(text).not.toContain(SECRET)
      expect(text).not.toContain(encodeURIComponent(SECRET))
    }
    expect(error.serviceMessage).toContain("[REDACTED]")
  })
})
