// A secret only ever goes to the URL it was configured with. An admin who types the address of a
// server of their own (here: a loopback server of the test's, recording every request) receives
// neither the token nor the credential, through "Testar conexão" or through saving the settings;
// nor does a writer of the table who puts back a secret sealed before the binding (v1, from an old
// backup) with no URL, or another URL, beside it.
import http from "node:http"
import type { AddressInfo } from "node:net"
import { encryptSecret } from "../../src/lib/security/secret-box"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { createBrazilianStore, type BrazilianStore } from "../helpers/brazilian-store"
import { createCart, createFreteOption, createProduct, eventually } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { rememberSecret } from "../../test-support/log-guard"

const ENV_TOKEN = "env-freight-token-5f1c2b"
const ENV_CREDENTIAL = "env-tracking-credential-77a0"
const SAVED_CREDENTIAL = "saved-tracking-credential-3e9d"
const TYPED_TOKEN = "typed-freight-token-b61f"
const ENCRYPTION_KEY = "an-encryption-key-for-the-pairing-tests-42"
rememberSecret(ENV_TOKEN, ENV_CREDENTIAL, SAVED_CREDENTIAL, TYPED_TOKEN, ENCRYPTION_KEY)

type Seen = { url: string; authorization: string | undefined; body: string }

export const secretPairingCases: FreteConfiguredCases = {
  sandbox: { freightToken: ENV_TOKEN, trackingCredential: SAVED_CREDENTIAL },
  // The token comes from the environment without a URL; the tracking API is configured in the admin.
  env: {
    FRETE_FREIGHT_URL: "",
    FRETE_FREIGHT_TOKEN: ENV_TOKEN,
    FRETE_TRACKING_URL: "",
    FRETE_TRACKING_CREDENTIAL: "",
    FRETE_ENCRYPTION_KEY: ENCRYPTION_KEY,
  },
  cases: ({ api, getContainer, sandbox, dbConnection }) => {
    let store: BrazilianStore
    let spy: http.Server
    let spyUrl: string
    const seen: Seen[] = []

    beforeAll(async () => {
      spy = http.createServer((req, res) => {
        let body = ""
        req.on("data", (chunk) => (body += chunk))
        req.on("end", () => {
          seen.push({ url: req.url ?? "", authorization: req.headers.authorization, body })
          res.writeHead(200, { "content-type": "application/json" })
          res.end(JSON.stringify({ consulta_token: "spy", cotacoes: [], Id: "spy", Success: true }))
        })
      })
      await new Promise<void>((resolve) => spy.listen(0, "127.0.0.1", resolve))
      spyUrl = `http://127.0.0.1:${(spy.address() as AddressInfo).port}`
    })
    afterAll(() => new Promise<void>((resolve) => spy.close(() => resolve())))

    beforeAll(async () => {
      store = await createBrazilianStore(api, getContainer(), {
        fulfillmentProviders: ["manual_manual", "frete_frete"],
      })
    })
    beforeEach(() => {
      seen.length = 0
    })

    const settings = (body: Record<string, unknown>) => api.post("/admin/frete/settings", body, store.admin)
    const credentials = async () => (await api.get("/admin/frete/settings", store.admin)).data.credentials
    const testConnection = (body: Record<string, unknown>) =>
      api
        .post(
          "/admin/frete/test-connection",
          { origin_cep: "01310-100", destination_cep: "20040-002", ...body },
          store.admin
        )
        .catch((error: { response: { status: number; data: Record<string, unknown> } }) => error.response)
    const leaked = () =>
      seen.filter((request) =>
        [ENV_TOKEN, ENV_CREDENTIAL, SAVED_CREDENTIAL].some(
          (secret) =>
            `${request.url} ${request.authorization ?? ""} ${request.body}`.includes(secret) ||
            `${request.url}`.includes(encodeURIComponent(secret))
        )
      )

    it("never pairs the environment's token with a URL saved in the admin: the service counts as not configured", async () => {
      await settings({ freight_url: spyUrl })
      expect((await credentials()).freight).toEqual({
        url: spyUrl,
        url_source: "settings",
        secret_set: true,
        secret_source: "option",
        secret_withheld: true,
      })
      expect((await api.get("/admin/frete/status", store.admin)).data.freight).toMatchObject({ configured: false })

      // Checkout asks nobody: no fallback table here, so the shopper is told to try again.
      const { variantId } = await createProduct(api, store, {
        title: "Caneca",
        sku: "CANECA",
        price: 45,
        weight: 450,
        length: 12,
        width: 12,
        height: 10,
      })
      const optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }])
      const priced = await api
        .post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, store.store)
        .catch((error: { response: { status: number; data: { code: string } } }) => error.response)
      expect(priced.status).toBe(400)
      expect(priced.data.code).toBe("freight_unavailable")

      // "Testar conexão" with nothing typed uses what is in force: no secret for that URL, no call.
      const tested = await testConnection({})
      expect(tested.data.freight).toMatchObject({ ok: false, message: "Informe a URL e o token do serviço de frete." })
      expect(seen).toEqual([])
    })

    it("tests another URL only with a secret typed for it, and then sends only that one", async () => {
      const refused = await testConnection({ freight_url: spyUrl, tracking_url: spyUrl })
      expect(refused.status).toBe(400)
      expect((refused.data.issues as Array<{ field: string }>).map((issue) => issue.field)).toEqual([
        "freight_token",
        "tracking_credential",
      ])
      expect(refused.data.message).toMatch(/digite também o token/)
      expect(seen).toEqual([])

      await testConnection({ freight_url: spyUrl, freight_token: TYPED_TOKEN })
      expect(seen.length).toBeGreaterThan(0)
      expect(seen.filter((request) => !request.url.includes(`token=${TYPED_TOKEN}`))).toEqual([])
      expect(leaked()).toEqual([])
    })

    it("sends a credential saved in the admin only to the URL saved with it, and forgets it when the URL changes", async () => {
      await settings({ tracking_url: sandbox().url, secrets: { tracking_credential: SAVED_CREDENTIAL } })
      expect((await credentials()).tracking).toEqual({
        url: sandbox().url,
        url_source: "settings",
        secret_set: true,
        secret_source: "settings",
        secret_withheld: false,
      })
      expect((await api.get("/admin/frete/status", store.admin)).data.tracking).toMatchObject({
        configured: true,
        credentials: "unknown",
      })

      // Another URL saved alone: the saved credential is forgotten, never sent there.
      await settings({ tracking_url: spyUrl })
      expect((await credentials()).tracking).toEqual({
        url: spyUrl,
        url_source: "settings",
        secret_set: false,
        secret_source: null,
        secret_withheld: false,
      })
      expect((await api.get("/admin/frete/status", store.admin)).data.tracking).toMatchObject({ configured: false })
      expect(seen).toEqual([])

      // Back to the service's URL: the credential must be typed again.
      await settings({ tracking_url: sandbox().url })
      expect((await credentials()).tracking.secret_set).toBe(false)
      await settings({ secrets: { tracking_credential: SAVED_CREDENTIAL } })
      expect((await credentials()).tracking).toMatchObject({ secret_set: true, secret_withheld: false })
      expect(leaked()).toEqual([])
    })

    it("reads a credential sealed before the binding only with the URL in force kept beside it, and seals it again, bound", async () => {
      const legacy = encryptSecret(SAVED_CREDENTIAL, ENCRYPTION_KEY)
      await settings({ tracking_url: sandbox().url })
      const storedSecrets = async (): Promise<Record<string, string>> =>
        JSON.parse((await dbConnection.raw(`select secrets::text as secrets from frete_settings`)).rows[0].secrets)
      /** The row as a writer of the table leaves it, read by a process that has read nothing yet. */
      const putBack = async (secrets: Record<string, string>) => {
        await dbConnection.raw(`update frete_settings set secrets = ?::jsonb where id = 'frete_settings'`, [
          JSON.stringify(secrets),
        ])
        getContainer().resolve<FreteModuleService>(FRETE_MODULE).forgetInProcessState()
      }
      const withheld = {
        url: sandbox().url,
        url_source: "settings",
        secret_set: true,
        secret_source: "settings",
        secret_withheld: true,
      }

      // No URL beside it (saved before URLs were kept): it could go anywhere, so it goes nowhere.
      await putBack({ tracking_credential: legacy })
      expect({ tracking: (await credentials()).tracking, stored: await storedSecrets() }).toEqual({
        tracking: withheld,
        stored: { tracking_credential: legacy },
      })

      // Another URL beside it than the one in force.
      await putBack({ tracking_credential: legacy, tracking_credential_url: spyUrl })
      expect({ tracking: (await credentials()).tracking, stored: await storedSecrets() }).toEqual({
        tracking: withheld,
        stored: { tracking_credential: legacy, tracking_credential_url: spyUrl },
      })
      expect((await api.get("/admin/frete/status", store.admin)).data.tracking).toMatchObject({ configured: false })

      // The URL in force beside it: used, and sealed again bound to it (v2), in the background.
      await putBack({ tracking_credential: legacy, tracking_credential_url: sandbox().url })
      expect((await credentials()).tracking).toEqual({ ...withheld, secret_withheld: false })
      const resealed = await eventually(
        async () => {
          const stored = await storedSecrets()
          return stored.tracking_credential !== legacy && stored
        },
        50,
        "the credential sealed again"
      )
      expect({ version: resealed.tracking_credential.split(":")[0], url: resealed.tracking_credential_url }).toEqual({
        version: "v2",
        url: sandbox().url,
      })
      expect((await api.get("/admin/frete/status", store.admin)).data.tracking).toMatchObject({ configured: true })
      expect(seen).toEqual([])
    })
  },
}
