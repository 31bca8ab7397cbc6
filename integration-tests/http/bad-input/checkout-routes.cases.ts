// Bad input reaching the fulfillment provider through Medusa's checkout routes: any `data`, odd
// measures, a cart of 500 lines, names and addresses in any Unicode.
// Every request of these properties goes over HTTP to a real Medusa app: few runs per property.
import fc from "fast-check"
import { completeCart } from "../../../scripts/lib/store-api"
import { SHOPPER_MESSAGES, isPlainObject, knownCep, overTheWire, small, text } from "./inputs"
import { BOX, badInputCases } from "./bad-input-runner"

export const checkoutRoutesCases = badInputCases(
  ({ api, shop, send, asAdmin, asShopper, freightCalls, createVariants, createCart, calculate, amountOf }) => {
    describe("the fulfillment provider, through Medusa's checkout routes", () => {
      const METHOD_DATA_KEYS = [
        "carrier",
        "consulta_token",
        "cotacao_codigo",
        "days",
        "delivery_estimate",
        "estimated_from",
        "is_fallback",
        "service",
        "service_name",
      ]

      it("POST /store/shipping-options/:id/calculate with any `data`: the price when Medusa takes the body, its 400 otherwise; never a 500 or a 0", async () => {
        const { variantIds } = shop()
        const cart = await createCart([{ variant_id: variantIds[3], quantity: 1 }], {
          postal_code: "57020-000",
          province: "AL",
          city: "Maceió",
        })
        await fc.assert(
          fc.asyncProperty(
            fc.oneof(fc.constant(undefined), fc.dictionary(text, small, { maxKeys: 4 }), small),
            async (data) => {
              const answer = await calculate(cart.id, data)
              const wire = overTheWire(data)
              if (wire === undefined || isPlainObject(wire)) {
                expect(answer.status).toBe(200)
                expect(amountOf(answer)).toBeGreaterThan(0)
              } else {
                // Medusa's validator ("Invalid request: Expected type: 'record' for field 'data'"), in English.
                expect([answer.status, answer.data.type]).toEqual([400, "invalid_data"])
              }
            }
          ),
          { numRuns: 20 }
        )
        expect(freightCalls()).toHaveLength(1)
      })

      it("POST /store/carts/:id/shipping-methods: the method keeps only the plugin's own data, whatever the storefront sends", async () => {
        const { optionId, variantIds } = shop()
        const cart = await createCart([{ variant_id: variantIds[0], quantity: 1 }], {
          postal_code: "49010-000",
          province: "SE",
          city: "Aracaju",
        })
        const cases: Array<Record<string, unknown>> = [
          { service: "servico-falso", is_fallback: true, consulta_token: "forjado", days: 0 },
          { observacao: "deixar na portaria" },
          // Postgres cannot keep these in jsonb: kept as they are, they made the insert fail with a 500.
          { observacao: "a\u0000b" },
          { observacao: "\ud800" },
        ]
        const outcomes = []
        for (const data of cases) {
          const answer = await asShopper(
            "post",
            `/store/carts/${cart.id}/shipping-methods?fields=%2Bshipping_methods.data`,
            { option_id: optionId, data }
          )
          const methods =
            (
              answer.data.cart as
                { shipping_methods: Array<{ amount: number; data: Record<string, unknown> }> } | undefined
            )?.shipping_methods ?? []
          outcomes.push({
            data,
            status: answer.status,
            methods: methods.length,
            priced: methods.every((method) => method.amount > 0),
            keys: methods.map((method) => Object.keys(method.data).sort()),
            own: methods.every(
              (method) =>
                method.data.service === "jadlog-package" &&
                method.data.is_fallback === false &&
                method.data.consulta_token !== "forjado"
            ),
          })
        }
        expect(outcomes).toEqual(
          cases.map((data) => ({ data, status: 200, methods: 1, priced: true, keys: [METHOD_DATA_KEYS], own: true }))
        )
      })

      it("variants with weight or dimensions missing, zero, negative, tiny or absurd: the default package or a price, or a 400 in Portuguese; never a 500 or a 0", async () => {
        type Case = {
          sku: string
          weight?: number | null
          length?: number | null
          width?: number | null
          height?: number | null
          sent?: { peso: string; comprimento: string; largura: string; altura: string }
        }
        const box = {
          peso: String(BOX.weight_kg),
          comprimento: String(BOX.length_cm),
          largura: String(BOX.width_cm),
          altura: String(BOX.height_cm),
        }
        const cases: Case[] = [
          { sku: "SEM-MEDIDAS", sent: box },
          { sku: "NULOS", weight: null, length: null, width: null, height: null, sent: box },
          { sku: "ZEROS", weight: 0, length: 0, width: 0, height: 0, sent: box },
          // Medusa takes negative measures (its validator is z.number()): the plugin ignores them.
          { sku: "NEGATIVOS", weight: -300, length: -10, width: -10, height: -10, sent: box },
          { sku: "SO-PESO", weight: 500, sent: { ...box, peso: "0.5" } },
          {
            sku: "SO-MEDIDAS",
            length: 10,
            width: 10,
            height: 10,
            sent: { peso: box.peso, comprimento: "10", largura: "10", altura: "10" },
          },
          { sku: "UMA-ZERO", weight: 500, length: 10, width: 0, height: 10, sent: { ...box, peso: "0.5" } },
          { sku: "UMA-NEGATIVA", weight: 500, length: 10, width: 10, height: -1, sent: { ...box, peso: "0.5" } },
          { sku: "MINUSCULO", weight: 1e-6, length: 1e-6, width: 1e-6, height: 1e-6 },
          // Implausible measures (over 10 t, over 10 m) are typing errors: treated as missing.
          {
            sku: "PESO-ABSURDO",
            weight: 1e30,
            length: 10,
            width: 10,
            height: 10,
            sent: { peso: box.peso, comprimento: "10", largura: "10", altura: "10" },
          },
          {
            sku: "MEDIDAS-ABSURDAS",
            weight: 500,
            length: 1e30,
            width: 1e30,
            height: 1e30,
            sent: { ...box, peso: "0.5" },
          },
          // The largest value Medusa's `real` columns keep (Medusa answers 500 to 1e39 itself).
          { sku: "NO-LIMITE", weight: 3e38, length: 3e38, width: 3e38, height: 3e38, sent: box },
        ]
        const ids = await createVariants(
          "Medidas estranhas",
          cases.map(({ sent: _sent, ...measure }) => measure)
        )
        // The admin's report lists the implausible measures as lacking, as the freight query treats them.
        const report = await asAdmin("get", "/admin/frete/products-missing-dimensions?limit=100")
        const flagged = (
          report.data.products as Array<{ title: string; variants: Array<{ sku: string; missing: string[] }> }>
        ).find((product) => product.title === "Medidas estranhas")
        const lacking = Object.fromEntries((flagged?.variants ?? []).map((variant) => [variant.sku, variant.missing]))
        expect(lacking).toMatchObject({
          "PESO-ABSURDO": ["weight"],
          "MEDIDAS-ABSURDAS": ["length", "width", "height"],
          "NO-LIMITE": ["weight", "length", "width", "height"],
        })
        for (const [index, entry] of cases.entries()) {
          const cart = await createCart([{ variant_id: ids[index], quantity: 1 }], {
            postal_code: "60010-000",
            province: "CE",
            city: "Fortaleza",
          })
          const callsBefore = freightCalls().length
          const answer = await calculate(cart.id)
          if (entry.sent) {
            expect([entry.sku, answer.status]).toEqual([entry.sku, 200])
            expect(amountOf(answer)).toBeGreaterThan(0)
            const call = freightCalls()[callsBefore]
            expect((call.body as { volumes: Array<Record<string, string>> }).volumes).toEqual([
              expect.objectContaining({ sku: entry.sku, quantidade: "1", ...entry.sent }),
            ])
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
        const { store, optionId, variantIds } = shop()
        const items = Array.from({ length: 500 }, (_, line) => ({
          variant_id: variantIds[line % variantIds.length],
          quantity: 1,
          metadata: { linha: line },
        }))
        const cart = await createCart(items, { postal_code: "88010-400", province: "SC", city: "Florianópolis" })
        // Lines of one variant are not merged when created with the cart, and the metadata keeps them apart anyway.
        expect(cart.items).toHaveLength(500)
        const answer = await calculate(cart.id)
        expect(answer.status).toBe(200)
        expect(amountOf(answer)).toBeGreaterThan(0)
        expect(freightCalls()).toHaveLength(1)
        const volumes = (freightCalls()[0].body as { volumes: Array<{ quantidade: string }> }).volumes
        expect(volumes).toHaveLength(500)
        expect(volumes.filter((volume) => volume.quantidade !== "1")).toEqual([])

        const withMethod = await asShopper("post", `/store/carts/${cart.id}/shipping-methods`, { option_id: optionId })
        expect(withMethod.status).toBe(200)
        expect(
          (withMethod.data.cart as { shipping_methods: Array<{ amount: number }> }).shipping_methods[0].amount
        ).toBe(amountOf(answer))
        const completed = await completeCart(api, store, cart.id)
        expect(completed.type).toBe("order")
        expect(completed.order.items).toHaveLength(500)
        expect(freightCalls()).toHaveLength(1)
      })
    })

    describe("names and addresses in any Unicode", () => {
      it("emoji, right-to-left, combining marks, control characters, very long text: priced by the CEP, and the order completes", async () => {
        const { store, optionId, variantIds } = shop()
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
            fc
              .integer({ min: 200, max: 1000 })
              .chain((size) => fc.string({ unit: "grapheme", minLength: size, maxLength: size }))
          )
          .filter((value) => !value.includes("\u0000") && value.trim() !== "")
        const person = fc.record({
          first_name: unicode,
          last_name: unicode,
          company: unicode,
          address_1: unicode,
          address_2: unicode,
          city: unicode,
        })
        let run = 0
        await fc.assert(
          fc.asyncProperty(person, knownCep, async (names, postalCode) => {
            run += 1
            const credentials = {
              email: `cliente.${run}.${Date.now()}@example.com.br`,
              password: "senha-do-cliente-123",
            }
            const registration = await api.post("/auth/customer/emailpass/register", credentials)
            await api.post(
              "/store/customers",
              { email: credentials.email, first_name: names.first_name, last_name: names.last_name },
              { headers: { ...store.store.headers, authorization: `Bearer ${registration.data.token}` } }
            )
            const login = await api.post("/auth/customer/emailpass", credentials)
            const shopper = { headers: { ...store.store.headers, authorization: `Bearer ${login.data.token}` } }

            const cart = await createCart(
              [{ variant_id: variantIds[run % variantIds.length], quantity: 1 }],
              { ...names, postal_code: postalCode },
              shopper.headers
            )
            const price = await calculate(cart.id)
            expect(price.status).toBe(200)
            expect(amountOf(price)).toBeGreaterThan(0)
            const method = await send("post", `/store/carts/${cart.id}/shipping-methods`, shopper.headers, {
              option_id: optionId,
            })
            expect(method.status).toBe(200)

            const { data: collection } = await api.post("/store/payment-collections", { cart_id: cart.id }, shopper)
            await api.post(
              `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`,
              { provider_id: "pp_system_default" },
              shopper
            )
            const { data: completed } = await api.post(`/store/carts/${cart.id}/complete`, {}, shopper)
            expect(completed.type).toBe("order")
            const { data } = await api.get(`/admin/orders/${completed.order.id}`, {
              ...store.admin,
              params: { fields: "*shipping_address,*customer,shipping_methods.amount" },
            })
            expect(data.order.shipping_address).toMatchObject({ ...names, postal_code: postalCode })
            expect(data.order.customer).toMatchObject({ first_name: names.first_name, last_name: names.last_name })
            expect(data.order.shipping_methods[0].amount).toBe(amountOf(price))
          }),
          { numRuns: 5 }
        )
      })
    })
  }
)
