import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { createBrazilianStore, type BrazilianStore } from "../helpers/brazilian-store"
import { createFreteOption, createProduct, eventually } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { capturedLines, rememberSecret } from "../../test-support/log-guard"

const FREIGHT_TOKEN = "admin-saved-freight-token-4c1d"
const TRACKING_CREDENTIAL = "option-tracking-credential-77ab"
const ENCRYPTION_KEY = "an-encryption-key-for-the-tests-0123456789"
/** The key a rotation puts in force in ENCRYPTION_KEY's place. */
const NEW_ENCRYPTION_KEY = "the-next-encryption-key-for-the-tests-9876"
rememberSecret(FREIGHT_TOKEN, TRACKING_CREDENTIAL, ENCRYPTION_KEY, NEW_ENCRYPTION_KEY)

export const settingsSecretsCases: FreteConfiguredCases = {
  sandbox: { freightToken: FREIGHT_TOKEN, trackingCredential: TRACKING_CREDENTIAL },
  // No freight token in the options: the one saved in the admin is used.
  env: { FRETE_FREIGHT_TOKEN: "", FRETE_ENCRYPTION_KEY: ENCRYPTION_KEY },
  cases: ({ api, getContainer, sandbox, dbConnection, pluginOptions }) => {
    let store: BrazilianStore

    beforeAll(async () => {
      store = await createBrazilianStore(api, getContainer(), {
        fulfillmentProviders: ["manual_manual", "frete_frete"],
      })
      await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    const settings = async () => (await api.get("/admin/frete/settings", store.admin)).data
    const storedRow = async () =>
      (await dbConnection.raw(`select settings::text as settings, secrets::text as secrets from frete_settings`))
        .rows[0]

    it("stores a secret encrypted, uses it, and never sends it back", async () => {
      expect((await settings()).credentials).toEqual({
        encryption_available: true,
        freight: {
          url: sandbox().url,
          url_source: "option",
          secret_set: false,
          secret_source: null,
          secret_withheld: false,
        },
        tracking: {
          url: sandbox().url,
          url_source: "option",
          secret_set: true,
          secret_source: "option",
          secret_withheld: false,
        },
      })

      const saved = await api.post("/admin/frete/settings", { secrets: { freight_token: FREIGHT_TOKEN } }, store.admin)
      expect(saved.data.credentials.freight).toMatchObject({ secret_set: true, secret_source: "settings" })
      expect(JSON.stringify(saved.data)).not.toContain(FREIGHT_TOKEN)
      expect(JSON.stringify(await settings())).not.toContain(FREIGHT_TOKEN)
      expect(JSON.stringify(await settings())).not.toContain(TRACKING_CREDENTIAL)

      const row = await storedRow()
      expect(`${row.settings}${row.secrets}`).not.toContain(FREIGHT_TOKEN)
      // Sealed with its URL bound in (v2): see admin/settings-save.cases.ts.
      expect(JSON.parse(row.secrets).freight_token).toMatch(/^v2:/)

      // The saved token prices checkout: the sandbox sees an authorized query.
      const { variantId } = await createProduct(api, store, {
        title: "Caneca",
        sku: "CANECA",
        price: 45,
        weight: 450,
        length: 12,
        width: 12,
        height: 10,
      })
      const quote = await api.post(
        "/store/frete/quotes",
        { postal_code: "20040-002", items: [{ variant_id: variantId, quantity: 1 }] },
        store.store
      )
      expect(quote.data.quotes[0].is_fallback).toBe(false)
      expect(
        sandbox()
          .calls({ service: "freight" })
          .map((call) => call.authorized)
      ).toEqual([true])

      const cleared = await api.post("/admin/frete/settings", { secrets: { freight_token: null } }, store.admin)
      expect(cleared.data.credentials.freight).toMatchObject({ secret_set: false, secret_source: null })
      expect(JSON.parse((await storedRow()).secrets)).toEqual({})
    })

    it("keeps answers per account: a new token is never served the old one's prices", async () => {
      const other = "another-account-token-9a3e"
      rememberSecret(other)
      await api.post("/admin/frete/settings", { secrets: { freight_token: FREIGHT_TOKEN } }, store.admin)
      const { variantId } = await createProduct(api, store, {
        title: "Caneca",
        sku: "CANECA",
        price: 45,
        weight: 450,
        length: 12,
        width: 12,
        height: 10,
      })
      const quote = () =>
        api.post(
          "/store/frete/quotes",
          { postal_code: "69010-000", items: [{ variant_id: variantId, quantity: 1 }] },
          store.store
        )
      await quote()
      await quote()
      expect(sandbox().calls({ service: "freight" })).toHaveLength(1)

      // The merchant moves to another account of the service: the same query is asked again, with it.
      sandbox().configure({ freightToken: other })
      await api.post("/admin/frete/settings", { secrets: { freight_token: other } }, store.admin)
      expect((await quote()).data.quotes[0].is_fallback).toBe(false)
      expect(
        sandbox()
          .calls({ service: "freight" })
          .map((call) => call.authorized)
      ).toEqual([true, true])

      sandbox().configure({ freightToken: FREIGHT_TOKEN })
      await api.post("/admin/frete/settings", { secrets: { freight_token: FREIGHT_TOKEN } }, store.admin)
    })

    it("lets an option win over a secret saved in the admin", async () => {
      await api.post("/admin/frete/settings", { secrets: { tracking_credential: "saved-but-overridden" } }, store.admin)
      expect((await settings()).credentials.tracking).toMatchObject({ secret_set: true, secret_source: "option" })
      const status = await api.get("/admin/frete/status", store.admin)
      expect(status.data.tracking.credentials).not.toBe("rejected")
    })

    it("refuses a secret of the wrong type, naming the field, and saves nothing", async () => {
      const answer = await api
        .post("/admin/frete/settings", { max_options: 3, secrets: { freight_token: 42, other: "x" } }, store.admin)
        .catch((error: { response: { status: number; data: { issues: Array<{ field: string }> } } }) => error.response)
      expect(answer.status).toBe(400)
      expect((answer.data.issues as Array<{ field: string }>).map((issue) => issue.field).sort()).toEqual([
        "secrets.freight_token",
        "secrets.other",
      ])
      expect((await settings()).settings.max_options).toBeNull()
    })

    it("tests the connection with the typed values: the services returned, or the service's error in words", async () => {
      const good = await api.post(
        "/admin/frete/test-connection",
        { origin_cep: "01310-100", destination_cep: "20040-002", freight_token: FREIGHT_TOKEN },
        store.admin
      )
      expect(good.data.freight.ok).toBe(true)
      expect(good.data.freight.services.length).toBeGreaterThan(2)
      expect(good.data.freight.services[0]).toEqual({
        service: expect.any(String),
        name: expect.any(String),
        api_name: expect.any(String),
        enabled: true,
        carrier: expect.any(String),
        amount: expect.any(Number),
        days: expect.anything(),
      })
      expect(good.data.tracking).toEqual({ ok: true, message: expect.any(String) })

      const bad = await api.post(
        "/admin/frete/test-connection",
        {
          origin_cep: "01310-100",
          destination_cep: "20040-002",
          freight_token: "token-errado",
          tracking_credential: "credencial-errada",
        },
        store.admin
      )
      expect(bad.data.freight).toEqual({
        ok: false,
        services: [],
        message: "O serviço de frete recusou o token (HTTP 401).",
        overlaps: [],
      })
      expect(bad.data.tracking).toEqual({
        ok: false,
        message: "O serviço de rastreamento recusou a credencial (HTTP 401).",
      })
      expect(JSON.stringify(bad.data)).not.toContain("token-errado")
      expect(sandbox().trackingOrders()).toHaveLength(0)

      const badCep = await api
        .post("/admin/frete/test-connection", { origin_cep: "123", destination_cep: "20040-002" }, store.admin)
        .catch((error: { response: { status: number } }) => error.response)
      expect(badCep.status).toBe(400)
    })

    it("tests the connection showing the services as checkout will: the merchant's names and order, a disabled one marked", async () => {
      await api.post(
        "/admin/frete/settings",
        {
          services: [
            { metaname: "jadlog-package", name: "Jadlog - .Package", display_name: "Jadlog Econômico" },
            { metaname: "correios-sedex", name: "Correios - SEDEX", enabled: false },
          ],
          secrets: { freight_token: FREIGHT_TOKEN },
        },
        store.admin
      )
      const testConnection = async () =>
        (
          await api.post(
            "/admin/frete/test-connection",
            { origin_cep: "01310-100", destination_cep: "20040-002" },
            store.admin
          )
        ).data
      const data = await testConnection()
      const services = data.freight.services as Array<{
        service: string
        name: string
        api_name: string
        enabled: boolean
      }>
      expect(
        services.slice(0, 2).map(({ service, name, api_name, enabled }) => ({ service, name, api_name, enabled }))
      ).toEqual([
        { service: "jadlog-package", name: "Jadlog Econômico", api_name: "Jadlog - .Package", enabled: true },
        { service: "correios-sedex", name: "Correios - SEDEX", api_name: "Correios - SEDEX", enabled: false },
      ])
      expect(services.slice(2).filter((service) => !(service.enabled && service.name === service.api_name))).toEqual([])
      expect(data.freight.overlaps).toEqual([])

      // Checkout offers what the test showed as enabled, under the same names. Jadlog is the sandbox's
      // cheapest: "Jadlog" is the same offer as "Frete econômico", one row, the first option's.
      const { variantId } = await createProduct(api, store, {
        title: "Caneca",
        sku: "CANECA",
        price: 45,
        weight: 450,
        length: 12,
        width: 12,
        height: 10,
      })
      await createFreteOption(api, store, "correios-sedex", "SEDEX")
      await createFreteOption(api, store, "jadlog-package", "Jadlog")
      const quoted = await api.post(
        "/store/frete/quotes",
        { postal_code: "20040-002", items: [{ variant_id: variantId, quantity: 1 }] },
        store.store
      )
      const offered = (quoted.data.quotes as Array<{ service: string; name: string }>)
        .map((quote) => `${quote.name}: ${quote.service}`)
        .sort()
      expect(offered).toEqual(["Frete econômico: jadlog-package"])
      // The test names both, the one the store shows first.
      expect((await testConnection()).freight.overlaps).toEqual([{ option_names: ["Frete econômico", "Jadlog"] }])
    })

    it("lists the products whose variants lack weight or dimensions", async () => {
      await createProduct(api, store, {
        title: "Caneca",
        sku: "CANECA",
        price: 45,
        weight: 450,
        length: 12,
        width: 12,
        height: 10,
      })
      const poster = await createProduct(api, store, { title: "Pôster", sku: "POSTER", price: 30 })
      const vase = await createProduct(api, store, {
        title: "Vaso",
        sku: "VASO",
        price: 60,
        productWeight: 2000,
        length: 20,
        width: 20,
      })
      const { data } = await api.get("/admin/frete/products-missing-dimensions", store.admin)
      expect(data.count).toBe(2)
      expect(data.products.map((product: { id: string }) => product.id).sort()).toEqual(
        [poster.productId, vase.productId].sort()
      )
      const missing = Object.fromEntries(
        data.products.map((product: { title: string; variants: Array<{ missing: string[] }> }) => [
          product.title,
          product.variants[0].missing,
        ])
      )
      expect(missing).toEqual({ Pôster: ["weight", "length", "width", "height"], Vaso: ["height"] })
    })

    it("refuses every admin route of the plugin without admin authentication, or with a storefront's key", async () => {
      const calls: Array<[string, string]> = [
        ["get", "/admin/frete/settings"],
        ["post", "/admin/frete/settings"],
        ["post", "/admin/frete/test-connection"],
        ["get", "/admin/frete/products-missing-dimensions"],
        ["get", "/admin/frete/tracking-orders?order_id=order_1"],
        ["post", "/admin/frete/tracking-orders/frtrk_1/retry"],
        ["get", "/admin/frete/status"],
      ]
      for (const [method, path] of calls) {
        for (const headers of [{}, store.store.headers]) {
          const answer = await (method === "get" ? api.get(path, { headers }) : api.post(path, {}, { headers })).catch(
            (error: { response: { status: number } }) => error.response
          )
          expect([method, path, answer.status]).toEqual([method, path, 401])
        }
      }
    })

    it("uses a token saved under the previous key after a restart with a new one, sealed again under it", async () => {
      const keyVariables = ["FRETE_ENCRYPTION_KEY", "FRETE_PREVIOUS_ENCRYPTION_KEYS"] as const
      const before = keyVariables.map((name) => [name, process.env[name]] as const)
      /** A restart of the store with these variables: the options read again, nothing of the process kept. */
      const restartWith = (env: Partial<Record<(typeof keyVariables)[number], string>>) => {
        for (const name of keyVariables) process.env[name] = env[name] ?? ""
        getContainer()
          .resolve<FreteModuleService>(FRETE_MODULE)
          .forgetInProcessState(pluginOptions ?? {})
      }
      const sealedSecrets = async () => JSON.parse((await storedRow()).secrets) as Record<string, string>
      const resealLines = () => capturedLines().filter((line) => line.includes("sealed again under the encryptionKey"))
      const resealLinesBefore = resealLines().length
      const mug = { title: "Caneca", sku: "CANECA", price: 45, weight: 450, length: 12, width: 12, height: 10 }
      const { variantId } = await createProduct(api, store, mug)
      const priced = async (cep: string) => {
        const body = { postal_code: cep, items: [{ variant_id: variantId, quantity: 1 }] }
        return (await api.post("/store/frete/quotes", body, store.store)).data.quotes[0].is_fallback === false
      }
      const tokensSent = () =>
        sandbox()
          .calls({ service: "freight" })
          .map((call) => call.authorized)
      try {
        await api.post("/admin/frete/settings", { secrets: { freight_token: FREIGHT_TOKEN } }, store.admin)
        const underOldKey = await sealedSecrets()

        restartWith({ FRETE_ENCRYPTION_KEY: NEW_ENCRYPTION_KEY, FRETE_PREVIOUS_ENCRYPTION_KEYS: ENCRYPTION_KEY })
        expect((await settings()).credentials.freight).toMatchObject({ secret_set: true, secret_withheld: false })
        expect({ pricedByTheApi: await priced("20040-002"), tokensSent: tokensSent() }).toEqual({
          pricedByTheApi: true,
          tokensSent: [true],
        })

        // Sealed again in its place, in the background: another ciphertext, bound to the same URL.
        const resealed = await eventually(
          async () => {
            const stored = await sealedSecrets()
            return stored.freight_token !== underOldKey.freight_token && stored
          },
          50,
          "the token sealed again under the new key"
        )
        const { freight_token: token, freight_token_url: url } = resealed
        expect({ version: token.split(":")[0], url }).toEqual({ version: "v2", url: underOldKey.freight_token_url })
        expect(resealLines().slice(resealLinesBefore)).toEqual([
          "frete: freight_token saved in the admin sealed again under the encryptionKey in force, bound to its URL",
        ])

        // The previous key retired: the new one alone reads it, and the token still reaches the sandbox.
        restartWith({ FRETE_ENCRYPTION_KEY: NEW_ENCRYPTION_KEY })
        expect((await settings()).credentials.freight).toMatchObject({ secret_set: true, secret_withheld: false })
        expect({ pricedByTheApi: await priced("69010-000"), tokensSent: tokensSent() }).toEqual({
          pricedByTheApi: true,
          tokensSent: [true, true],
        })
        // And the old key alone no longer does: it was sealed again under the new one.
        restartWith({ FRETE_ENCRYPTION_KEY: ENCRYPTION_KEY })
        expect((await settings()).credentials.freight).toMatchObject({ secret_set: true, secret_withheld: true })
      } finally {
        for (const [name, value] of before) {
          if (value === undefined) delete process.env[name]
          else process.env[name] = value
        }
        getContainer()
          .resolve<FreteModuleService>(FRETE_MODULE)
          .forgetInProcessState(pluginOptions ?? {})
      }
    })
  },
}
