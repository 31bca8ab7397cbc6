// The plugin's HTTP routes, read from its route files, so that a route added later is held to the
// bad-input specs' rules without a list being edited here.
import { readdirSync, readFileSync } from "node:fs"
import path from "node:path"

export type RouteMethod = "GET" | "POST" | "DELETE"

/** A route as its file declares it: `template` keeps the `[id]` segments (`/admin/frete/products/[id]/handling-days`). */
export interface PluginRoute {
  method: RouteMethod
  template: string
}

const API = path.join(__dirname, "../../../src/api")

function routesUnder(dir: string): PluginRoute[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : routesUnder(full)
    if (entry.name !== "route.ts") return []
    const template = `/${path.relative(API, dir).split(path.sep).join("/")}`
    const methods = [...readFileSync(full, "utf8").matchAll(/export (?:async )?function (GET|POST|DELETE)\b/g)].map(
      (match) => match[1] as RouteMethod
    )
    return methods.map((method) => ({ method, template }))
  })
}

/** Every route of the plugin, admin and store. */
export const PLUGIN_ROUTES: PluginRoute[] = routesUnder(API)

/** The route's URL with each `[id]` segment replaced by `id`. */
export const withId = (route: PluginRoute, id: string) => route.template.replace(/\[[^\]]+\]/g, id)
