import {
  defineMiddlewares,
  validateAndTransformBody,
  validateAndTransformQuery,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { ADMIN_POLICIES } from "../shared/admin-policies"
import { inCheckoutRequest } from "../lib/checkout/checkout-request"
import { FRETE_MODULE } from "../lib/frete-provider"
import type FreteModuleService from "../modules/frete/service"
import { HandlingDaysBody } from "./admin/frete/products/[id]/handling-days/route"
import { SETTINGS_BODY } from "./admin/frete/settings/route"
import { StatsQuery } from "./admin/frete/stats/route"
import { BULK_RESEND_BODY, TRACKING_ORDERS_QUERY } from "./admin/frete/tracking-orders/validators"
import { FREE_FREIGHT_QUERY } from "./store/frete/free-freight/route"
import { StoreFreteQuotesBody } from "./store/frete/quotes/route"
import { MISSING_DIMENSIONS_QUERY } from "./admin/frete/products-missing-dimensions/route"
import { naming, validated } from "./lib/validated"

// Medusa's body parser applies it: the settings with a long fallback table fit well within it.
export const JSON_BODY_LIMIT = "100kb"

export const NOT_JSON_MESSAGE =
  "Envie o corpo da requisição em JSON (Content-Type: application/json), mesmo quando vazio."

// JSON only, even empty: what another origin may post without a preflight (a form, `text/plain`) gets a 415, so a
// session cookie never carries it.
export function requireJson(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (!/^\s*application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    res.status(415).json({ type: "invalid_data", message: NOT_JSON_MESSAGE })
    return
  }
  req.body ??= {}
  next()
}

/**
 * Medusa's store routes whose workflows call the provider's `calculatePrice`: the only routes of Medusa's the plugin
 * hooks, so that checkout's new freight queries are bounded per shopper as well as per cart. Nothing else of the
 * request is touched.
 */
export const CHECKOUT_PRICING_ROUTES: Array<{ matcher: string; methods: Array<"POST" | "DELETE"> }> = [
  { matcher: "/store/shipping-options/:id/calculate", methods: ["POST"] },
  { matcher: "/store/carts/:id", methods: ["POST"] },
  { matcher: "/store/carts/:id/line-items", methods: ["POST"] },
  { matcher: "/store/carts/:id/line-items/:line_id", methods: ["POST", "DELETE"] },
  { matcher: "/store/carts/:id/shipping-methods", methods: ["POST"] },
  { matcher: "/store/carts/:id/customer", methods: ["POST"] },
]

function withCheckoutRequest(req: MedusaRequest, _res: MedusaResponse, next: MedusaNextFunction): void {
  // Never in the way of Medusa's route: without the plugin's module, the provider says what is missing.
  req.scope.resolve<FreteModuleService | undefined>(FRETE_MODULE, { allowUnregistered: true })?.warmCheckoutGuard(req)
  inCheckoutRequest(req, () => next())
}

type Method = "GET" | "POST"
type Policy = { resource: string; operation: "read" | "update" }
type Validator = Parameters<typeof validateAndTransformQuery>[0]

/**
 * A route of the plugin, its policies apart: Medusa checks an entry's policies before each of its middlewares, from
 * 2.21 only with its `rbac` flag, but before that always (then no admin passes): an entry with policies has no
 * middleware. A POST takes JSON only.
 */
function route(method: Method, matcher: string, policy?: Policy, validator?: Validator) {
  const methods = [method]
  const validate =
    validator && (method === "GET" ? validateAndTransformQuery(validator, {}) : validateAndTransformBody(validator))
  const json =
    method === "POST" ? { bodyParser: { sizeLimit: JSON_BODY_LIMIT }, middlewares: [requireJson] } : undefined
  const middlewares = [...(json?.middlewares ?? []), ...(validate ? [validate] : [])]
  return [
    ...(policy ? [{ matcher, methods, policies: [policy] }] : []),
    ...(middlewares.length ? [{ matcher, methods, ...json, middlewares }] : []),
  ]
}

const { readSettings, updateSettings, readProducts, readTrackingOrders, updateTrackingOrders } = ADMIN_POLICIES

export default defineMiddlewares({
  routes: [
    ...CHECKOUT_PRICING_ROUTES.map((pricing) => ({ ...pricing, middlewares: [withCheckoutRequest] })),
    ...route(
      "POST",
      "/store/frete/quotes",
      undefined,
      validated(StoreFreteQuotesBody, naming("Consulta de frete inválida", "corpo"))
    ),
    ...route("GET", "/store/frete/free-freight", undefined, FREE_FREIGHT_QUERY),
    ...route("GET", "/admin/frete/settings", readSettings),
    ...route("POST", "/admin/frete/settings", updateSettings, SETTINGS_BODY),
    // Its body is read by the route: the admin shows each field's issue (`issues`), which Medusa's error answer cannot
    // carry.
    ...route("POST", "/admin/frete/test-connection", updateSettings),
    ...route("GET", "/admin/frete/status", readSettings),
    ...route("GET", "/admin/frete/stats", readSettings, validated(StatsQuery)),
    // It may ask the freight API, as the status does.
    ...route("GET", "/admin/frete/orders/:id/api-price", readSettings),
    ...route("GET", "/admin/frete/products-missing-dimensions", readProducts, MISSING_DIMENSIONS_QUERY),
    ...route("GET", "/admin/frete/products/:id/handling-days", readProducts),
    ...route(
      "POST",
      "/admin/frete/products/:id/handling-days",
      { resource: "product", operation: "update" },
      validated(HandlingDaysBody)
    ),
    ...route("GET", "/admin/frete/tracking-orders", readTrackingOrders, TRACKING_ORDERS_QUERY),
    ...route("GET", "/admin/frete/tracking-orders/:id/preview", readTrackingOrders),
    ...route("POST", "/admin/frete/tracking-orders/retry", updateTrackingOrders, BULK_RESEND_BODY),
    // Its body is read once `:id` is known to be a row's: a wrong id answers first (400 or 404), whatever the body.
    ...route("POST", "/admin/frete/tracking-orders/:id/retry", updateTrackingOrders),
  ],
})
