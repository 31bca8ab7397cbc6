import { defineMiddlewares, validateAndTransformBody, validateAndTransformQuery } from "@medusajs/framework/http"
import type { MedusaNextFunction, MedusaRequest, MedusaResponse } from "@medusajs/framework/http"
import { FRETE_SETTINGS_RESOURCE, FRETE_TRACKING_ORDER_RESOURCE } from "../shared/admin-policies"
import { inCheckoutRequest } from "../lib/checkout/checkout-request"
import { FRETE_MODULE } from "../lib/frete-provider"
import type FreteModuleService from "../modules/frete/service"
import { HandlingDaysBody } from "./admin/frete/products/[id]/handling-days/route"
import { SETTINGS_BODY } from "./admin/frete/settings/route"
import { SIMULATE_BODY } from "./admin/frete/simulate/route"
import { StatsQuery } from "./admin/frete/stats/route"
import { BULK_RESEND_BODY, TRACKING_ORDERS_QUERY } from "./admin/frete/tracking-orders/validators"
import { FREE_FREIGHT_QUERY } from "./store/frete/free-freight/route"
import { StoreFreteQuotesBody } from "./store/frete/quotes/route"
import { MISSING_DIMENSIONS_QUERY } from "./admin/frete/products-missing-dimensions/route"
import { naming, validated } from "./lib/validated"

export const NOT_JSON_MESSAGE =
  "Envie o corpo da requisição em JSON (Content-Type: application/json), mesmo quando vazio."

// JSON only, even empty: what another origin may post without a preflight (a form, `text/plain`) gets a 415, so a
// session cookie never carries it.
function requireJson(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (/^\s*application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    req.body ??= {}
    return next()
  }
  res.status(415).json({ type: "invalid_data", message: NOT_JSON_MESSAGE })
}

// Medusa's routes whose workflows call `calculatePrice`: the only ones of Medusa's the plugin hooks, to bound new
// freight queries per shopper as well as per cart.
const CHECKOUT_PRICING_ROUTES: Array<{ matcher: string; methods: Array<"POST" | "DELETE"> }> = [
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

type Route = ["GET" | "POST", string, string?, Parameters<typeof validateAndTransformQuery>[0]?]

// Medusa checks an entry's policies before each of its middlewares (from 2.21 only with its `rbac` flag), so the
// policies get an entry of their own: a GET reads the resource, a POST updates it. The settings with a long fallback
// table fit well within the body limit.
function entries([method, matcher, resource, validator]: Route) {
  const methods = [method]
  const validate =
    validator && (method === "GET" ? validateAndTransformQuery(validator, {}) : validateAndTransformBody(validator))
  const middlewares = [...(method === "POST" ? [requireJson] : []), ...(validate ? [validate] : [])]
  const body = method === "POST" ? { bodyParser: { sizeLimit: "100kb" } } : {}
  const policies = [{ resource, operation: method === "GET" ? "read" : "update" }]
  return [
    ...(resource ? [{ matcher, methods, policies }] : []),
    ...(middlewares.length ? [{ matcher, methods, ...body, middlewares }] : []),
  ]
}

const QUOTES_BODY = validated(StoreFreteQuotesBody, naming("Consulta de frete inválida", "corpo"))

const ROUTES: Route[] = [
  ["POST", "/store/frete/quotes", undefined, QUOTES_BODY],
  ["GET", "/store/frete/free-freight", undefined, FREE_FREIGHT_QUERY],
  ["GET", "/admin/frete/settings", FRETE_SETTINGS_RESOURCE],
  ["POST", "/admin/frete/settings", FRETE_SETTINGS_RESOURCE, SETTINGS_BODY],
  // The route reads its body: the admin shows each field's issue, which Medusa's error answer cannot carry.
  ["POST", "/admin/frete/test-connection", FRETE_SETTINGS_RESOURCE],
  ["GET", "/admin/frete/status", FRETE_SETTINGS_RESOURCE],
  ["POST", "/admin/frete/simulate", FRETE_SETTINGS_RESOURCE, SIMULATE_BODY],
  ["GET", "/admin/frete/stats", FRETE_SETTINGS_RESOURCE, validated(StatsQuery)],
  // It may ask the freight API, as the status does.
  ["GET", "/admin/frete/orders/:id/api-price", FRETE_SETTINGS_RESOURCE],
  ["GET", "/admin/frete/products-missing-dimensions", "product", MISSING_DIMENSIONS_QUERY],
  ["GET", "/admin/frete/products/:id/handling-days", "product"],
  ["POST", "/admin/frete/products/:id/handling-days", "product", validated(HandlingDaysBody)],
  ["GET", "/admin/frete/tracking-orders", FRETE_TRACKING_ORDER_RESOURCE, TRACKING_ORDERS_QUERY],
  ["GET", "/admin/frete/tracking-orders/:id/preview", FRETE_TRACKING_ORDER_RESOURCE],
  ["POST", "/admin/frete/tracking-orders/retry", FRETE_TRACKING_ORDER_RESOURCE, BULK_RESEND_BODY],
  // Its body is read once `:id` is known to be a row's: a wrong id answers first (400 or 404), whatever the body.
  ["POST", "/admin/frete/tracking-orders/:id/retry", FRETE_TRACKING_ORDER_RESOURCE],
]

export default defineMiddlewares({
  routes: [
    ...CHECKOUT_PRICING_ROUTES.map((pricing) => ({ ...pricing, middlewares: [withCheckoutRequest] })),
    ...ROUTES.flatMap(entries),
  ],
})
