import { defineMiddlewares } from "@medusajs/framework/http"
import { readJsonBody } from "./lib/json-body"
import { markArrival } from "./lib/mark-arrival"

/** Every route of the plugin that reads a body. */
const POST_ROUTES = ["/admin/frete/settings", "/admin/frete/test-connection", "/admin/frete/tracking-orders/:id/retry", "/store/frete/quotes"]

export default defineMiddlewares({
  routes: [
    ...POST_ROUTES.map((matcher) => ({
      matcher,
      methods: ["POST" as const],
      bodyParser: false as const,
      middlewares: [readJsonBody],
    })),
    // Routes that may price freight (Medusa's cart and shipping routes, and the plugin's quote
    // route): a quote's deadline runs from the request's arrival.
    { matcher: "/store/*", middlewares: [markArrival] },
    { matcher: "/admin/*", middlewares: [markArrival] },
  ],
})
