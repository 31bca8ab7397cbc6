// Bad input on every POST route of the plugin at once: bodies that are not JSON objects, and the
// inputs that once made a route answer 500.
// Every request of these properties goes over HTTP to a real Medusa app: few runs per property.
import { ROUTE_IDS } from "../../../src/api/lib/route-id"
import { expectPortuguese } from "./inputs"
import { badInputCases } from "./bad-input-runner"

export const everyPostRouteCases = badInputCases(
  ({ api, shop, send, asAdmin, asShopper, freightCalls, settingsRows }) => {
    describe("bodies that are not JSON objects, on every POST route of the plugin", () => {
      const routes = () => [
        { name: "settings", post: (raw?: string) => asAdmin("post", "/admin/frete/settings", undefined, raw) },
        {
          name: "test-connection",
          post: (raw?: string) => asAdmin("post", "/admin/frete/test-connection", undefined, raw),
        },
        {
          name: "retry",
          post: (raw?: string) =>
            asAdmin("post", "/admin/frete/tracking-orders/frtrk_nao_existe/retry", undefined, raw),
        },
        { name: "quotes", post: (raw?: string) => asShopper("post", "/store/frete/quotes", undefined, raw) },
      ]

      /** A body that is JSON but not an object: each route says in Portuguese what it expected. */
      const expectEveryRouteToRefuse = async (raw: string) => {
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

      it("malformed JSON or a scalar body: Medusa's body parser answers 400, as on Medusa's own routes; never 500, nothing done", async () => {
        const { store } = shop()
        const rowsBefore = await settingsRows()
        for (const route of routes()) {
          for (const raw of [
            '{"postal_code": "01310-100",',
            "{bad",
            "não é JSON",
            "{'aspas': 'simples'}",
            '"um texto"',
            "42",
            "null",
            "true",
          ]) {
            const answer = await route.post(raw)
            expect([route.name, raw, answer.status, answer.data.type]).toEqual([route.name, raw, 400, "invalid_data"])
          }
        }
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

      it("an array as the whole body, and an empty JSON body: the plugin answers, in Portuguese", async () => {
        const rowsBefore = await settingsRows()
        for (const raw of ["[]", '[{"postal_code":"01310-100"}]', "[null]"]) {
          await expectEveryRouteToRefuse(raw)
        }

        // No body, said to be JSON: the route is handed `{}`. For the settings that is "change nothing".
        const json = { "content-type": "application/json" }
        const empty = await send("post", "/admin/frete/settings", { ...shop().store.admin.headers, ...json })
        expect(empty.status).toBe(200)
        expect(await settingsRows()).toEqual(rowsBefore)
        const connection = await send("post", "/admin/frete/test-connection", {
          ...shop().store.admin.headers,
          ...json,
        })
        expect(connection.status).toBe(400)
        expect(connection.data.message).toBe("Informe dois CEPs válidos (8 dígitos).")
        expect(connection.data.issues?.map((issue) => issue.field)).toEqual(["origin_cep", "destination_cep"])
        const quotes = await send("post", "/store/frete/quotes", { ...shop().store.store.headers, ...json })
        expect(quotes.status).toBe(400)
        expect(quotes.data.message).toBe("Consulta de frete inválida: postal_code: informe o CEP")
        expect(freightCalls()).toHaveLength(0)
      })
    })

    describe("inputs that made a route of the plugin answer 500 (or answer nonsense)", () => {
      it("a NUL in an id, a URL that is not one, a limit that is not a number: refused in Portuguese", async () => {
        const urlIssue = "URL inválida: use http:// ou https://, sem parâmetros nem usuário"
        const answers = {
          retry: await asAdmin("post", "/admin/frete/tracking-orders/%00/retry", {}),
          trackingOrders: await asAdmin("get", "/admin/frete/tracking-orders?order_id=order_%00"),
          quoteVariant: await asShopper("post", "/store/frete/quotes", {
            postal_code: "01310-100",
            items: [{ variant_id: "variant_\u0000", quantity: 1 }],
          }),
          quoteCart: await asShopper("post", "/store/frete/quotes", {
            postal_code: "01310-100",
            cart_id: "cart_\u0000",
          }),
          notAUrl: await asAdmin("post", "/admin/frete/test-connection", {
            origin_cep: "01310-100",
            destination_cep: "20040-002",
            freight_url: "abc",
          }),
          notHttp: await asAdmin("post", "/admin/frete/test-connection", {
            origin_cep: "01310-100",
            destination_cep: "20040-002",
            freight_url: "ftp://x",
            tracking_url: "ftp://y",
          }),
          page: await asAdmin("get", "/admin/frete/products-missing-dimensions?offset=1e400&limit=2.5"),
        }
        expect(answers.retry).toEqual({
          status: 400,
          data: { type: "invalid_data", message: ROUTE_IDS.trackingOrder.message },
        })
        expect(answers.trackingOrders).toEqual({
          status: 400,
          data: { type: "invalid_data", message: "Pedido inválido: order_id." },
        })
        expect(answers.quoteVariant).toEqual({
          status: 400,
          data: {
            type: "invalid_data",
            message: "Consulta de frete inválida: items.0.variant_id: variant_id inválido",
          },
        })
        expect(answers.quoteCart).toEqual({
          status: 400,
          data: { type: "invalid_data", message: "Consulta de frete inválida: cart_id: cart_id inválido" },
        })
        expect(answers.notAUrl.status).toBe(400)
        expect(answers.notAUrl.data.issues).toEqual([{ field: "freight_url", message: urlIssue }])
        expect(answers.notAUrl.data.message).toBe(`Dados inválidos para testar a conexão: freight_url: ${urlIssue}`)
        expect(answers.notHttp.status).toBe(400)
        expect(answers.notHttp.data.issues).toEqual([
          { field: "freight_url", message: urlIssue },
          { field: "tracking_url", message: urlIssue },
        ])
        expect(answers.page).toEqual({
          status: 400,
          data: { type: "invalid_data", message: "Parâmetros inválidos: limit: use um número inteiro de 1 a 100" },
        })
        expect(freightCalls()).toHaveLength(0)
      })
    })
  }
)
