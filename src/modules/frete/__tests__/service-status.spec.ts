import { createSandbox, type Sandbox } from "../../../../sandbox/server"
import { checkServices, ServiceClients } from "../status-report"

const TOKEN = "status-token-7c2e"
const CREDENTIAL = "status-credential-41ab"
const TIMING = { freight: { timeoutMs: 1000, connections: 1 }, tracking: { timeoutMs: 1000, connections: 1 } }

describe("checkServices", () => {
  it("lists what is missing and calls nothing when a service is not configured", async () => {
    const clients = new ServiceClients()
    const status = await checkServices(
      {
        freight: { url: undefined, secret: "t" },
        tracking: { url: "https://user:pass@tracking.example/api/?x=1", secret: undefined },
      },
      TIMING,
      clients
    )
    expect(status.freight).toMatchObject({ configured: false, missing: ["url"], reachable: null, credentials: null })
    expect(status.tracking).toMatchObject({
      configured: false,
      missing: ["credential"],
      url: "https://tracking.example/api",
    })
    expect(JSON.stringify(status)).not.toContain("pass")
    await clients.close()
  })

  describe("against the sandbox", () => {
    let sandbox: Sandbox
    let clients: ServiceClients
    const inForce = () => ({
      freight: { url: sandbox.url, secret: TOKEN },
      tracking: { url: sandbox.url, secret: CREDENTIAL },
    })

    beforeAll(async () => {
      sandbox = await createSandbox({ freightToken: TOKEN, trackingCredential: CREDENTIAL })
    })

    beforeEach(() => {
      sandbox.reset()
      clients = new ServiceClients()
    })

    afterEach(async () => {
      await clients.close()
    })

    afterAll(async () => {
      await sandbox.close()
    })

    it("takes the freight API's refusal of an empty query as the token accepted; the tracking API's 405 tells nothing of the credential", async () => {
      const status = await checkServices(inForce(), TIMING, clients)
      expect(status.freight).toMatchObject({
        configured: true,
        reachable: true,
        credentials: "accepted",
        http_status: 400,
        error: null,
      })
      expect(status.tracking).toMatchObject({
        configured: true,
        reachable: true,
        credentials: "unknown",
        http_status: 405,
        error: null,
      })
    })

    it("reports refused secrets with the status that refused them", async () => {
      sandbox.configure({ freightToken: "another", trackingCredential: "another" })
      const status = await checkServices(inForce(), TIMING, clients)
      expect(status.freight).toMatchObject({
        reachable: true,
        credentials: "rejected",
        http_status: 401,
        error: "The freight token was refused",
      })
      expect(status.tracking).toMatchObject({
        reachable: true,
        credentials: "rejected",
        http_status: 401,
        error: "The tracking credential was refused",
      })
    })

    it("takes the plan's limit as the token accepted, and says so", async () => {
      sandbox.configure({ queryLimit: 0 })
      const { freight } = await checkServices(inForce(), TIMING, clients)
      expect(freight).toMatchObject({
        reachable: true,
        credentials: "accepted",
        http_status: 429,
        error: "The plan's query limit is reached",
      })
    })

    it("reports a failing service as reachable with the secret unknown", async () => {
      sandbox.setFault("freight", { mode: "status", status: 503 })
      sandbox.setFault("tracking", { mode: "status", status: 502 })
      const status = await checkServices(inForce(), TIMING, clients)
      expect(status.freight).toMatchObject({
        reachable: true,
        credentials: "unknown",
        http_status: 503,
        error: "The freight API answered HTTP 503",
      })
      expect(status.tracking).toMatchObject({
        reachable: true,
        credentials: "unknown",
        http_status: 502,
        error: "The tracking API answered HTTP 502",
      })
    })

    it("reports a service that does not answer as unreachable", async () => {
      sandbox.setFault("tracking", { mode: "reset" })
      const { tracking } = await checkServices(inForce(), TIMING, clients)
      expect(tracking).toMatchObject({
        reachable: false,
        credentials: null,
        http_status: null,
        error: expect.stringMatching(/^Tracking API connection failed/),
      })
    })
  })
})
