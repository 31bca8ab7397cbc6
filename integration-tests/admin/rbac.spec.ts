// With Medusa's role-based access on (the `rbac` feature flag), every admin route of the plugin
// asks for a policy of the plugin's resources (`frete_settings`, `frete_tracking_order`) or of
// Medusa's (`product`), as Medusa's own routes do: a role without it gets 403 and nothing is
// written; a role given the policies in Settings → Roles, and the super admin, get through.
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"
import { featureFlagsLoader } from "@medusajs/framework/feature-flags"
import type { AxiosResponse } from "axios"
import type { AdminHeaders } from "../helpers/admin-auth"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"
import { createRole, createUserWithRoles, plainly, SUPER_ADMIN_ROLE } from "../helpers/rbac-users"

jest.setTimeout(240_000)

type Method = "GET" | "POST" | "DELETE"
type AdminRoute = { method: Method; path: string }

const ADMIN_API = path.join(__dirname, "../../src/api/admin/frete")

/**
 * Every admin route of the plugin, read from its route files, so a route added later is held to
 * the same rule without this list being edited. `[id]` becomes an id no row has.
 */
function pluginAdminRoutes(dir = ADMIN_API): AdminRoute[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return pluginAdminRoutes(full)
    if (entry.name !== "route.ts") return []
    const urlPath = `/admin/frete/${path.relative(ADMIN_API, dir)}`.replace(/\[[^\]]+\]/g, "ftrk_01NOSUCHROW")
    const methods = [...readFileSync(full, "utf8").matchAll(/export (?:async )?function (GET|POST|DELETE)\b/g)].map(
      (match) => match[1] as Method
    )
    return methods.map((method) => ({ method, path: urlPath }))
  })
}

const ROUTES = pluginAdminRoutes()
const READ_KEYS = ["frete_settings:read", "frete_tracking_order:read", "product:read"]
const ALL_KEYS = [...READ_KEYS, "frete_settings:update", "frete_tracking_order:update", "product:update"]

// Medusa 2.21.2 fixes its module list (the RBAC module included or not) when medusa-config is
// loaded, and the test runner loads it before Medusa's own flags are read: Medusa's loader reads
// them first here, as the flag of a store's environment (MEDUSA_FF_RBAC) must be known by then.
process.env.MEDUSA_FF_RBAC = "true"
beforeAll(() => featureFlagsLoader(path.join(path.dirname(require.resolve("@medusajs/medusa/loaders/index")), "..")))

freteIntegrationTestRunner({
  env: { MEDUSA_FF_RBAC: "true" },
  testSuite: ({ api, getContainer, sandbox }) => {
    let superAdmin: AdminHeaders

    beforeAll(async () => {
      superAdmin = await createUserWithRoles(api, getContainer(), "dona@loja-teste.com.br", [SUPER_ADMIN_ROLE])
    })

    const call = (route: AdminRoute, as: AdminHeaders): Promise<AxiosResponse> =>
      api
        .request({
          method: route.method,
          url: route.path,
          data: route.method === "POST" ? {} : undefined,
          params: { order_id: "order_01NOSUCHORDER" },
          ...as,
        })
        .catch((error: { response: AxiosResponse }) => error.response)
    const userWith = async (email: string, keys: string[]) =>
      createUserWithRoles(api, getContainer(), email, [await createRole(api, superAdmin, `Papel ${email}`, keys)])
    const maxOptions = async () =>
      (await plainly(api.get("/admin/frete/settings", superAdmin))).data.settings.max_options

    it("finds the plugin's admin routes to check", () => {
      expect(ROUTES).toEqual(
        expect.arrayContaining([
          { method: "GET", path: "/admin/frete/settings" },
          { method: "POST", path: "/admin/frete/settings" },
          { method: "POST", path: "/admin/frete/test-connection" },
          { method: "POST", path: "/admin/frete/simulate" },
          { method: "GET", path: "/admin/frete/status" },
          { method: "GET", path: "/admin/frete/stats" },
          { method: "GET", path: "/admin/frete/products-missing-dimensions" },
          { method: "GET", path: "/admin/frete/tracking-orders" },
          { method: "GET", path: "/admin/frete/tracking-orders/ftrk_01NOSUCHROW/preview" },
          { method: "POST", path: "/admin/frete/tracking-orders/ftrk_01NOSUCHROW/retry" },
        ])
      )
    })

    it("refuses every plugin admin route to a role without the plugin's policies, and writes nothing", async () => {
      const outsider = await userWith("pedidos@loja-teste.com.br", ["order:read"])
      // The role works where it has a policy: what is refused below is the plugin's policy.
      expect((await plainly(api.get("/admin/orders", outsider))).status).toBe(200)

      for (const route of ROUTES) {
        const answer = await call(route, outsider)
        expect({ ...route, status: answer.status }).toEqual({ ...route, status: 403 })
        expect(answer.data.message).toMatch(/Insufficient permissions/)
      }
      const settings = await api
        .post("/admin/frete/settings", { max_options: 7 }, outsider)
        .catch((error: { response: AxiosResponse }) => error.response)
      expect(settings.status).toBe(403)
      expect(await maxOptions()).toBeNull()
      expect(sandbox().calls()).toEqual([])
    })

    it("lets a read-only role read, and refuses it every change", async () => {
      const reader = await userWith("leitura@loja-teste.com.br", READ_KEYS)
      for (const route of ROUTES) {
        const status = (await call(route, reader)).status
        if (route.method === "GET") {
          expect({ ...route, status: [401, 403].includes(status) ? status : "allowed" }).toEqual({
            ...route,
            status: "allowed",
          })
        } else {
          expect({ ...route, status }).toEqual({ ...route, status: 403 })
        }
      }
      expect((await plainly(api.get("/admin/frete/settings", reader))).data.settings.max_options).toBeNull()
      // The status it may read calls the services; what follows must call none.
      sandbox().clearCalls()
      const saved = await api
        .post("/admin/frete/settings", { max_options: 7 }, reader)
        .catch((error: { response: AxiosResponse }) => error.response)
      expect(saved.status).toBe(403)
      expect(await maxOptions()).toBeNull()
      const tested = await call({ method: "POST", path: "/admin/frete/test-connection" }, reader)
      expect(tested.status).toBe(403)
      expect(sandbox().calls()).toEqual([])
    })

    it("lets a role with the plugin's policies, and the super admin, use every route", async () => {
      const manager = await userWith("frete@loja-teste.com.br", ALL_KEYS)
      for (const as of [manager, superAdmin]) {
        for (const route of ROUTES) {
          const status = (await call(route, as)).status
          expect({ ...route, status: [401, 403].includes(status) ? status : "allowed" }).toEqual({
            ...route,
            status: "allowed",
          })
        }
      }
      expect(
        (
          await plainly(
            api.get("/admin/frete/tracking-orders", { ...manager, params: { order_id: "order_01NOSUCHORDER" } })
          )
        ).status
      ).toBe(200)
      expect(
        (await call({ method: "POST", path: "/admin/frete/tracking-orders/frtrk_01NOSUCHROW/retry" }, manager)).status
      ).toBe(404)
      const saved = await plainly(api.post("/admin/frete/settings", { max_options: 3 }, manager))
      expect(saved.status).toBe(200)
      expect(await maxOptions()).toBe(3)
      const tested = await plainly(
        api.post("/admin/frete/test-connection", { origin_cep: "01310-100", destination_cep: "20040-002" }, manager)
      )
      expect(tested.status).toBe(200)
      expect(sandbox().calls({ service: "freight" }).length).toBeGreaterThan(0)
    })
  },
})
