import { MockAgent } from "undici"

/** A fresh undici MockAgent for each test, no real network, closed after it; read it inside a test. */
export function mockAgentPerTest(): () => MockAgent {
  let agent: MockAgent | undefined
  beforeEach(() => {
    agent = new MockAgent()
    agent.disableNetConnect()
  })
  afterEach(async () => {
    await agent?.close()
  })
  return () => {
    if (!agent) throw new Error("the MockAgent exists only inside a test")
    return agent
  }
}
