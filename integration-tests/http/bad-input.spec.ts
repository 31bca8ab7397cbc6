import fc from "fast-check"
import { ProductsMissingDimensionsQuery } from "../../src/api/admin/frete/products-missing-dimensions/validators"
import { TestConnectionBody } from "../../src/api/admin/frete/test-connection/validators"
import { TrackingOrdersQuery } from "../../src/api/admin/frete/tracking-orders/validators"
import { StoreFreteQuotesBody } from "../../src/api/store/frete/quotes/validators"
import { tryNormalizeCep } from "../../src/lib/brazil/cep"
import { ShopperError, type ShopperErrorCode } from "../../src/lib/checkout/shopper-error"
import { DEFAULT_SETTINGS, freteSettingsSchema } from "../../src/lib/settings/schema"
import { SECRET_NAMES } from "../../src/modules/frete/credentials"
import { SHOPPER_ADDRESS, completeCart, createFreteOption } from "../../scripts/lib/store-api"
import { createBrazilianStore, type BrazilianStore } from "../helpers/brazilian-store"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"

// Every request of these properties goes over HTTP to a real Medusa app: few runs per property.

type Json = unknown
interface Answer {
  status: number
  data: { message?: unknown; type?: unknown; issues?: Array<{ field: string; message: string }>; [key: string]: unknown }
}

/** The package the settings give a line item that lacks weight or dimensions; odd values, easy to spot. */
const BOX = { weight_kg: 1.25, length_cm: 31, width_cm: 21, height_cm: 11 }
/** What every test starts from: a bound of quotes no property reaches, the box above, no secret. */
const BASELINE = { ...DEFAULT_SETTINGS, quote_route_limit_per_minute: 10_000, default_package: BOX }

/** Medusa's JSON body parser (express): 100 kB at most, and only an object or an array as the whole body. */
const BODY_LIMIT_BYTES = 100 * 1024

const INVALID_CEP = "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100."
const MISSING_CEP = "Informe o CEP de entrega para calcular o frete."
const SHOPPER_CODES: ShopperErrorCode[] = ["missing_cep", "invalid_cep", "cep_not_served", "unsupported_currency", "no_items", "no_origin", "option_unavailable", "freight_unavailable"]
/** The plugin's messages to a shopper whose cart cannot be priced. */
const SHOPPER_MESSAGES = SHOPPER_CODES.map((code) => new ShopperError(code).message)
/** What zod, Medusa or Express say in English; none of it may reach a merchant or a shopper from the plugin. */
const ENGLISH = /Invalid|expected|received|Too (big|small)|Unrecognized|must|Required|unknown error|not valid JSON/i

function expectPortuguese(message: unknown, prefix: RegExp) {
  expect(typeof message).toBe("string")
  expect(message).toMatch(prefix)
  expect(message).not.toMatch(ENGLISH)
}

/** The value the server parses from what the client sends (undefined members and NaN do not survive JSON). */
const overTheWire = (value: Json): Json => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value)
const isWellFormed = (text: string) => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text)
const bytesOf = (value: Json) => (value === undefined ? 0 : Buffer.byteLength(JSON.stringify(value)))

// ---- Generators of bad values --------------------------------------------------------------

const LONE_SURROGATES = fc.constantFrom("\ud800", "\udfff", "a\udc00b")
const ODD_TEXT = fc.constantFrom(
  "", " ", "\u0000", "a\u0000b", "NaN", "Infinity", "-1", "1e400", "0x1F", "١٢٣٤٥٦٧٨", "０１３１０１００",
  "🚚📦", "\u202eabc\u202c", "e\u0301\u0301", "\t\n\r", "null", "[]", "{}", "true", "R$ 10,00", "1.234,56"
)
const text = fc.oneof(fc.string({ unit: "binary", maxLength: 40 }), fc.string({ unit: "grapheme", maxLength: 40 }), ODD_TEXT, LONE_SURROGATES)
/** Up to ~16 kB of UTF-8: big, yet a few of them stay under Medusa's body limit. */
const hugeText = fc.tuple(fc.integer({ min: 1000, max: 4000 }), fc.constantFrom("x", "ç", "🚚")).map(([size, char]) => char.repeat(size))
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, -0.5, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, 5e-324, NaN, Infinity)
)
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null))
const small: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 3 }) }
)
/** A value of the wrong type for any member: text for numbers, numbers for text, arrays, objects, null. */
const wrong: fc.Arbitrary<Json> = fc.oneof({ weight: 12, arbitrary: small }, { weight: 1, arbitrary: hugeText })
/** A member that is sometimes right, more often wrong. */
const maybe = <T>(right: fc.Arbitrary<T>): fc.Arbitrary<Json> => fc.oneof({ weight: 1, arbitrary: right }, { weight: 2, arbitrary: wrong })
const members = <T extends Record<string, fc.Arbitrary<Json>>>(shape: T) => fc.record(shape, { requiredKeys: [] })

const DIGITS = "0123456789"
const digits = (count: number) => fc.string({ unit: fc.constantFrom(...DIGITS), minLength: count, maxLength: count })
/** Anything that is neither an ASCII digit nor the punctuation a CEP may carry (dot, hyphen, whitespace). */
const FOREIGN = fc.constantFrom("a", "Z", "/", "_", "#", "+", ",", "e", "x", "ç", "🚚", "\u200b", "٣", "０", "'", ";", "\u0301")
const withPunctuation = (cep: string) => fc.constantFrom(cep, `${cep.slice(0, 5)}-${cep.slice(5)}`, ` ${cep} `, cep.split("").join("."))
/** A CEP of a wrong shape: not 8 ASCII digits once its dots, hyphens and spaces are removed. */
const wrongCep = fc.oneof(
  fc.integer({ min: 0, max: 14 }).filter((count) => count !== 8).chain(digits).chain(withPunctuation),
  fc.tuple(digits(8), fc.nat(8), FOREIGN).map(([cep, at, char]) => `${cep.slice(0, at)}${char}${cep.slice(at)}`),
  digits(8).map((cep) => cep.replace(/\d/g, (digit) => String.fromCharCode(0xff10 + Number(digit)))),
  digits(8).map((cep) => cep.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))),
  fc.string({ unit: "grapheme", maxLength: 12 }).filter((cep) => !/\d/.test(cep))
)
/** CEPs the sandbox's postal base knows, one per state capital region. */
const knownCep = fc.constantFrom("01310-100", "20040-002", "30130-010", "40020-000", "80010-000", "90010-000", "69005-010", "70040-010")

freteIntegrationTestRunner({
  // Secrets can be saved: the settings property exercises both the accepted and the refused ones.
  env: { FRETE_ENCRYPTION_KEY: "bad-input-encryption-key-0123456789-abcdef" },
  testSuite: ({ api, getContainer, sandbox, dbConnection }) => {
    let store: BrazilianStore
    let optionId: string
    let variantIds: string[]

    /** Sends `body` as JSON text, exactly; no body at all when it is undefined. */
    const send = async (method: "get" | "post", url: string, headers: Record<string, string>, body?: Json, raw?: string): Promise<Answer> => {
      const data = raw ?? (body === undefined ? undefined : JSON.stringify(body))
      const answer = await api.request({
        method,
        url,
        data,
        headers: data === undefined ? headers : { ...headers, "content-type": "application/json" },
        transformRequest: [(payload: unknown) => payload],
        validateStatus: () => true,
      })
      return { status: answer.status, data: answer.data }
    }
    const asAdmin = (method: "get" | "post", url: string, body?: Json, raw?: string) => send(method, url, store.admin.headers, body, raw)
    const asShopper = (method: "get" | "post", url: string, body?: Json, raw?: string) => send(method, url, store.store.headers, body, raw)
    const freightCalls = () => sandbox().calls({ service: "freight" })
    const settingsRows = async () =>
      (await dbConnection.raw(`select settings, secrets from frete_settings`)).rows as Array<{ settings: Record<string, unknown>; secrets: Record<string, string> }>

    /** A product with one variant per entry, each with its own measures, sold in BRL. */
    const createVariants = async (title: string, measures: Array<{ sku: string; weight?: number | null; length?: number | null; width?: number | null; height?: number | null }>) => {
      const { data } = await api.post(
        "/admin/products",
        {
          title,
          status: "published",
          shipping_profile_id: store.shippingProfileId,
          sales_channels: [{ id: store.salesChannelId }],
          options: [{ title: "Modelo", values: measures.map((entry) => entry.sku) }],
          variants: measures.map(({ sku, ...measure }) => ({
            title: sku,
            sku,
            options: { Modelo: sku },
            manage_inventory: false,
            prices: [{ currency_code: "brl", amount: 50 }],
            ...measure,
          })),
        },
        { ...store.admin, params: { fields: "id,*variants" } }
      )
      const bySku = new Map((data.product.variants as Array<{ id: string; sku: string }>).map((variant) => [variant.sku, variant.id]))
      return measures.map((entry) => bySku.get(entry.sku) as string)
    }

    /** A cart made in one call, as a one-page checkout makes it: items, e-mail, addresses. */
    const createCart = async (items: Array<{ variant_id: string; quantity: number; metadata?: Record<string, unknown> }>, address: Record<string, unknown> = {}, headers: Record<string, string> = {}) => {
      const shippingAddress = { ...SHOPPER_ADDRESS, ...address }
      const { data } = await api.post(
        "/store/carts",
        { region_id: store.regionId, email: "comprador@example.com.br", shipping_address: shippingAddress, billing_address: shippingAddress, items },
        { headers: { ...store.store.headers, ...headers } }
      )
      return data.cart as { id: string; items: unknown[] }
    }
    const calculate = (cartId: string, data?: Json) => asShopper("post", `/store/shipping-options/${optionId}/calculate`, data === undefined ? { cart_id: cartId } : { cart_id: cartId, data })
    const amountOf = (answer: Answer) => (answer.data.shipping_option as { calculated_price: { calculated_amount: number } }).calculated_price.calculated_amount

    // The store is made once; Medusa's runner snapshots the database after this and restores it
    // before every test.
    beforeAll(async () => {
      store = await createBrazilianStore(api, getContainer(), { fulfillmentProviders: ["manual_manual", "frete_frete"] })
      await api.post("/admin/frete/settings", BASELINE, store.admin)
      variantIds = await createVariants("Kit de canecas", [
        { sku: "CANECA-AZUL", weight: 450, length: 12, width: 12, height: 10 },
        { sku: "CANECA-VERDE", weight: 460, length: 12, width: 12, height: 10 },
        { sku: "CANECA-ROSA", weight: 470, length: 12, width: 12, height: 11 },
        { sku: "CANECA-PRETA", weight: 480, length: 13, width: 12, height: 10 },
      ])
      optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    // The restored database and this process's settings cache agree again: the baseline is saved.
    // The sandbox's call log starts empty; the plugin's quote cache lives on, so each test that
    // counts freight calls prices a query no other test makes (its own CEP).
    beforeEach(async () => {
      sandbox().reset()
      await api.post("/admin/frete/settings", { ...BASELINE, secrets: { freight_token: null, tracking_credential: null } }, store.admin)
    })

    describe("bodies that are not JSON objects, on every POST route of the plugin", () => {
      const routes = () => [
        { name: "settings", post: (raw?: string) => asAdmin("post", "/admin/frete/settings", undefined, raw) },
        { name: "test-connection", post: (raw?: string) => asAdmin("post", "/admin/frete/test-connection", undefined, raw) },
        { name: "retry", post: (raw?: string) => asAdmin("post", "/admin/frete/tracking-orders/frtrk_nao_existe/retry", undefined, raw) },
        { name: "quotes", post: (raw?: string) => asShopper("post", "/store/frete/quotes", undefined, raw) },
      ]

      it("malformed JSON: the plugin's own body parser answers 400 in Portuguese, after authentication; never 500", async () => {
        const rowsBefore = await settingsRows()
        for (const route of routes()) {
          for (const raw of ['{"postal_code": "01310-100",', "{bad", "não é JSON", "{'aspas': 'simples'}"]) {
            const answer = await route.post(raw)
            expect([route.name, raw, answer.status, answer.data.message]).toEqual([route.name, raw, 400, "O corpo da requisição não é um JSON válido."])
          }
        }
        // Authentication comes first: a stranger learns nothing from a malformed body.
        const stranger = await send("post", "/admin/frete/settings", {}, undefined, "{bad")
        expect(stranger.status).toBe(401)
        // A form posted from another site is not read as JSON.
        const form = await api.request({
          method: "post",
          url: "/admin/frete/settings",
          data: '{"origin_cep":"20040-002"}',
          headers: { ...store.admin.headers, "content-type": "text/plain" },
          transformRequest: [(payload: unknown) => payload],
          validateStatus: () => true,
        })
        expect(form.status).toBe(415)
        expectPortuguese(form.data.message, /^Envie o corpo da requisição em JSON/)
        expect(await settingsRows()).toEqual(rowsBefore)
        expect(freightCalls()).toHaveLength(0)
      })

      it("a scalar as the whole body: each route says in Portuguese what it expected; never 500", async () => {
        const rowsBefore = await settingsRows()
        for (const raw of ['"um texto"', "42", "null", "true"]) {
          const settings = await asAdmin("post", "/admin/frete/settings", undefined, raw)
          expect(settings.status).toBe(400)
          expectPortuguese(settings.data.message, /^Envie as configurações como um objeto JSON\.$/)
          const connection = await asAdmin("post", "/admin/frete/test-connection", undefined, raw)
          expect(connection.status).toBe(400)
          expectPortuguese(connection.data.message, /^Dados inválidos para testar a conexão: corpo: /)
          const quotes = await asShopper("post", "/store/frete/quotes", undefined, raw)
          expect(quotes.status).toBe(400)
          expectPortuguese(quotes.data.message, /^Consulta de frete inválida: corpo: /)
          const retry = await asAdmin("post", "/admin/frete/tracking-orders/frtrk_nao_existe/retry", undefined, raw)
          expect(retry.status).toBe(404)
          expectPortuguese(retry.data.message, /^Pedido de rastreamento não encontrado\.$/)
        }
        expect(await settingsRows()).toEqual(rowsBefore)
        expect(freightCalls()).toHaveLength(0)
      })

      it("an array as the whole body, and no body at all: the plugin answers, in Portuguese", async () => {
        const rowsBefore = await settingsRows()
        for (const raw of ["[]", '[{"postal_code":"01310-100"}]', "[null]"]) {
          const settings = await asAdmin("post", "/admin/frete/settings", undefined, raw)
          expect(settings.status).toBe(400)
          expect(settings.data.message).toBe("Envie as configurações como um objeto JSON.")
          const connection = await asAdmin("post", "/admin/frete/test-connection", undefined, raw)
          expect(connection.status).toBe(400)
          expectPortuguese(connection.data.message, /^Dados inválidos para testar a conexão: corpo: /)
          const quotes = await asShopper("post", "/store/frete/quotes", undefined, raw)
          expect(quotes.status).toBe(400)
          expectPortuguese(quotes.data.message, /^Consulta de frete inválida: corpo: /)
          const retry = await asAdmin("post", "/admin/frete/tracking-orders/frtrk_nao_existe/retry", undefined, raw)
          expect(retry.status).toBe(404)
          expect(retry.data.message).toBe("Pedido de rastreamento não encontrado.")
        }

        // No body: Medusa hands the route `{}`. For the settings that is "change nothing".
        const empty = await asAdmin("post", "/admin/frete/settings")
        expect(empty.status).toBe(200)
        expect(await settingsRows()).toEqual(rowsBefore)
        const connection = await asAdmin("post", "/admin/frete/test-connection")
        expect(connection.status).toBe(400)
        expect(connection.data.message).toBe("Informe dois CEPs válidos (8 dígitos).")
        expect(connection.data.issues?.map((issue) => issue.field)).toEqual(["origin_cep", "destination_cep"])
        const quotes = await asShopper("post", "/store/frete/quotes")
        expect(quotes.status).toBe(400)
        expect(quotes.data.message).toBe("Consulta de frete inválida: postal_code: informe o CEP")
        expect(freightCalls()).toHaveLength(0)
      })
    })


    describe("inputs that made a route of the plugin answer 500 (or answer nonsense)", () => {
      it("a NUL in an id, a URL that is not one, a limit that is not a number: refused in Portuguese", async () => {
        const urlIssue = "URL inválida: use http:// ou https://, sem parâmetros nem usuário"
        const answers = {
          retry: await asAdmin("post", "/admin/frete/tracking-orders/%00/retry"),
          trackingOrders: await asAdmin("get", "/admin/frete/tracking-orders?order_id=order_%00"),
          quoteVariant: await asShopper("post", "/store/frete/quotes", { postal_code: "01310-100", items: [{ variant_id: "variant_\u0000", quantity: 1 }] }),
          quoteCart: await asShopper("post", "/store/frete/quotes", { postal_code: "01310-100", cart_id: "cart_\u0000" }),
          notAUrl: await asAdmin("post", "/admin/frete/test-connection", { origin_cep: "01310-100", destination_cep: "20040-002", freight_url: "abc" }),
          notHttp: await asAdmin("post", "/admin/frete/test-connection", { origin_cep: "01310-100", destination_cep: "20040-002", freight_url: "ftp://x", tracking_url: "ftp://y" }),
          page: await asAdmin("get", "/admin/frete/products-missing-dimensions?offset=1e400&limit=2.5"),
        }
        expect(answers.retry).toEqual({ status: 404, data: { type: "not_found", message: "Pedido de rastreamento não encontrado." } })
        expect(answers.trackingOrders).toEqual({ status: 400, data: { type: "invalid_data", message: "Pedido inválido: order_id." } })
        expect(answers.quoteVariant).toEqual({ status: 400, data: { type: "invalid_data", message: "Consulta de frete inválida: items.0.variant_id: variant_id inválido" } })
        expect(answers.quoteCart).toEqual({ status: 400, data: { type: "invalid_data", message: "Consulta de frete inválida: cart_id: cart_id inválido" } })
        expect(answers.notAUrl.status).toBe(400)
        expect(answers.notAUrl.data.issues).toEqual([{ field: "freight_url", message: urlIssue }])
        expect(answers.notAUrl.data.message).toBe(`Dados inválidos para testar a conexão: freight_url: ${urlIssue}`)
        expect(answers.notHttp.status).toBe(400)
        expect(answers.notHttp.data.issues).toEqual([
          { field: "freight_url", message: urlIssue },
          { field: "tracking_url", message: urlIssue },
        ])
        expect(answers.page).toEqual({ status: 400, data: { type: "invalid_data", message: "Parâmetros inválidos: limit: use um número inteiro de 1 a 100" } })
        expect(freightCalls()).toHaveLength(0)
      })
    })

    describe("POST /admin/frete/settings", () => {
      const cep = fc.constantFrom("01310-100", "20040002", null)
      const settingsBody = members({
        freight_url: maybe(fc.constantFrom("https://frete.example.com.br/api", null)),
        tracking_url: maybe(fc.constantFrom("https://rastreio.example.com.br", null)),
        origin_cep: maybe(cep),
        extra_days: maybe(fc.integer({ min: 0, max: 365 })),
        extra_price: maybe(members({ type: maybe(fc.constantFrom("fixed", "percent")), value: maybe(fc.integer({ min: 0, max: 100 })) })),
        free_freight_rules: maybe(
          fc.array(
            members({
              min_subtotal: maybe(fc.integer({ min: 0, max: 1000 })),
              states: maybe(fc.array(maybe(fc.constantFrom("SP", "RJ", "AM")), { maxLength: 3 })),
              cep_ranges: maybe(fc.array(members({ from: maybe(cep), to: maybe(cep) }), { maxLength: 2 })),
            }),
            { maxLength: 2 }
          )
        ),
        services: maybe(
          fc.array(
            members({
              metaname: maybe(fc.constantFrom("correios-pac", "correios-sedex")),
              name: maybe(fc.constantFrom("Correios - PAC", "Correios - SEDEX")),
              enabled: maybe(fc.boolean()),
              display_name: maybe(fc.constantFrom("Econômico", null)),
            }),
            { maxLength: 2 }
          )
        ),
        default_package: maybe(
          members({
            weight_kg: maybe(fc.double({ min: 0.01, max: 1000, noNaN: true })),
            length_cm: maybe(fc.integer({ min: 1, max: 500 })),
            width_cm: maybe(fc.integer({ min: 1, max: 500 })),
            height_cm: maybe(fc.integer({ min: 1, max: 500 })),
          })
        ),
        fallback: maybe(
          fc.array(
            members({
              service: maybe(fc.constantFrom("correios-pac", "tabela")),
              name: maybe(fc.constant("Tabela")),
              carrier: maybe(fc.constantFrom("correios", null)),
              bands: maybe(
                fc.array(
                  members({ max_weight_kg: maybe(fc.integer({ min: 1, max: 100 })), price: maybe(fc.integer({ min: 0, max: 200 })), days: maybe(fc.integer({ min: 0, max: 30 })) }),
                  { maxLength: 2 }
                )
              ),
            }),
            { maxLength: 2 }
          )
        ),
        quote_route_limit_per_minute: maybe(fc.integer({ min: 1_000, max: 10_000 })),
        tracking: maybe(
          members({
            provider_ids: maybe(fc.array(maybe(fc.constant("frete_frete")), { maxLength: 2 })),
            company_document: maybe(fc.constantFrom("11.222.333/0001-81", null)),
            entry_source: maybe(fc.constant("Loja")),
            send_sms: maybe(fc.boolean()),
            send_email: maybe(fc.boolean()),
            automatic_date_delivered: maybe(fc.boolean()),
            carriers: maybe(
              fc.array(members({ service: maybe(fc.constant("correios-pac")), carrier_id: maybe(fc.constant("a1b2")), carrier_name: maybe(fc.constant("Correios")) }), { maxLength: 2 })
            ),
            cpf_metadata_key: maybe(fc.constant("cpf")),
          })
        ),
        secrets: maybe(members({ freight_token: maybe(fc.constantFrom("um-token-do-painel", null)), tracking_credential: maybe(fc.constantFrom("uma-credencial", null)), outro: wrong })),
        membro_desconhecido: wrong,
      })

      /** What the module must save for `body` over the stored settings (its own rules, restated), or null: a refusal. */
      function expectedSave(body: Json, stored: Record<string, unknown>) {
        if (!isPlainObject(body)) return null
        const { secrets, ...fields } = body
        const parsed = freteSettingsSchema.safeParse({ ...freteSettingsSchema.parse(stored), ...fields })
        const secretsAccepted =
          secrets === undefined ||
          (isPlainObject(secrets) &&
            Object.entries(secrets).every(
              ([name, value]) => (SECRET_NAMES as readonly string[]).includes(name) && (value === null || (typeof value === "string" && value.trim() !== "" && value.length <= 1000))
            ))
        return parsed.success && secretsAccepted ? { settings: parsed.data, secrets: isPlainObject(secrets) ? secrets : {} } : null
      }

      it("wrong-typed values: a 400 in Portuguese naming each field with nothing written, or a 200 with exactly the valid settings saved", async () => {
        await fc.assert(
          fc.asyncProperty(fc.oneof({ weight: 6, arbitrary: settingsBody }, { weight: 1, arbitrary: fc.array(small, { maxLength: 2 }) }), async (body) => {
            const before = await settingsRows()
            expect(before).toHaveLength(1)
            const viewBefore = (await asAdmin("get", "/admin/frete/settings")).data
            const answer = await asAdmin("post", "/admin/frete/settings", body)
            const after = await settingsRows()
            expect(after).toHaveLength(1)
            if (bytesOf(body) > BODY_LIMIT_BYTES) {
              // The plugin's body parser: the body's limit, in Portuguese.
              expect(answer.status).toBe(413)
              expectPortuguese(answer.data.message, /^O corpo da requisição passa do limite de 100 kB\.$/)
              expect(after).toEqual(before)
              return
            }
            const expected = expectedSave(overTheWire(body), before[0].settings)
            if (expected) {
              expect(answer.status).toBe(200)
              expect(after[0].settings).toEqual(overTheWire(expected.settings))
              const secretNames = new Set(Object.keys(before[0].secrets))
              for (const [name, value] of Object.entries(expected.secrets)) {
                if (value === null) secretNames.delete(name)
                else secretNames.add(name)
              }
              expect(Object.keys(after[0].secrets).sort()).toEqual([...secretNames].sort())
              expect((await asAdmin("get", "/admin/frete/settings")).data.settings).toEqual(overTheWire(expected.settings))
              return
            }
            expect(answer.status).toBe(400)
            if (Array.isArray(body)) {
              expect(answer.data.message).toBe("Envie as configurações como um objeto JSON.")
            } else {
              expectPortuguese(answer.data.message, /^Configuração inválida: \S/)
              expect(answer.data.issues?.length).toBeGreaterThan(0)
              for (const issue of answer.data.issues ?? []) {
                expect(typeof issue.field).toBe("string")
                expectPortuguese(issue.message, /\S/)
              }
            }
            // No half-written row, and the settings in force are the same.
            expect(after).toEqual(before)
            expect((await asAdmin("get", "/admin/frete/settings")).data).toEqual(viewBefore)
          }),
          { numRuns: 40 }
        )
      })

      it("one section valid and another invalid: the whole body is refused and nothing changes", async () => {
        const cases: Array<[Record<string, unknown>, string[]]> = [
          [{ extra_days: 5, default_package: { weight_kg: -1, length_cm: 10, width_cm: 10, height_cm: 10 } }, ["default_package.weight_kg"]],
          [{ services: [{ metaname: "correios-pac", name: "PAC", enabled: false }], tracking: { company_document: "123" } }, ["tracking.company_document"]],
          [{ origin_cep: "20040-002", fallback: [{ service: "tabela", name: "Tabela", bands: [{ max_weight_kg: 10, price: "20", days: 3 }] }] }, ["fallback.0.bands.0.price"]],
          [{ extra_price: { type: "percent", value: 10 }, secrets: { freight_token: 42 } }, ["secrets.freight_token"]],
          [{ secrets: { freight_token: "um-token-valido" }, quote_route_limit_per_minute: "100" }, ["quote_route_limit_per_minute"]],
          // Text Postgres cannot keep in jsonb (a NUL, a lone surrogate): refused, not a 500 on the insert.
          [{ services: [{ metaname: "correios-pac", name: "PAC" }, { metaname: "correios-sedex", name: "SEDEX\u0000" }] }, ["services.1.name"]],
          [{ extra_days: 1, tracking: { entry_source: "Loja \ud800" } }, ["tracking.entry_source"]],
          [{ free_freight_rules: [{ min_subtotal: 100, states: ["SP"] }], freight_url: "http://frete.example.com.br/\u0000" }, ["freight_url"]],
          // A secret is printable ASCII: one that is not would reach the service changed.
          [{ extra_days: 2, secrets: { freight_token: "tok\ud800en", tracking_credential: "credencial\u0000" } }, ["secrets.freight_token", "secrets.tracking_credential"]],
        ]
        for (const [body, fields] of cases) {
          const before = await settingsRows()
          const viewBefore = (await asAdmin("get", "/admin/frete/settings")).data
          const answer = await asAdmin("post", "/admin/frete/settings", body)
          expect([body, answer.status]).toEqual([body, 400])
          expect(answer.data.issues?.map((issue) => issue.field).sort()).toEqual(fields)
          for (const issue of answer.data.issues ?? []) expectPortuguese(issue.message, /\S/)
          expect(await settingsRows()).toEqual(before)
          expect((await asAdmin("get", "/admin/frete/settings")).data).toEqual(viewBefore)
        }
      })
    })

    describe("POST /admin/frete/test-connection", () => {
      // A blank URL or secret means "the one in force" (the sandbox); port 9 refuses at once.
      const connectionBody = members({
        origin_cep: maybe(fc.constantFrom("01310-100", "20040002", "99999999")),
        destination_cep: maybe(fc.constantFrom("30130-010", "69005010", "00000-000")),
        freight_url: maybe(fc.constantFrom(null, "", "http://127.0.0.1:9")),
        freight_token: maybe(fc.constantFrom(null, "", "token-errado")),
        tracking_url: maybe(fc.constantFrom(null, "", "http://127.0.0.1:9/")),
        tracking_credential: maybe(fc.constantFrom(null, "", "credencial-errada")),
      })

      it("wrong-typed values: a 400 in Portuguese naming the fields, or the test's result in Portuguese; never a 500", async () => {
        await fc.assert(
          fc.asyncProperty(fc.oneof({ weight: 6, arbitrary: connectionBody }, { weight: 1, arbitrary: fc.array(small, { maxLength: 2 }) }), async (body) => {
            const answer = await asAdmin("post", "/admin/frete/test-connection", body)
            if (bytesOf(body) > BODY_LIMIT_BYTES) {
              expect(answer.status).toBe(413)
              return
            }
            const parsed = TestConnectionBody.safeParse(overTheWire(body))
            const valid = parsed.success && tryNormalizeCep(parsed.data.origin_cep) !== null && tryNormalizeCep(parsed.data.destination_cep) !== null
            if (!valid) {
              expect(answer.status).toBe(400)
              expectPortuguese(answer.data.message, /^(Informe dois CEPs válidos \(8 dígitos\)\.|Dados inválidos para testar a conexão: \S)/)
              expect(answer.data.issues?.length).toBeGreaterThan(0)
              for (const issue of answer.data.issues ?? []) expectPortuguese(issue.message, /\S/)
              return
            }
            // A URL typed without its secret (the in-force secrets belong to the sandbox's URLs,
            // never to port 9): refused before any call, naming the secret to type.
            const secretsNeeded = [
              parsed.data.freight_url && !parsed.data.freight_token ? "freight_token" : null,
              parsed.data.tracking_url && !parsed.data.tracking_credential ? "tracking_credential" : null,
            ].filter((field) => field !== null)
            if (secretsNeeded.length) {
              expect(answer.status).toBe(400)
              expect(answer.data.issues?.map((issue) => issue.field)).toEqual(secretsNeeded)
              expectPortuguese(answer.data.message, /^Para testar outra URL de (frete|rastreamento), digite também /)
              return
            }
            expect(answer.status).toBe(200)
            const { freight, tracking } = answer.data as { freight: { ok: boolean; services: Array<{ amount: number }>; message: string | null }; tracking: { ok: boolean | null; message: string } }
            if (freight.ok) {
              expect(freight.services.length).toBeGreaterThan(0)
              expect(freight.services.every((service) => service.amount > 0)).toBe(true)
            } else {
              expectPortuguese(freight.message, /^(O serviço de frete|Não foi possível conectar|Informe a URL)/)
            }
            expectPortuguese(tracking.message, /^(O serviço de rastreamento|Não foi possível conectar|Rastreamento não configurado)/)
          }),
          { numRuns: 30 }
        )
      })
    })

    describe("POST /store/frete/quotes", () => {
      it("wrong-typed values: a 400 in Portuguese before any freight call, a 404 for an unknown cart, or the quotes", async () => {
        const cart = await createCart([{ variant_id: variantIds[0], quantity: 2 }])
        const quotesBody = members({
          postal_code: maybe(knownCep),
          cart_id: maybe(fc.constantFrom(cart.id, "cart_nao_existe")),
          items: maybe(fc.array(members({ variant_id: maybe(fc.constantFrom(...variantIds, "variant_nao_existe")), quantity: maybe(fc.integer({ min: 1, max: 5 })) }), { maxLength: 3 })),
        })
        await fc.assert(
          fc.asyncProperty(fc.oneof({ weight: 6, arbitrary: quotesBody }, { weight: 1, arbitrary: fc.array(small, { maxLength: 2 }) }), async (body) => {
            const callsBefore = freightCalls().length
            const answer = await asShopper("post", "/store/frete/quotes", body)
            if (bytesOf(body) > BODY_LIMIT_BYTES) {
              expect(answer.status).toBe(413)
              return
            }
            const parsed = StoreFreteQuotesBody.safeParse(overTheWire(body))
            if (!parsed.success) {
              expect(answer.status).toBe(400)
              expectPortuguese(answer.data.message, /^Consulta de frete inválida: \S/)
              expect(freightCalls()).toHaveLength(callsBefore)
              return
            }
            if (!tryNormalizeCep(parsed.data.postal_code)) {
              expect([answer.status, answer.data.message]).toEqual([400, INVALID_CEP])
              expect(freightCalls()).toHaveLength(callsBefore)
              return
            }
            const unknownCart = parsed.data.cart_id !== undefined && parsed.data.cart_id !== cart.id
            const unknownVariant = (parsed.data.items ?? []).some((item) => !variantIds.includes(item.variant_id))
            if (unknownCart || unknownVariant) {
              expect(answer.status).toBe(unknownCart ? 404 : 400)
              expect(answer.data.message).toMatch(unknownCart ? /^Carrinho não encontrado\.$/ : /^Produto não encontrado: /)
              expect(freightCalls()).toHaveLength(callsBefore)
              return
            }
            expect(answer.status).toBe(200)
            // One entry per shipping option checkout offers: the store has one of this provider.
            const quotes = answer.data.quotes as Array<{ option_id: string; name: string; amount: number; currency_code: string }>
            expect(quotes.map((quote) => [quote.option_id, quote.name])).toEqual([[optionId, "Frete econômico"]])
            expect(quotes.every((quote) => quote.amount > 0 && quote.currency_code === "brl")).toBe(true)
          }),
          { numRuns: 40 }
        )
      })

      it("bad items (quantities 0, negative, fractional, huge; unknown variants; more than 100): a 400 in Portuguese and no freight call", async () => {
        const goodItem = fc.record({ variant_id: fc.constantFrom(...variantIds), quantity: fc.integer({ min: 1, max: 10 }) })
        const badQuantity = fc.oneof(
          fc.constantFrom(0, -0, -1, 0.5, 1.5, 2.000001, 1001, 1e9, Number.MAX_SAFE_INTEGER, 1e308, -1e308, NaN, Infinity, "1", "0", "", null, true, [], {}),
          fc.integer({ max: 0 }),
          fc.integer({ min: 1001 }),
          fc.double({ min: -1e6, max: 1e6, noNaN: true }).filter((quantity) => !Number.isInteger(quantity))
        )
        const unknownVariant = fc.oneof(
          fc.constantFrom("variant_nao_existe", "variant_01JZZZZZZZZZZZZZZZZZZZZZZZ", "🚚", "a\u0000b", " ", "x".repeat(101)),
          fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }).filter((id) => !variantIds.includes(id))
        )
        const badItem = fc.oneof(
          fc.record({ variant_id: fc.constantFrom(...variantIds), quantity: badQuantity }),
          fc.record({ variant_id: unknownVariant, quantity: fc.integer({ min: 1, max: 10 }) }),
          fc.record({ quantity: fc.integer({ min: 1, max: 10 }) }),
          fc.record({ variant_id: fc.constantFrom(...variantIds) })
        )
        const badItems = fc.oneof(
          { weight: 6, arbitrary: fc.tuple(fc.array(goodItem, { maxLength: 3 }), badItem, fc.array(goodItem, { maxLength: 3 })).map(([head, bad, tail]) => [...head, bad, ...tail]) },
          { weight: 1, arbitrary: fc.integer({ min: 101, max: 130 }).chain((count) => fc.array(goodItem, { minLength: count, maxLength: count })) },
          { weight: 1, arbitrary: fc.constant([]) }
        )
        await fc.assert(
          fc.asyncProperty(knownCep, badItems, async (postalCode, items) => {
            const callsBefore = freightCalls().length
            const answer = await asShopper("post", "/store/frete/quotes", { postal_code: postalCode, items })
            expect(answer.status).toBe(400)
            const message = answer.data.message as string
            if (message.startsWith("Produto não encontrado: ")) {
              // The shopper's own ids follow the colon; the words before it are the plugin's.
              expect(items.some((item) => !variantIds.includes((item as { variant_id: string }).variant_id))).toBe(true)
            } else {
              expectPortuguese(message, /^Consulta de frete inválida: items(\.\d+\.(variant_id|quantity))?: \S/)
            }
            expect(freightCalls()).toHaveLength(callsBefore)
          }),
          { numRuns: 30 }
        )
      })

      it("CEPs of every wrong shape, with items or with a cart: the CEP message and not one freight call", async () => {
        const cart = await createCart([{ variant_id: variantIds[1], quantity: 1 }])
        await fc.assert(
          fc.asyncProperty(wrongCep, async (postalCode) => {
            for (const body of [{ postal_code: postalCode, items: [{ variant_id: variantIds[0], quantity: 1 }] }, { postal_code: postalCode, cart_id: cart.id }]) {
              const answer = await asShopper("post", "/store/frete/quotes", body)
              expect(answer.status).toBe(400)
              // Longer than a CEP can be written: refused by the body's validation, in the same words.
              expect(answer.data.message).toBe(postalCode.length > 20 ? "Consulta de frete inválida: postal_code: CEP inválido" : INVALID_CEP)
            }
          }),
          { numRuns: 40 }
        )
        expect(freightCalls()).toHaveLength(0)
      })

      it("a cart whose address has a CEP of a wrong shape: checkout's calculate answers 400 in Portuguese and calls nobody", async () => {
        const cart = await createCart([{ variant_id: variantIds[2], quantity: 1 }])
        // Medusa itself cannot store a NUL in an address (Postgres text): that 500 is Medusa's.
        await fc.assert(
          fc.asyncProperty(wrongCep.filter((cep) => !cep.includes("\u0000")), async (postalCode) => {
            const update = await asShopper("post", `/store/carts/${cart.id}`, { shipping_address: { ...SHOPPER_ADDRESS, postal_code: postalCode } })
            expect(update.status).toBe(200)
            const answer = await calculate(cart.id)
            expect(answer.status).toBe(400)
            expect([INVALID_CEP, MISSING_CEP]).toContain(answer.data.message)
          }),
          { numRuns: 12 }
        )
        expect(freightCalls()).toHaveLength(0)
      })
    })

    describe("POST /admin/frete/tracking-orders/:id/retry", () => {
      it("any id, any body: 404 in Portuguese (no tracking order exists), never a 500", async () => {
        const id = fc
          .oneof(
            fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
            fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
            fc.integer({ min: 201, max: 1500 }).map((size) => "x".repeat(size)),
            fc.constantFrom("\u0000", "frtrk_\u0000", "frtrk_01JZZZZZZZZZZZZZZZZZZZZZZZ", "a/b", "%", "?x=1", "#h", "🚚", " ", "'; drop table tracking_order; --")
          )
          .filter((value) => !/^\.+$/.test(value) && isWellFormed(value))
        await fc.assert(
          fc.asyncProperty(id, fc.oneof(fc.constant(undefined), fc.dictionary(text, small, { maxKeys: 3 }), fc.array(small, { maxLength: 2 })), async (trackingId, body) => {
            const answer = await asAdmin("post", `/admin/frete/tracking-orders/${encodeURIComponent(trackingId)}/retry`, body)
            expect([trackingId, answer.status, answer.data.message]).toEqual([trackingId, 404, "Pedido de rastreamento não encontrado."])
          }),
          { numRuns: 25 }
        )
      })
    })

    describe("GET routes with wrong query parameters", () => {
      const enc = encodeURIComponent
      const queryText = fc.oneof(fc.string({ unit: "grapheme", maxLength: 30 }), fc.string({ unit: "binary", maxLength: 30 }), ODD_TEXT, fc.integer({ min: 201, max: 600 }).map((size) => "p".repeat(size))).filter(isWellFormed)
      /** A query parameter as a client may write it, and the value Medusa's query parser (qs) makes of it. */
      const parameter = (name: string, values: fc.Arbitrary<string>) =>
        fc.oneof(
          fc.constant({ query: "", value: undefined as unknown }),
          values.map((value) => ({ query: `${name}=${enc(value)}`, value: value as unknown })),
          fc.tuple(values, values).map(([a, b]) => ({ query: `${name}=${enc(a)}&${name}=${enc(b)}`, value: [a, b] as unknown })),
          values.map((value) => ({ query: `${name}[]=${enc(value)}`, value: [value] as unknown })),
          fc.tuple(fc.constantFrom("a", "0", "x y"), values).map(([key, value]) => ({ query: `${name}[${enc(key)}]=${enc(value)}`, value: { [key]: value } as unknown }))
        )

      it("GET /admin/frete/tracking-orders?order_id=: a 400 in Portuguese unless it is one order id, never a 500", async () => {
        await fc.assert(
          fc.asyncProperty(parameter("order_id", fc.oneof(queryText, fc.constantFrom("order_01JZZZZZZZZZZZZZZZZZZZZZZZ", "\u0000", "order_\u0000"))), async ({ query, value }) => {
            const answer = await asAdmin("get", `/admin/frete/tracking-orders?${query}`)
            const parsed = TrackingOrdersQuery.safeParse({ order_id: value })
            if (parsed.success) {
              expect([query, answer.status, answer.data]).toEqual([query, 200, { tracking_orders: [] }])
            } else {
              expect([query, answer.status]).toEqual([query, 400])
              expectPortuguese(answer.data.message, /^(Informe o pedido|Pedido inválido): order_id\.$/)
            }
          }),
          { numRuns: 25 }
        )
      })

      it("GET /admin/frete/products-missing-dimensions?limit=&offset=: a 400 in Portuguese for anything but whole numbers in range", async () => {
        const numberText = fc.oneof(queryText, fc.constantFrom("0", "1", "20", "100", "101", "-1", "2.5", "1e3", "1e400", "0x10", " 5", "007", "99999999999", "NaN"), fc.nat({ max: 200 }).map(String))
        await fc.assert(
          fc.asyncProperty(parameter("limit", numberText), parameter("offset", numberText), async (limit, offset) => {
            const query = [limit.query, offset.query].filter(Boolean).join("&")
            const answer = await asAdmin("get", `/admin/frete/products-missing-dimensions?${query}`)
            const parsed = ProductsMissingDimensionsQuery.safeParse({ limit: limit.value, offset: offset.value })
            if (parsed.success) {
              expect([query, answer.status]).toEqual([query, 200])
              expect(answer.data).toMatchObject({ limit: parsed.data.limit, offset: parsed.data.offset, count: 0, products: [] })
            } else {
              expect([query, answer.status]).toEqual([query, 400])
              expectPortuguese(answer.data.message, /^Parâmetros inválidos: (limit|offset): use um número inteiro de \d+ a \d+$/)
            }
          }),
          { numRuns: 25 }
        )
      })

      it("GET /admin/frete/status and /admin/frete/settings ignore parameters they do not take", async () => {
        await fc.assert(
          fc.asyncProperty(parameter("x", queryText), parameter("order_id", queryText), async (first, second) => {
            const query = [first.query, second.query].filter(Boolean).join("&")
            const status = await asAdmin("get", `/admin/frete/status?${query}`)
            expect([query, status.status]).toEqual([query, 200])
            expect(status.data).toMatchObject({ freight: { configured: true }, tracking: { configured: true } })
            const settings = await asAdmin("get", `/admin/frete/settings?${query}`)
            expect([query, settings.status]).toEqual([query, 200])
            expect((settings.data.settings as { default_package: unknown }).default_package).toEqual(BOX)
          }),
          { numRuns: 10 }
        )
      })
    })

    describe("the fulfillment provider, through Medusa's checkout routes", () => {
      const METHOD_DATA_KEYS = ["carrier", "consulta_token", "cotacao_codigo", "days", "delivery_estimate", "is_fallback", "service", "service_name"]

      it("POST /store/shipping-options/:id/calculate with any `data`: the price when Medusa takes the body, its 400 otherwise; never a 500 or a 0", async () => {
        const cart = await createCart([{ variant_id: variantIds[3], quantity: 1 }], { postal_code: "57020-000", province: "AL", city: "Maceió" })
        await fc.assert(
          fc.asyncProperty(fc.oneof(fc.constant(undefined), fc.dictionary(text, small, { maxKeys: 4 }), small), async (data) => {
            const answer = await calculate(cart.id, data)
            const wire = overTheWire(data)
            if (wire === undefined || isPlainObject(wire)) {
              expect(answer.status).toBe(200)
              expect(amountOf(answer)).toBeGreaterThan(0)
            } else {
              // Medusa's validator ("Invalid request: Expected type: 'record' for field 'data'"), in English.
              expect([answer.status, answer.data.type]).toEqual([400, "invalid_data"])
            }
          }),
          { numRuns: 20 }
        )
        expect(freightCalls()).toHaveLength(1)
      })

      it("POST /store/carts/:id/shipping-methods: the method keeps only the plugin's own data, whatever the storefront sends", async () => {
        const cart = await createCart([{ variant_id: variantIds[0], quantity: 1 }], { postal_code: "49010-000", province: "SE", city: "Aracaju" })
        const cases: Array<Record<string, unknown>> = [
          { service: "servico-falso", is_fallback: true, consulta_token: "forjado", days: 0 },
          { observacao: "deixar na portaria" },
          // Postgres cannot keep these in jsonb: kept as they are, they made the insert fail with a 500.
          { observacao: "a\u0000b" },
          { observacao: "\ud800" },
        ]
        const outcomes = []
        for (const data of cases) {
          const answer = await asShopper("post", `/store/carts/${cart.id}/shipping-methods?fields=%2Bshipping_methods.data`, { option_id: optionId, data })
          const methods = (answer.data.cart as { shipping_methods: Array<{ amount: number; data: Record<string, unknown> }> } | undefined)?.shipping_methods ?? []
          outcomes.push({
            data,
            status: answer.status,
            methods: methods.length,
            priced: methods.every((method) => method.amount > 0),
            keys: methods.map((method) => Object.keys(method.data).sort()),
            own: methods.every((method) => method.data.service === "jadlog-package" && method.data.is_fallback === false && method.data.consulta_token !== "forjado"),
          })
        }
        expect(outcomes).toEqual(cases.map((data) => ({ data, status: 200, methods: 1, priced: true, keys: [METHOD_DATA_KEYS], own: true })))
      })

      it("variants with weight or dimensions missing, zero, negative, tiny or absurd: the default package or a price, or a 400 in Portuguese; never a 500 or a 0", async () => {
        type Case = { sku: string; weight?: number | null; length?: number | null; width?: number | null; height?: number | null; sent?: { peso: string; comprimento: string; largura: string; altura: string } }
        const box = { peso: String(BOX.weight_kg), comprimento: String(BOX.length_cm), largura: String(BOX.width_cm), altura: String(BOX.height_cm) }
        const cases: Case[] = [
          { sku: "SEM-MEDIDAS", sent: box },
          { sku: "NULOS", weight: null, length: null, width: null, height: null, sent: box },
          { sku: "ZEROS", weight: 0, length: 0, width: 0, height: 0, sent: box },
          // Medusa takes negative measures (its validator is z.number()): the plugin ignores them.
          { sku: "NEGATIVOS", weight: -300, length: -10, width: -10, height: -10, sent: box },
          { sku: "SO-PESO", weight: 500, sent: { ...box, peso: "0.5" } },
          { sku: "SO-MEDIDAS", length: 10, width: 10, height: 10, sent: { peso: box.peso, comprimento: "10", largura: "10", altura: "10" } },
          { sku: "UMA-ZERO", weight: 500, length: 10, width: 0, height: 10, sent: { ...box, peso: "0.5" } },
          { sku: "UMA-NEGATIVA", weight: 500, length: 10, width: 10, height: -1, sent: { ...box, peso: "0.5" } },
          { sku: "MINUSCULO", weight: 1e-6, length: 1e-6, width: 1e-6, height: 1e-6 },
          // Implausible measures (over 10 t, over 10 m) are typing errors: treated as missing.
          { sku: "PESO-ABSURDO", weight: 1e30, length: 10, width: 10, height: 10, sent: { peso: box.peso, comprimento: "10", largura: "10", altura: "10" } },
          { sku: "MEDIDAS-ABSURDAS", weight: 500, length: 1e30, width: 1e30, height: 1e30, sent: { ...box, peso: "0.5" } },
          // The largest value Medusa's `real` columns keep (Medusa answers 500 to 1e39 itself).
          { sku: "NO-LIMITE", weight: 3e38, length: 3e38, width: 3e38, height: 3e38, sent: box },
        ]
        const ids = await createVariants("Medidas estranhas", cases.map(({ sent: _sent, ...measure }) => measure))
        // The admin's report lists the implausible measures as lacking, as the freight query treats them.
        const report = await asAdmin("get", "/admin/frete/products-missing-dimensions?limit=100")
        const flagged = (report.data.products as Array<{ title: string; variants: Array<{ sku: string; missing: string[] }> }>).find((product) => product.title === "Medidas estranhas")
        const lacking = Object.fromEntries((flagged?.variants ?? []).map((variant) => [variant.sku, variant.missing]))
        expect(lacking).toMatchObject({
          "PESO-ABSURDO": ["weight"],
          "MEDIDAS-ABSURDAS": ["length", "width", "height"],
          "NO-LIMITE": ["weight", "length", "width", "height"],
        })
        for (const [index, entry] of cases.entries()) {
          const cart = await createCart([{ variant_id: ids[index], quantity: 1 }], { postal_code: "60010-000", province: "CE", city: "Fortaleza" })
          const callsBefore = freightCalls().length
          const answer = await calculate(cart.id)
          if (entry.sent) {
            expect([entry.sku, answer.status]).toEqual([entry.sku, 200])
            expect(amountOf(answer)).toBeGreaterThan(0)
            const call = freightCalls()[callsBefore]
            expect((call.body as { volumes: Array<Record<string, string>> }).volumes).toEqual([expect.objectContaining({ sku: entry.sku, quantidade: "1", ...entry.sent })])
          } else if (answer.status === 200) {
            expect([entry.sku, amountOf(answer) > 0]).toEqual([entry.sku, true])
          } else {
            expect([entry.sku, answer.status]).toEqual([entry.sku, 400])
            expect(SHOPPER_MESSAGES).toContain(answer.data.message)
          }
        }
      })
    })

    describe("big carts", () => {
      it("a cart of 500 lines: one freight call with 500 volumes, a positive price, and the order completes", async () => {
        const items = Array.from({ length: 500 }, (_, line) => ({ variant_id: variantIds[line % variantIds.length], quantity: 1, metadata: { linha: line } }))
        const cart = await createCart(items, { postal_code: "88010-400", province: "SC", city: "Florianópolis" })
        // Lines of one variant are not merged when created with the cart, and the metadata keeps them apart anyway.
        expect(cart.items).toHaveLength(500)
        const answer = await calculate(cart.id)
        expect(answer.status).toBe(200)
        expect(amountOf(answer)).toBeGreaterThan(0)
        expect(freightCalls()).toHaveLength(1)
        const volumes = (freightCalls()[0].body as { volumes: Array<{ quantidade: string }> }).volumes
        expect(volumes).toHaveLength(500)
        expect(volumes.every((volume) => volume.quantidade === "1")).toBe(true)

        const withMethod = await asShopper("post", `/store/carts/${cart.id}/shipping-methods`, { option_id: optionId })
        expect(withMethod.status).toBe(200)
        expect((withMethod.data.cart as { shipping_methods: Array<{ amount: number }> }).shipping_methods[0].amount).toBe(amountOf(answer))
        const completed = await completeCart(api, store, cart.id)
        expect(completed.type).toBe("order")
        expect(completed.order.items).toHaveLength(500)
        expect(freightCalls()).toHaveLength(1)
      })
    })

    describe("names and addresses in any Unicode", () => {
      it("emoji, right-to-left, combining marks, control characters, very long text: priced by the CEP, and the order completes", async () => {
        const unicode = fc
          .oneof(
            fc.string({ unit: "grapheme", minLength: 1, maxLength: 40 }),
            fc.constantFrom(
              "José da Silva 🚚📦",
              "محمد بن علي",
              "שרה כהן",
              "Zoë Ångström",
              "e\u0301\u0302\u0303\u0304",
              "\u202eavliS ad airaM\u202c",
              "Maria\u0007\u001b\u007f",
              "Rua\tNova\nLinha",
              "👩‍👩‍👧‍👦 Família",
              "𝔐𝔞𝔯𝔦𝔞"
            ),
            fc.integer({ min: 200, max: 1000 }).chain((size) => fc.string({ unit: "grapheme", minLength: size, maxLength: size }))
          )
          .filter((value) => !value.includes("\u0000") && value.trim() !== "")
        const person = fc.record({ first_name: unicode, last_name: unicode, company: unicode, address_1: unicode, address_2: unicode, city: unicode })
        let run = 0
        await fc.assert(
          fc.asyncProperty(person, knownCep, async (names, postalCode) => {
            run += 1
            const credentials = { email: `cliente.${run}.${Date.now()}@example.com.br`, password: "senha-do-cliente-123" }
            const registration = await api.post("/auth/customer/emailpass/register", credentials)
            await api.post(
              "/store/customers",
              { email: credentials.email, first_name: names.first_name, last_name: names.last_name },
              { headers: { ...store.store.headers, authorization: `Bearer ${registration.data.token}` } }
            )
            const login = await api.post("/auth/customer/emailpass", credentials)
            const shopper = { headers: { ...store.store.headers, authorization: `Bearer ${login.data.token}` } }

            const cart = await createCart([{ variant_id: variantIds[run % variantIds.length], quantity: 1 }], { ...names, postal_code: postalCode }, shopper.headers)
            const price = await calculate(cart.id)
            expect(price.status).toBe(200)
            expect(amountOf(price)).toBeGreaterThan(0)
            const method = await send("post", `/store/carts/${cart.id}/shipping-methods`, shopper.headers, { option_id: optionId })
            expect(method.status).toBe(200)

            const { data: collection } = await api.post("/store/payment-collections", { cart_id: cart.id }, shopper)
            await api.post(`/store/payment-collections/${collection.payment_collection.id}/payment-sessions`, { provider_id: "pp_system_default" }, shopper)
            const { data: completed } = await api.post(`/store/carts/${cart.id}/complete`, {}, shopper)
            expect(completed.type).toBe("order")
            const { data } = await api.get(`/admin/orders/${completed.order.id}`, { ...store.admin, params: { fields: "*shipping_address,*customer,shipping_methods.amount" } })
            expect(data.order.shipping_address).toMatchObject({ ...names, postal_code: postalCode })
            expect(data.order.customer).toMatchObject({ first_name: names.first_name, last_name: names.last_name })
            expect(data.order.shipping_methods[0].amount).toBe(amountOf(price))
          }),
          { numRuns: 5 }
        )
      })
    })
  },
})
