import { ServiceClients } from "../service-clients"
import { checkServices } from "../service-status"

describe("checkServices", () => {
  it("lists what is missing and calls nothing when a service is not configured", async () => {
    const clients = new ServiceClients()
    const status = await checkServices(
      {
        freight: { url: undefined, token: "t", timeoutMs: 1000, connections: 1 },
        tracking: { url: "https://user:pass@tracking.example/api/?x=1", credential: undefined, timeoutMs: 1000, connections: 1 },
      },
      clients
    )
    expect(status.freight).toMatchObject({ configured: false, missing: ["url"], reachable: null, credentials: null })
    expect(status.tracking).toMatchObject({ configured: false, missing: ["credential"], url: "https://tracking.example/api" })
    expect(JSON.stringify(status)).not.toContain("pass")
    await clients.close()
  })
})
