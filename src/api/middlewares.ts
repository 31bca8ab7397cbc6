import {
  defineMiddlewares,
  type MedusaNextFunction,
  type MedusaRequest,
  type MedusaResponse,
} from "@medusajs/framework/http"
import { ADMIN_POLICIES } from "../shared/admin-policies"
import { inCheckoutRequest } from "../lib/checkout/checkout-request"
import { FRETE_MODULE } from "../lib/frete-provider"
import type FreteModuleService from "../modules/frete/service"

// Medusa's body parser applies it: the settings with a long fallback table fit well within it.
export const JSON_BODY_LIMIT = "100kb"

export const NOT_JSON_MESSAGE =
  "Envie o corpo da requisição em JSON (Content-Type: application/json), mesmo quando vazio."

// JSON only, even empty: what another origin may post without a preflight (a form, `text/plain`) gets a 415, so a session cookie never carries it.
export function requireJson(req: MedusaRequest, res: MedusaResponse, next: MedusaNextFunction): void {
  if (!/^\s*application\/json\s*(;|$)/i.test(req.headers["content-type"] ?? "")) {
    res.status(415).json({ type: "invalid_data", message: NOT_JSON_MESSAGE })
    return
  }
  req.body ??= {}
  next()
}

/**
 * Medusa's store routes whose workflows can price a cart's freight (they call the provider's
 * `calculatePrice`): the only routes of Medusa's the plugin hooks, so that checkout's new freight
 * queries are bounded per shopper as well as per cart. Nothing else of the request is touched.
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

const POST_ROUTES = [
  "/admin/frete/settings",
  "/admin/frete/test-connection",
  "/admin/frete/tracking-orders/:id/retry",
  "/admin/frete/tracking-orders/retry",
  "/admin/frete/products/:id/handling-days",
  "/store/frete/quotes",
]

export default defineMiddlewares({
  routes: [
    ...CHECKOUT_PRICING_ROUTES.map((route) => ({ ...route, middlewares: [withCheckoutRequest] })),
    ...POST_ROUTES.map((matcher) => ({
      matcher,
      methods: ["POST" as const],
      bodyParser: { sizeLimit: JSON_BODY_LIMIT },
      middlewares: [requireJson],
    })),
    // RBAC (only with Medusa's `rbac` feature flag): the tracking-orders matchers take in every route under them, the bulk retry included.
    { matcher: "/admin/frete/settings", methods: ["GET" as const], policies: [ADMIN_POLICIES.readSettings] },
    { matcher: "/admin/frete/settings", methods: ["POST" as const], policies: [ADMIN_POLICIES.updateSettings] },
    { matcher: "/admin/frete/test-connection", methods: ["POST" as const], policies: [ADMIN_POLICIES.updateSettings] },
    { matcher: "/admin/frete/status", methods: ["GET" as const], policies: [ADMIN_POLICIES.readSettings] },
    { matcher: "/admin/frete/stats", methods: ["GET" as const], policies: [ADMIN_POLICIES.readSettings] },
    // It may ask the freight API, as the status does.
    {
      matcher: "/admin/frete/orders/:id/api-price",
      methods: ["GET" as const],
      policies: [ADMIN_POLICIES.readSettings],
    },
    {
      matcher: "/admin/frete/products-missing-dimensions",
      methods: ["GET" as const],
      policies: [ADMIN_POLICIES.readProducts],
    },
    {
      matcher: "/admin/frete/products/:id/handling-days",
      methods: ["GET" as const],
      policies: [ADMIN_POLICIES.readProducts],
    },
    {
      matcher: "/admin/frete/products/:id/handling-days",
      methods: ["POST" as const],
      policies: [{ resource: "product", operation: "update" as const }],
    },
    {
      matcher: "/admin/frete/tracking-orders*",
      methods: ["GET" as const],
      policies: [ADMIN_POLICIES.readTrackingOrders],
    },
    {
      matcher: "/admin/frete/tracking-orders*",
      methods: ["POST" as const],
      policies: [ADMIN_POLICIES.updateTrackingOrders],
    },
  ],
})
