import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

/**
 * The longest id a route's `:id` takes. Medusa's ids are a prefix and a 26-character ULID
 * (`prod_01J…`, 31 characters); this leaves room for ids a store's own scripts gave, and keeps a
 * megabyte of URL out of the database.
 */
export const MAX_ROUTE_ID_LENGTH = 100

/** What each `:id` of the plugin's routes names: the prefix of its model's ids, and how the merchant or shopper calls it. */
export const ROUTE_IDS = {
  product: { prefix: "prod", message: "Id de produto inválido: use o id do produto (prod_…)." },
  trackingOrder: { prefix: "frtrk", message: "Id de pedido de rastreamento inválido: use o id do pedido de rastreamento (frtrk_…)." },
  order: { prefix: "order", message: "Id de pedido inválido: use o id do pedido (order_…)." },
} as const

export type RouteIdKind = keyof typeof ROUTE_IDS

/**
 * Whether `id` can be an id of that kind: its model's prefix, then letters, digits, `_` or `-`.
 * Anything else (a NUL, which Postgres refuses in a query; another model's id; a huge text) is
 * refused before any lookup, so it is a 400 that says so rather than a 500 or a vague 404.
 */
export function isRouteId(kind: RouteIdKind, id: unknown): id is string {
  return typeof id === "string" && id.length <= MAX_ROUTE_ID_LENGTH && new RegExp(`^${ROUTE_IDS[kind].prefix}_[A-Za-z0-9_-]+$`).test(id)
}

/**
 * The route's `:id` when it can be an id of that kind; else undefined, once a 400 in Portuguese is
 * answered. Called by the route handlers, so that authentication and the RBAC policies (Medusa's
 * middlewares) answer first.
 */
export function routeIdOrAnswer(req: MedusaRequest, res: MedusaResponse, kind: RouteIdKind): string | undefined {
  const id = req.params.id
  if (isRouteId(kind, id)) {
    return id
  }
  res.status(400).json({ type: "invalid_data", message: ROUTE_IDS[kind].message })
  return undefined
}
