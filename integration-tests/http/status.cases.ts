import { createBrazilianStore, type BrazilianStore } from "../helpers/brazilian-store"
import type { FreteConfiguredCases } from "../helpers/frete-runner"

const FREIGHT_TOKEN = "status-freight-token-5f1c9e"
const TRACKING_CREDENTIAL = "status-tracking-credential-a83d02"

export const statusCases: FreteConfiguredCases = {
  sandbox: { freightToken: FREIGHT_TOKEN, trackingCredential: TRACKING_CREDENTIAL },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore

    beforeAll(async () => {
      store = await createBrazilianStore(api, getContainer())
    })

    describe("GET /admin/frete/status", () => {
      it("refuses a call without admin authentication", async () => {
        const answer = await api
          .get("/admin/frete/status")
          .catch((error: { response: unknown }) => error.response as { status: number })
        expect(answer.status).toBe(401)
      })

      it("refuses a storefront's publishable key", async () => {
        const answer = await api
          .get("/admin/frete/status", store.store)
          .catch((error: { response: unknown }) => error.response as { status: number })
        expect(answer.status).toBe(401)
      })

      it("says both services are configured and answer, and never shows the secrets", async () => {
        sandbox().clearCalls()
        const answer = await api.get("/admin/frete/status", store.admin)

        expect(answer.status).toBe(200)
        expect(answer.data.freight).toMatchObject({
          configured: true,
          missing: [],
          url: sandbox().url,
          reachable: true,
          credentials: "accepted",
          error: null,
        })
        expect(answer.data.tracking).toMatchObject({
          configured: true,
          missing: [],
          url: sandbox().url,
          reachable: true,
          credentials: "unknown",
          error: null,
        })
        const text = JSON.stringify(answer.data)
        expect(text).not.toContain(FREIGHT_TOKEN)
        expect(text).not.toContain(TRACKING_CREDENTIAL)
        // The check reached both services and created no tracking order.
        expect(sandbox().calls({ service: "freight" })).toHaveLength(1)
        expect(sandbox().calls({ service: "tracking" })).toHaveLength(1)
        expect(sandbox().trackingOrders()).toHaveLength(0)
      })

      it("reports a refused token and a service that does not answer", async () => {
        sandbox().configure({ freightToken: "another-token" })
        sandbox().setFault("tracking", { mode: "reset" })
        try {
          const answer = await api.get("/admin/frete/status", store.admin)
          expect(answer.data.freight).toMatchObject({ reachable: true, credentials: "rejected", http_status: 401 })
          expect(answer.data.tracking).toMatchObject({ reachable: false, credentials: null })
          expect(answer.data.tracking.error).toMatch(/Tracking API/)
          expect(JSON.stringify(answer.data)).not.toContain(FREIGHT_TOKEN)
        } finally {
          sandbox().reset()
        }
      })
    })
  },
}
