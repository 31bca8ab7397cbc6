// Bad input on the admin routes that take an id or query parameters: the tracking orders (list and
// retry), the products missing dimensions, the status and the settings.
// Every request of these properties goes over HTTP to a real Medusa app: few runs per property.
import fc from "fast-check"
import { ProductsMissingDimensionsQuery } from "../../../src/api/admin/frete/products-missing-dimensions/route"
import { TrackingOrdersQuery } from "../../../src/api/admin/frete/tracking-orders/validators"
import { NOT_JSON_MESSAGE } from "../../../src/api/middlewares"
import { ROUTE_IDS, isRouteId } from "../../../src/api/lib/route-id"
import { ODD_TEXT, expectPortuguese, isWellFormed, small, text } from "./inputs"
import { BOX, badInputCases } from "./bad-input-runner"

export const trackingOrdersAndQueriesCases = badInputCases(({ asAdmin }) => {
  describe("POST /admin/frete/tracking-orders/:id/retry", () => {
    it("any id, any body: 404 in Portuguese for a tracking order's id (none exists), 400 for any other text, 415 without JSON; never a 500", async () => {
      const id = fc
        .oneof(
          fc.string({ unit: "binary", minLength: 1, maxLength: 60 }),
          fc.string({ unit: "grapheme", minLength: 1, maxLength: 60 }),
          fc.integer({ min: 201, max: 1500 }).map((size) => "x".repeat(size)),
          fc.stringMatching(/^frtrk_[A-Za-z0-9_-]{1,40}$/),
          fc.constantFrom(
            "\u0000",
            "frtrk_\u0000",
            "frtrk_01JZZZZZZZZZZZZZZZZZZZZZZZ",
            `frtrk_${"Z".repeat(120)}`,
            "prod_01JZZZZZZZZZZZZZZZZZZZZZZZ",
            "a/b",
            "%",
            "?x=1",
            "#h",
            "🚚",
            " ",
            "'; drop table tracking_order; --"
          )
        )
        .filter((value) => !/^\.+$/.test(value) && isWellFormed(value))
      await fc.assert(
        fc.asyncProperty(
          id,
          fc.oneof(
            fc.constant(undefined),
            fc.dictionary(text, small, { maxKeys: 3 }),
            fc.array(small, { maxLength: 2 })
          ),
          async (trackingId, body) => {
            const answer = await asAdmin(
              "post",
              `/admin/frete/tracking-orders/${encodeURIComponent(trackingId)}/retry`,
              body
            )
            // No body: axios then sends its form type, as an HTML form does; refused before the id is read.
            const expected =
              body === undefined
                ? [415, NOT_JSON_MESSAGE]
                : isRouteId("trackingOrder", trackingId)
                  ? [404, "Pedido de rastreamento não encontrado."]
                  : [400, ROUTE_IDS.trackingOrder.message]
            expect([trackingId, answer.status, answer.data.message]).toEqual([trackingId, ...expected])
          }
        ),
        { numRuns: 25 }
      )
    })
  })

  describe("GET routes with wrong query parameters", () => {
    const enc = encodeURIComponent
    const queryText = fc
      .oneof(
        fc.string({ unit: "grapheme", maxLength: 30 }),
        fc.string({ unit: "binary", maxLength: 30 }),
        ODD_TEXT,
        fc.integer({ min: 201, max: 600 }).map((size) => "p".repeat(size))
      )
      .filter(isWellFormed)
    /** A query parameter as a client may write it, and the value Medusa's query parser (qs) makes of it. */
    const parameter = (name: string, values: fc.Arbitrary<string>) =>
      fc.oneof(
        fc.constant({ query: "", value: undefined as unknown }),
        values.map((value) => ({ query: `${name}=${enc(value)}`, value: value as unknown })),
        fc
          .tuple(values, values)
          .map(([a, b]) => ({ query: `${name}=${enc(a)}&${name}=${enc(b)}`, value: [a, b] as unknown })),
        values.map((value) => ({ query: `${name}[]=${enc(value)}`, value: [value] as unknown })),
        fc
          .tuple(fc.constantFrom("a", "0", "x y"), values)
          .map(([key, value]) => ({ query: `${name}[${enc(key)}]=${enc(value)}`, value: { [key]: value } as unknown }))
      )

    it("GET /admin/frete/tracking-orders?order_id=: a 400 in Portuguese unless it is one order id, never a 500", async () => {
      await fc.assert(
        fc.asyncProperty(
          parameter(
            "order_id",
            fc.oneof(queryText, fc.constantFrom("order_01JZZZZZZZZZZZZZZZZZZZZZZZ", "\u0000", "order_\u0000"))
          ),
          async ({ query, value }) => {
            const answer = await asAdmin("get", `/admin/frete/tracking-orders?${query}`)
            const parsed = TrackingOrdersQuery.safeParse({ order_id: value })
            if (parsed.success) {
              expect([query, answer.status, answer.data]).toEqual([query, 200, { tracking_orders: [] }])
            } else {
              expect([query, answer.status]).toEqual([query, 400])
              expectPortuguese(answer.data.message, /^(Informe o pedido|Pedido inválido): order_id\.$/)
            }
          }
        ),
        { numRuns: 25 }
      )
    })

    it("GET /admin/frete/products-missing-dimensions?limit=&offset=: a 400 in Portuguese for anything but whole numbers in range", async () => {
      const numberText = fc.oneof(
        queryText,
        fc.constantFrom(
          "0",
          "1",
          "20",
          "100",
          "101",
          "-1",
          "2.5",
          "1e3",
          "1e400",
          "0x10",
          " 5",
          "007",
          "99999999999",
          "NaN"
        ),
        fc.nat({ max: 200 }).map(String)
      )
      await fc.assert(
        fc.asyncProperty(parameter("limit", numberText), parameter("offset", numberText), async (limit, offset) => {
          const query = [limit.query, offset.query].filter(Boolean).join("&")
          const answer = await asAdmin("get", `/admin/frete/products-missing-dimensions?${query}`)
          const parsed = ProductsMissingDimensionsQuery.safeParse({ limit: limit.value, offset: offset.value })
          if (parsed.success) {
            expect([query, answer.status]).toEqual([query, 200])
            expect(answer.data).toMatchObject({
              limit: parsed.data.limit,
              offset: parsed.data.offset,
              count: 0,
              products: [],
            })
          } else {
            expect([query, answer.status]).toEqual([query, 400])
            expectPortuguese(
              answer.data.message,
              /^Parâmetros inválidos: (limit|offset): use um número inteiro de \d+ a \d+$/
            )
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
})
