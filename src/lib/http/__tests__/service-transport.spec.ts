import { MockAgent } from "undici"
import { z } from "zod"
import { FreteServiceError, type ServiceRejection } from "../errors"
import { startDeadline } from "../deadline"
import { ServiceTransport } from "../service-transport"

class RefusedError extends FreteServiceError {}
const rejection: ServiceRejection = () => ({ ErrorClass: RefusedError, refused: "refused the query" })

describe("ServiceTransport", () => {
  let agent: MockAgent

  beforeEach(() => {
    agent = new MockAgent()
    agent.disableNetConnect()
  })

  afterEach(async () => {
    await agent.close()
  })

  const transport = (baseUrl: string) =>
    new ServiceTransport({
      service: "freight",
      baseUrl,
      connections: 1,
      timeoutMs: 1000,
      secrets: ["s3cret"],
      rejection,
      dispatcher: agent,
    })

  it("keeps the base URL's path prefix in front of every path", async () => {
    agent
      .get("https://api.example")
      .intercept({ path: "/frete/v2/consulta?token=s3cret", method: "POST" })
      .reply(200, "{}")
    const answer = await transport("https://api.example/frete/").request(
      { method: "POST", path: "/v2/consulta", query: { token: "s3cret" }, json: {}, deadline: startDeadline(1000) },
      { schema: z.object({}) }
    )
    expect(answer).toEqual({})
  })
})
