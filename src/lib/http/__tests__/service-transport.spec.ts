import { MockAgent } from "undici"
import { InvalidAnswerError } from "../errors"
import { startDeadline } from "../deadline"
import { ServiceTransport } from "../service-transport"

describe("ServiceTransport", () => {
  let agent: MockAgent

  beforeEach(() => {
    agent = new MockAgent()
    agent.disableNetConnect()
  })

  afterEach(async () => {
    await agent.close()
  })

  const transport = (baseUrl: string, maxBodyBytes?: number) =>
    new ServiceTransport({ service: "freight", baseUrl, connections: 1, timeoutMs: 1000, secrets: ["s3cret"], dispatcher: agent, maxBodyBytes })

  it("keeps the base URL's path prefix in front of every path", async () => {
    agent.get("https://api.example").intercept({ path: "/frete/v2/consulta?token=s3cret", method: "POST" }).reply(200, "{}")
    const response = await transport("https://api.example/frete/").send({
      method: "POST",
      path: "/v2/consulta",
      query: { token: "s3cret" },
      json: {},
      deadline: startDeadline(1000),
    })
    expect(response.status).toBe(200)
  })

  it("refuses an answer larger than its bound", async () => {
    agent.get("https://api.example").intercept({ path: "/big", method: "GET" }).reply(200, "x".repeat(2048))
    await expect(
      transport("https://api.example", 1024).send({ method: "GET", path: "/big", deadline: startDeadline(1000) })
    ).rejects.toThrow(InvalidAnswerError)
  })

  it("describes a request with its token redacted", () => {
    expect(transport("https://api.example").describe({ method: "POST", path: "/v2/consulta", query: { token: "s3cret" } })).toBe(
      "POST /v2/consulta?token=[REDACTED]"
    )
  })
})
