import { defineMiddlewares } from "@medusajs/framework/http"
import { readJsonBody } from "./lib/json-body"
import { markArrival, markShopperArrival } from "./lib/mark-arrival"
import { ADMIN_POLICIES } from "../shared/admin-policies"
import { enterMedusaScope } from "../bridge/medusa-bridge"

/** Every route of the plugin that reads a body. */
const POST_ROUTES = ["/admin/frete/settings", "/admin/frete/test-connection", "/admin/frete/tracking-orders/:id/retry", "/admin/frete/tracking-orders/retry", "/admin/frete/products/:id/handling-days", "/store/frete/quotes"]

export default defineMiddlewares({
  routes: [
    ...POST_ROUTES.map((matcher) => ({
      matcher,
      methods: ["POST" as const],
      bodyParser: false as const,
      middlewares: [readJsonBody],
    })),
    // RBAC (checked only where Medusa's `rbac` feature flag is on): every admin route of the plugin
    // asks for a policy, as Medusa's own routes do. The tracking-orders matchers take in every
    // route under them, the bulk retry included.
    { matcher: "/admin/frete/settings", methods: ["GET" as const], policies: [ADMIN_POLICIES.readSettings] },
    { matcher: "/admin/frete/settings", methods: ["POST" as const], policies: [ADMIN_POLICIES.updateSettings] },
    { matcher: "/admin/frete/test-connection", methods: ["POST" as const], policies: [ADMIN_POLICIES.updateSettings] },
    { matcher: "/admin/frete/status", methods: ["GET" as const], policies: [ADMIN_POLICIES.readSettings] },
    { matcher: "/admin/frete/products-missing-dimensions", methods: ["GET" as const], policies: [ADMIN_POLICIES.readProducts] },
    { matcher: "/admin/frete/products/:id/handling-days", methods: ["GET" as const], policies: [ADMIN_POLICIES.readProducts] },
    { matcher: "/admin/frete/products/:id/handling-days", methods: ["POST" as const], policies: [{ resource: "product", operation: "update" as const }] },
    { matcher: "/admin/frete/tracking-orders*", methods: ["GET" as const], policies: [ADMIN_POLICIES.readTrackingOrders] },
    { matcher: "/admin/frete/tracking-orders*", methods: ["POST" as const], policies: [ADMIN_POLICIES.updateTrackingOrders] },
    // Routes that may price freight (Medusa's cart and shipping routes, and the plugin's quote
    // route): a quote's deadline runs from the request's arrival; a store request's new freight
    // queries go through the quota guard.
    // The request's own container for the provider (bridge/medusa-bridge.ts).
    { matcher: "/store/*", middlewares: [enterMedusaScope, markShopperArrival] },
    { matcher: "/admin/*", middlewares: [enterMedusaScope, markArrival] },
  ],
})
