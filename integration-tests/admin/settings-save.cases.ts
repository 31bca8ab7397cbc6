// How a save of the settings lands on what is stored: merged field by field at every depth,
// over stored settings that are read field by field (a field a later schema refuses goes back to
// its default, alone), and how a secret stays bound to the URL it was saved for when the row is
// changed behind the plugin's back. The concurrent saves on two instances: scale/multi-instance.spec.ts.
import { createSandbox, type Sandbox } from "../../sandbox/server"
import { createFreteOption, createProduct } from "../../scripts/lib/store-api"
import { encryptSecret } from "../../src/lib/security/secret-box"
import { createBrazilianStore, type BrazilianStore } from "../helpers/brazilian-store"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { capturedLines, rememberSecret } from "../../test-support/log-guard"

const FREIGHT_TOKEN = "saved-freight-token-for-the-binding-8d2a"
const ENCRYPTION_KEY = "an-encryption-key-for-the-settings-save-tests-77"
rememberSecret(FREIGHT_TOKEN, ENCRYPTION_KEY)

const CARRIER = {
  service: "jadlog-package",
  carrier_id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
  carrier_name: "Jadlog",
}
const FALLBACK = [
  {
    service: "tabela-pac",
    name: "PAC (tabela)",
    carrier: "Correios",
    bands: [{ max_weight_kg: 5, price: 29.9, days: 7 }],
  },
]
const RULES = [{ min_subtotal: 300, states: ["SP", "RJ"], cep_ranges: [] }]

type Failure = { response: { status: number; data: Record<string, unknown> } }

export const settingsSaveCases: FreteConfiguredCases = {
  sandbox: { freightToken: FREIGHT_TOKEN },
  // Every read goes to the table: a change made there by SQL is what the next request sees.
  pluginOptions: { settingsRefreshMs: 0 },
  // The freight URL and token come from the admin only, so the stored row decides where it goes.
  env: { FRETE_FREIGHT_URL: "", FRETE_FREIGHT_TOKEN: "", FRETE_ENCRYPTION_KEY: ENCRYPTION_KEY },
  cases: ({ api, getContainer, sandbox, dbConnection }) => {
    let store: BrazilianStore
    let elsewhere: Sandbox

    beforeAll(async () => {
      // Another host, as a row changed by someone with write access to the table would name it.
      elsewhere = await createSandbox({ freightToken: FREIGHT_TOKEN })
    })
    afterAll(() => elsewhere.close())

    beforeEach(() => elsewhere.reset())
    beforeAll(async () => {
      store = await createBrazilianStore(api, getContainer(), {
        fulfillmentProviders: ["manual_manual", "frete_frete"],
      })
    })

    const save = async (body: Record<string, unknown>) =>
      (await api.post("/admin/frete/settings", body, store.admin)).data
    const view = async () => (await api.get("/admin/frete/settings", store.admin)).data
    const storedSettings = async () =>
      (await dbConnection.raw(`select settings from frete_settings where id = 'frete_settings'`)).rows[0].settings
    const storedSecrets = async () =>
      (await dbConnection.raw(`select secrets from frete_settings where id = 'frete_settings'`)).rows[0].secrets

    it("saves one tracking field and keeps the others: the carriers and the CNPJ stay", async () => {
      await save({ tracking: { company_document: "11.222.333/0001-81", carriers: [CARRIER], send_sms: false } })
      const saved = await save({ tracking: { payload_retention_days: 30 } })

      const expected = {
        company_document: "11222333000181",
        carriers: [CARRIER],
        send_sms: false,
        payload_retention_days: 30,
      }
      expect(saved.settings.tracking).toMatchObject(expected)
      expect((await storedSettings()).tracking).toMatchObject(expected)
      expect((await view()).settings.tracking).toMatchObject(expected)

      // A list given is the new list; null where the schema allows it sets null.
      const cleared = await save({ tracking: { carriers: [], company_document: null } })
      expect(cleared.settings.tracking).toMatchObject({
        company_document: null,
        carriers: [],
        send_sms: false,
        payload_retention_days: 30,
      })
    })

    it("takes the alphanumeric CNPJ as typed (IN RFB 2.229/2024), and refuses it with a wrong check digit, in Portuguese", async () => {
      expect(
        (await save({ tracking: { company_document: "12.abc.345/01de-35" } })).settings.tracking.company_document
      ).toBe("12ABC34501DE35")
      const refused = await api
        .post("/admin/frete/settings", { tracking: { company_document: "12.ABC.345/01DE-36" } }, store.admin)
        .catch(
          (error: { response: { status: number; data: { message: string; issues?: Array<{ field: string }> } } }) =>
            error.response
        )
      expect({ status: refused.status, field: refused.data.issues?.[0]?.field }).toEqual({
        status: 400,
        field: "tracking.company_document",
      })
      expect(refused.data.message).toMatch(/CNPJ inválido/)
      expect((await storedSettings()).tracking.company_document).toBe("12ABC34501DE35")
    })

    it("reads a stored field the schema no longer accepts as its default, keeps the others, warns once, and the next save keeps them", async () => {
      const first = await save({
        max_options: 3,
        origin_cep: "01310-100",
        fallback: FALLBACK,
        free_freight_rules: RULES,
      })
      // The 0.x free-freight rule, carried over into the merchant's rules.
      const rules = first.settings.rules
      expect(rules).toEqual([
        expect.objectContaining({ carried_from: "free_freight_rules", action: { type: "free_cheapest" } }),
      ])
      await dbConnection.raw(
        `update frete_settings set settings = jsonb_set(settings, '{max_options}', '"abc"') where id = 'frete_settings'`
      )
      const warnings = () =>
        capturedLines().filter((line) => line.startsWith("frete: the stored setting max_options no longer passes"))
      const warnedBefore = warnings().length

      const read = await view()
      expect(read.settings.max_options).toBeNull()
      expect(read.settings.fallback).toEqual(FALLBACK)
      expect(read.settings.rules).toEqual(rules)
      expect(read.settings.origin_cep).toBe("01310100")
      expect(read.repaired_fields).toEqual(["max_options"])
      // Read again (as every refresh does): still one warning, naming the field and not its value.
      expect((await view()).repaired_fields).toEqual(["max_options"])
      expect(warnings().slice(warnedBefore)).toEqual([
        "frete: the stored setting max_options no longer passes the settings' schema: its default applies, the other settings are kept, until the settings are saved again",
      ])

      // The next save, of another field, keeps the merchant's table and rules, and stores the default.
      const saved = await save({ origin_cep: "20040-002" })
      expect(saved.repaired_fields).toEqual([])
      const stored = await storedSettings()
      expect({
        max_options: stored.max_options,
        origin_cep: stored.origin_cep,
        fallback: stored.fallback,
        rules: stored.rules,
      }).toEqual({
        max_options: null,
        origin_cep: "20040002",
        fallback: FALLBACK,
        rules,
      })
      expect((await view()).repaired_fields).toEqual([])
    })

    it("never sends a saved token to a URL changed in the table beside it, and asks for it again", async () => {
      await save({ freight_url: sandbox().url, secrets: { freight_token: FREIGHT_TOKEN } })
      await createFreteOption(api, store, "cheapest", "Frete econômico")
      const { variantId } = await createProduct(api, store, {
        title: "Caneca",
        sku: "CANECA",
        price: 45,
        weight: 450,
        length: 12,
        width: 12,
        height: 10,
      })
      const quote = (postalCode: string) =>
        api
          .post(
            "/store/frete/quotes",
            { postal_code: postalCode, items: [{ variant_id: variantId, quantity: 1 }] },
            store.store
          )
          .catch((error: Failure) => error.response)
      expect((await quote("20040-002")).status).toBe(200)
      expect(
        sandbox()
          .calls({ service: "freight" })
          .map((call) => call.authorized)
      ).toEqual([true])

      // Someone with write access to the table points the URL, and the URL kept with the secret, at another host.
      await dbConnection.raw(
        `update frete_settings set settings = jsonb_set(settings, '{freight_url}', to_jsonb(?::text)), secrets = jsonb_set(secrets, '{freight_token_url}', to_jsonb(?::text)) where id = 'frete_settings'`,
        [elsewhere.url, elsewhere.url]
      )
      await quote("30130-010")
      expect(elsewhere.calls({ service: "freight" })).toEqual([])
      expect(sandbox().calls({ service: "freight" })).toHaveLength(1)

      const { credentials } = await view()
      expect(credentials.freight).toEqual({
        url: elsewhere.url,
        url_source: "settings",
        secret_set: true,
        secret_source: "settings",
        secret_withheld: true,
      })
      expect((await api.get("/admin/frete/status", store.admin)).data.freight).toMatchObject({ configured: false })
      expect(elsewhere.calls()).toEqual([])
    })

    it("seals a token saved before the binding again, bound to its URL, once it is used with it", async () => {
      const legacy = encryptSecret(FREIGHT_TOKEN, ENCRYPTION_KEY)
      await save({ freight_url: sandbox().url })
      await dbConnection.raw(`update frete_settings set secrets = ?::jsonb where id = 'frete_settings'`, [
        JSON.stringify({ freight_token: legacy, freight_token_url: sandbox().url }),
      ])

      expect((await view()).credentials.freight).toMatchObject({
        secret_set: true,
        secret_source: "settings",
        secret_withheld: false,
      })
      let secrets: Record<string, string> = await storedSecrets()
      for (let check = 0; check < 50 && secrets.freight_token === legacy; check += 1) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        secrets = await storedSecrets()
      }
      expect({ version: secrets.freight_token.split(":")[0], url: secrets.freight_token_url }).toEqual({
        version: "v2",
        url: sandbox().url,
      })
      // Still the same token, now bound: the service is configured with it.
      expect((await view()).credentials.freight).toMatchObject({
        secret_set: true,
        secret_source: "settings",
        secret_withheld: false,
      })
    })
  },
}
