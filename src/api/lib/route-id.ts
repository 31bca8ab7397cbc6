import type { MedusaRequest, MedusaResponse } from "@medusajs/framework/http"

// Medusa's ids are 31 characters (`prod_` and a ULID): room for a store's own ids, no megabyte of URL in a query.
export const MAX_ROUTE_ID_LENGTH = 100

export const ROUTE_IDS = {
  product: { prefix: "prod", message: "Id de produto inválido: use o id do produto (prod_…)." },
  trackingOrder: {
    prefix: "frtrk",
    message: "Id de pedido de rastreamento inválido: use o id do pedido de rastreamento (frtrk_…).",
  },
  order: { prefix: "order", message: "Id de pedido inválido: use o id do pedido (order_…)." },
} as const

export type RouteIdKind = keyof typeof ROUTE_IDS

// A NUL (which Postgres refuses) or another model's id is a 400, not a 500 or a vague 404.
export const isRouteId = (kind: RouteIdKind, id: unknown): id is string =>
  typeof id === "string" &&
  id.length <= MAX_ROUTE_ID_LENGTH &&
  new RegExp(`^${ROUTE_IDS[kind].prefix}_[\\w-]+$`).test(id)

// Called in the handler, so that authentication and RBAC answer first.
export function routeIdOrAnswer(req: MedusaRequest, res: MedusaResponse, kind: RouteIdKind): string | undefined {
  if (isRouteId(kind, req.params.id)) return req.params.id
  res.status(400).json({ type: "invalid_data", message: ROUTE_IDS[kind].message })
}
