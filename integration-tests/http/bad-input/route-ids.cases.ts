// Malformed ids on every admin route of the plugin with an `:id`: a NUL (which Postgres refuses in a
// query: a 500 once), an id longer than any, another model's id. Each is a 400 that says, in
// Portuguese, which id the route takes; an id of the right shape that no row has stays a 404.
import { ROUTE_IDS, type RouteIdKind } from "../../../src/api/lib/route-id"
import { expectPortuguese } from "./inputs"
import { badInputCases } from "./bad-input-runner"
import { PLUGIN_ROUTES, withId, type PluginRoute } from "./plugin-routes"

/** The model each `:id` names, by the segment before it. */
const KIND_BY_SEGMENT: Record<string, RouteIdKind> = {
  products: "product",
  "tracking-orders": "trackingOrder",
  orders: "order",
}
/** For each kind, an id a merchant's script may mistake for it: another model's. */
const OTHER_MODEL_ID: Record<RouteIdKind, string> = {
  product: "variant_01JZZZZZZZZZZZZZZZZZZZZZZZ",
  trackingOrder: "ful_01JZZZZZZZZZZZZZZZZZZZZZZZ",
  order: "cart_01JZZZZZZZZZZZZZZZZZZZZZZZ",
}
/** A valid body for each POST route, so that only the id can be what is refused. */
const BODY_BY_LAST_SEGMENT: Record<string, Record<string, unknown>> = { "handling-days": { handling_days: 2 } }

const ID_ROUTES = PLUGIN_ROUTES.filter((route) => route.template.includes("[id]"))
const kindOf = (route: PluginRoute): RouteIdKind | undefined =>
  KIND_BY_SEGMENT[route.template.match(/([^/]+)\/\[id\]/)?.[1] ?? ""]
const nameOf = (route: PluginRoute) => `${route.method} ${route.template}`

export const routeIdsCases = badInputCases(({ asAdmin, asShopper }) => {
  describe("admin routes with an :id", () => {
    const call = (route: PluginRoute, id: string) =>
      (route.template.startsWith("/store/") ? asShopper : asAdmin)(
        route.method === "POST" ? "post" : "get",
        withId(route, id),
        route.method === "POST" ? (BODY_BY_LAST_SEGMENT[route.template.split("/").pop() ?? ""] ?? {}) : undefined
      )

    it("finds the routes to check, and knows the model each :id names", () => {
      expect(ID_ROUTES.map(nameOf).sort()).toEqual(
        expect.arrayContaining([
          "GET /admin/frete/products/[id]/handling-days",
          "POST /admin/frete/products/[id]/handling-days",
          "GET /admin/frete/tracking-orders/[id]/preview",
          "POST /admin/frete/tracking-orders/[id]/retry",
        ])
      )
      expect(ID_ROUTES.map((route) => [nameOf(route), kindOf(route) !== undefined])).toEqual(
        ID_ROUTES.map((route) => [nameOf(route), true])
      )
    })

    it("a NUL, a too-long id and another model's id: 400 naming the id the route takes, in Portuguese; never a 500", async () => {
      const cases = ID_ROUTES.flatMap((route) => {
        const kind = kindOf(route) as RouteIdKind
        const prefix = ROUTE_IDS[kind].prefix
        return [
          { route, label: "%00", id: "%00" },
          { route, label: `${prefix}_ + 200 characters`, id: `${prefix}_${"A".repeat(200)}` },
          { route, label: `${prefix}_ with a NUL`, id: `${prefix}_01J%00` },
          { route, label: "another model's id", id: OTHER_MODEL_ID[kind] },
        ]
      })
      const answers = []
      for (const { route, label, id } of cases) {
        const answer = await call(route, id)
        answers.push({ route: nameOf(route), label, status: answer.status, message: answer.data.message })
      }
      expect(answers).toEqual(
        cases.map(({ route, label }) => ({
          route: nameOf(route),
          label,
          status: 400,
          message: ROUTE_IDS[kindOf(route) as RouteIdKind].message,
        }))
      )
      for (const kind of Object.keys(ROUTE_IDS) as RouteIdKind[]) {
        expectPortuguese(ROUTE_IDS[kind].message, /^Id de .+ inválido: use o id /)
      }
    })

    it("an id of the right shape that no row has: still a 404 in Portuguese", async () => {
      const answers = []
      for (const route of ID_ROUTES) {
        const answer = await call(route, `${ROUTE_IDS[kindOf(route) as RouteIdKind].prefix}_01JZZZZZZZZZZZZZZZZZZZZZZZ`)
        answers.push([nameOf(route), answer.status, answer.data.type])
      }
      expect(answers).toEqual(ID_ROUTES.map((route) => [nameOf(route), 404, "not_found"]))
    })
  })
})
