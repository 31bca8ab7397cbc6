// Bad input on the settings page's routes: POST /admin/frete/settings and POST /admin/frete/test-connection.
// Every request of these properties goes over HTTP to a real Medusa app: few runs per property.
import fc from "fast-check"
import { TestConnectionBody } from "../../../src/api/admin/frete/test-connection/route"
import { tryNormalizeCep } from "../../../src/lib/brazil/cep"
import { freteSettingsSchema, mergeSettings } from "../../../src/lib/settings/schema"
import { SECRET_NAMES } from "../../../src/modules/frete/credentials"
import {
  BODY_LIMIT_BYTES,
  bytesOf,
  expectPortuguese,
  isPlainObject,
  maybe,
  members,
  overTheWire,
  small,
  wrong,
  type Json,
} from "./inputs"
import { badInputCases } from "./bad-input-runner"

export const settingsAndConnectionCases = badInputCases(({ asAdmin, settingsRows }) => {
  describe("POST /admin/frete/settings", () => {
    const cep = fc.constantFrom("01310-100", "20040002", null)
    const settingsBody = members({
      freight_url: maybe(fc.constantFrom("https://frete.example.com.br/api", null)),
      tracking_url: maybe(fc.constantFrom("https://rastreio.example.com.br", null)),
      origin_cep: maybe(cep),
      extra_days: maybe(fc.integer({ min: 0, max: 365 })),
      extra_price: maybe(
        members({ type: maybe(fc.constantFrom("fixed", "percent")), value: maybe(fc.integer({ min: 0, max: 100 })) })
      ),
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
      rules: maybe(
        fc.array(
          members({
            name: maybe(fc.constantFrom("Sul mais caro", "")),
            enabled: maybe(fc.boolean()),
            scope: maybe(
              members({
                services: maybe(fc.array(maybe(fc.constant("correios-pac")), { maxLength: 2 })),
                states: maybe(fc.array(maybe(fc.constantFrom("SP", "RS", "XX")), { maxLength: 2 })),
                min_subtotal: maybe(fc.integer({ min: 0, max: 500 })),
                max_weight_kg: maybe(fc.integer({ min: 1, max: 30 })),
              })
            ),
            action: maybe(
              members({
                type: maybe(fc.constantFrom("free", "percent", "amount", "hide", "days", "desconto")),
                value: maybe(fc.integer({ min: -200, max: 200 })),
              })
            ),
          }),
          { maxLength: 2 }
        )
      ),
      max_options: maybe(fc.integer({ min: 0, max: 25 })),
      option_order: maybe(fc.constantFrom("price", "days", "services", "aleatória")),
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
                members({
                  max_weight_kg: maybe(fc.integer({ min: 1, max: 100 })),
                  price: maybe(fc.integer({ min: 0, max: 200 })),
                  days: maybe(fc.integer({ min: 0, max: 30 })),
                }),
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
            fc.array(
              members({
                service: maybe(fc.constant("correios-pac")),
                carrier_id: maybe(fc.constant("a1b2")),
                carrier_name: maybe(fc.constant("Correios")),
              }),
              { maxLength: 2 }
            )
          ),
          cpf_metadata_key: maybe(fc.constant("cpf")),
        })
      ),
      secrets: maybe(
        members({
          freight_token: maybe(fc.constantFrom("um-token-do-painel", null)),
          tracking_credential: maybe(fc.constantFrom("uma-credencial", null)),
          outro: wrong,
        })
      ),
      membro_desconhecido: wrong,
    })

    /** What the module must save for `body` over the stored settings (its own rules, restated), or null: a refusal. */
    function expectedSave(body: Json, stored: Record<string, unknown>) {
      if (!isPlainObject(body)) return null
      const { secrets, ...fields } = body
      // Merged field by field at every depth (its unit tests: src/lib/settings/__tests__/merge.spec.ts).
      const parsed = freteSettingsSchema.safeParse(mergeSettings(freteSettingsSchema.parse(stored), fields))
      const secretsAccepted =
        secrets === undefined ||
        (isPlainObject(secrets) &&
          Object.entries(secrets).every(
            ([name, value]) =>
              (SECRET_NAMES as readonly string[]).includes(name) &&
              (value === null || (typeof value === "string" && value.trim() !== "" && value.length <= 1000))
          ))
      return parsed.success && secretsAccepted
        ? { settings: parsed.data, secrets: isPlainObject(secrets) ? secrets : {} }
        : null
    }

    it("wrong-typed values: a 400 in Portuguese naming each field with nothing written, or a 200 with exactly the valid settings saved", async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 6, arbitrary: settingsBody }, { weight: 1, arbitrary: fc.array(small, { maxLength: 2 }) }),
          async (body) => {
            const before = await settingsRows()
            expect(before).toHaveLength(1)
            const viewBefore = (await asAdmin("get", "/admin/frete/settings")).data
            const answer = await asAdmin("post", "/admin/frete/settings", body)
            const after = await settingsRows()
            expect(after).toHaveLength(1)
            if (bytesOf(body) > BODY_LIMIT_BYTES) {
              // Medusa's body parser, with the plugin's limit for its routes.
              expect(answer.status).toBe(413)
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
              expect((await asAdmin("get", "/admin/frete/settings")).data.settings).toEqual(
                overTheWire(expected.settings)
              )
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
          }
        ),
        { numRuns: 40 }
      )
    })

    it("one section valid and another invalid: the whole body is refused and nothing changes", async () => {
      const cases: Array<[Record<string, unknown>, string[]]> = [
        [
          { extra_days: 5, default_package: { weight_kg: -1, length_cm: 10, width_cm: 10, height_cm: 10 } },
          ["default_package.weight_kg"],
        ],
        [
          {
            services: [{ metaname: "correios-pac", name: "PAC", enabled: false }],
            tracking: { company_document: "123" },
          },
          ["tracking.company_document"],
        ],
        [
          {
            origin_cep: "20040-002",
            fallback: [{ service: "tabela", name: "Tabela", bands: [{ max_weight_kg: 10, price: "20", days: 3 }] }],
          },
          ["fallback.0.bands.0.price"],
        ],
        [{ extra_price: { type: "percent", value: 10 }, secrets: { freight_token: 42 } }, ["secrets.freight_token"]],
        [
          { secrets: { freight_token: "um-token-valido" }, quote_route_limit_per_minute: "100" },
          ["quote_route_limit_per_minute"],
        ],
        // Text Postgres cannot keep in jsonb (a NUL, a lone surrogate): refused, not a 500 on the insert.
        [
          {
            services: [
              { metaname: "correios-pac", name: "PAC" },
              { metaname: "correios-sedex", name: "SEDEX\u0000" },
            ],
          },
          ["services.1.name"],
        ],
        [{ extra_days: 1, tracking: { entry_source: "Loja \ud800" } }, ["tracking.entry_source"]],
        [
          {
            free_freight_rules: [{ min_subtotal: 100, states: ["SP"] }],
            freight_url: "http://frete.example.com.br/\u0000",
          },
          ["freight_url"],
        ],
        // A secret is printable ASCII: one that is not would reach the service changed.
        [
          { extra_days: 2, secrets: { freight_token: "tok\ud800en", tracking_credential: "credencial\u0000" } },
          ["secrets.freight_token", "secrets.tracking_credential"],
        ],
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
        fc.asyncProperty(
          fc.oneof(
            { weight: 6, arbitrary: connectionBody },
            { weight: 1, arbitrary: fc.array(small, { maxLength: 2 }) }
          ),
          async (body) => {
            const answer = await asAdmin("post", "/admin/frete/test-connection", body)
            if (bytesOf(body) > BODY_LIMIT_BYTES) {
              expect(answer.status).toBe(413)
              return
            }
            const parsed = TestConnectionBody.safeParse(overTheWire(body))
            const valid =
              parsed.success &&
              tryNormalizeCep(parsed.data.origin_cep) !== null &&
              tryNormalizeCep(parsed.data.destination_cep) !== null
            if (!valid) {
              expect(answer.status).toBe(400)
              expectPortuguese(
                answer.data.message,
                /^(Informe dois CEPs válidos \(8 dígitos\)\.|Dados inválidos para testar a conexão: \S)/
              )
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
            const { freight, tracking } = answer.data as {
              freight: { ok: boolean; services: Array<{ amount: number }>; message: string | null }
              tracking: { ok: boolean | null; message: string }
            }
            if (freight.ok) {
              expect(freight.services.length).toBeGreaterThan(0)
              expect(freight.services.filter((service) => !(service.amount > 0))).toEqual([])
            } else {
              expectPortuguese(freight.message, /^(O serviço de frete|Não foi possível conectar|Informe a URL)/)
            }
            expectPortuguese(
              tracking.message,
              /^(O serviço de rastreamento|Não foi possível conectar|Rastreamento não configurado)/
            )
          }
        ),
        { numRuns: 30 }
      )
    })
  })
})
