// What an HTML form (or any page of another origin, without asking it first) can post: a
// form-encoded, multipart or text/plain body, or none without a Content-Type. On every POST route
// of the plugin it is a 415 in Portuguese, even empty, and nothing is saved, sent or priced: the
// admin's session cookie never carries a change or a retry posted by another page of the site.
import { NOT_JSON_MESSAGE } from "../../../src/api/middlewares"
import { expectPortuguese } from "./inputs"
import { badInputCases } from "./bad-input-runner"
import { PLUGIN_ROUTES, withId } from "./plugin-routes"

/** The bodies a page may post to another origin without a CORS preflight, each with its Content-Type (none: no header). */
const SIMPLE_BODIES: Array<{ label: string; type?: string; body: string }> = [
  { label: "form, empty", type: "application/x-www-form-urlencoded", body: "" },
  {
    label: "form",
    type: "application/x-www-form-urlencoded",
    body: "handling_days=2&origin_cep=20040-002&postal_code=20040-002",
  },
  { label: "multipart, empty", type: "multipart/form-data; boundary=frete", body: "--frete--\r\n" },
  {
    label: "multipart",
    type: "multipart/form-data; boundary=frete",
    body: '--frete\r\nContent-Disposition: form-data; name="handling_days"\r\n\r\n2\r\n--frete--\r\n',
  },
  { label: "text/plain, empty", type: "text/plain", body: "" },
  {
    label: "text/plain with JSON in it",
    type: "text/plain;charset=UTF-8",
    body: '{"handling_days":2,"origin_cep":"20040-002"}',
  },
  { label: "no Content-Type, empty", body: "" },
]

const POST_ROUTES = PLUGIN_ROUTES.filter((route) => route.method === "POST")

export const formBodiesCases = badInputCases(({ api, shop, freightCalls, settingsRows }) => {
  describe("bodies an HTML form can send, on every POST route of the plugin", () => {
    it("finds the POST routes to check", () => {
      expect(POST_ROUTES.map((route) => route.template)).toEqual(
        expect.arrayContaining([
          "/admin/frete/settings",
          "/admin/frete/test-connection",
          "/admin/frete/simulate",
          "/admin/frete/tracking-orders/[id]/retry",
          "/admin/frete/tracking-orders/retry",
          "/admin/frete/products/[id]/handling-days",
          "/store/frete/quotes",
        ])
      )
    })

    it("a form-encoded, multipart or text/plain body, even empty, or none without a type: 415 in Portuguese, and nothing done", async () => {
      const { store, variantIds } = shop()
      const { data: found } = await api.get("/admin/product-variants", {
        ...store.admin,
        params: { id: variantIds[0], fields: "product_id" },
      })
      const productId = found.variants[0].product_id as string
      // A real product, whose handling days would change, and a tracking order's id of the right shape.
      const urlOf = (template: string) =>
        withId(
          { method: "POST", template },
          template.startsWith("/admin/frete/products/") ? productId : "frtrk_01JZZZZZZZZZZZZZZZZZZZZZZZ"
        )
      const rowsBefore = await settingsRows()

      const answers = []
      for (const route of POST_ROUTES) {
        const headers = route.template.startsWith("/store/") ? store.store.headers : store.admin.headers
        for (const { label, type, body } of SIMPLE_BODIES) {
          const answer = await api.request({
            method: "post",
            url: urlOf(route.template),
            data: body,
            // `false`: no Content-Type at all (axios would otherwise send its form type).
            headers: { ...headers, "content-type": type ?? false },
            transformRequest: [(payload: unknown) => payload],
            validateStatus: () => true,
          })
          answers.push([route.template, label, answer.status, answer.data?.message])
        }
      }
      expect(answers).toEqual(
        POST_ROUTES.flatMap((route) => SIMPLE_BODIES.map(({ label }) => [route.template, label, 415, NOT_JSON_MESSAGE]))
      )
      expectPortuguese(NOT_JSON_MESSAGE, /^Envie o corpo da requisição em JSON/)

      expect(await settingsRows()).toEqual(rowsBefore)
      const days = await api.get(`/admin/frete/products/${productId}/handling-days`, store.admin)
      expect(days.data.handling_days).toBeNull()
      expect(freightCalls().filter((call) => JSON.stringify(call.body) !== "{}")).toEqual([])
    })

    it("the same routes take an empty body sent as JSON: a route then says what it lacks, or does its work", async () => {
      const { store } = shop()
      const json = { "content-type": "application/json" }
      // `transformRequest`: the empty body goes as it is, not as the JSON text `""`.
      const empty = { data: "", transformRequest: [(payload: unknown) => payload], validateStatus: () => true }
      const settings = await api.request({
        method: "post",
        url: "/admin/frete/settings",
        headers: { ...store.admin.headers, ...json },
        ...empty,
      })
      const quotes = await api.request({
        method: "post",
        url: "/store/frete/quotes",
        headers: { ...store.store.headers, ...json },
        ...empty,
      })
      expect([
        ["settings", settings.status],
        ["quotes", quotes.status, quotes.data.message],
      ]).toEqual([
        ["settings", 200],
        ["quotes", 400, "Consulta de frete inválida: postal_code: informe o CEP"],
      ])
    })
  })
})
