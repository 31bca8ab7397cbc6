import { apiErrorFromBody } from "./api-error"
import { BACKEND_URL, sdk } from "./sdk"
import type {
  BulkResendRequest,
  FailedTrackingOrdersAnswer,
  FreightStats,
  OrderApiPricesAnswer,
  ProductsMissingDimensionsAnswer,
  StatsRange,
  TestConnectionRequest,
  TrackingOrderAnswer,
  TrackingOrdersAnswer,
} from "../../lib/admin-contract"
import type {
  BulkResendResponse,
  SettingsPatch,
  SettingsResponse,
  StoreFulfillmentProvider,
  TestConnectionResponse,
  TrackingOrder,
} from "./types"

/** The URL of an admin route, resolved against the backend the way the js-sdk resolves it. */
function backendUrl(path: string): string {
  const base = BACKEND_URL === "/" ? window.location.origin : BACKEND_URL
  return `${base.replace(/\/$/, "")}${path}`
}

export function getSettings(): Promise<SettingsResponse> {
  return sdk.client.fetch<SettingsResponse>("/admin/frete/settings")
}

/**
 * POSTs a form's values. Sent without the js-sdk on purpose: its FetchError keeps only the message
 * of a 400, and the forms need the body's `issues` to show each one at its field.
 */
async function postForm<T>(path: string, body: object): Promise<T> {
  const response = await fetch(backendUrl(path), {
    method: "POST",
    credentials: "include",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(body),
  })
  const answer: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    throw apiErrorFromBody(response.status, response.statusText, answer)
  }
  return answer as T
}

export function saveSettings(patch: SettingsPatch): Promise<SettingsResponse> {
  return postForm<SettingsResponse>("/admin/frete/settings", patch)
}

export function testConnection(request: TestConnectionRequest): Promise<TestConnectionResponse> {
  return postForm<TestConnectionResponse>("/admin/frete/test-connection", request)
}

export function listProductsMissingDimensions(page: {
  limit: number
  offset: number
}): Promise<ProductsMissingDimensionsAnswer> {
  return sdk.client.fetch<ProductsMissingDimensionsAnswer>("/admin/frete/products-missing-dimensions", {
    query: page,
  })
}

export function listTrackingOrders(orderId: string): Promise<TrackingOrdersAnswer<TrackingOrder>> {
  return sdk.client.fetch<TrackingOrdersAnswer<TrackingOrder>>("/admin/frete/tracking-orders", {
    query: { order_id: orderId },
  })
}

/** `resend_maybe_created`: the merchant, told the service may already have this one, confirmed it. */
export function retryTrackingOrder(order: Pick<TrackingOrder, "id" | "maybe_created">) {
  const path = `/admin/frete/tracking-orders/${encodeURIComponent(order.id)}/retry`
  return sdk.client.fetch<TrackingOrderAnswer<TrackingOrder>>(path, {
    method: "POST",
    body: { resend_maybe_created: order.maybe_created },
  })
}

/** The store's failed tracking orders, the latest failure first. */
export function listFailedTrackingOrders(page: {
  limit: number
  offset: number
}): Promise<FailedTrackingOrdersAnswer<TrackingOrder>> {
  return sdk.client.fetch<FailedTrackingOrdersAnswer<TrackingOrder>>("/admin/frete/tracking-orders", {
    query: { status: "failed", ...page },
  })
}

/** "Reenviar" for many rows: the ones chosen, or every one failed since `failed_since`. */
export function resendTrackingOrders(request: BulkResendRequest): Promise<BulkResendResponse> {
  return postForm<BulkResendResponse>("/admin/frete/tracking-orders/retry", request)
}

/** The store's fulfillment providers (Medusa's own admin route). */
export async function listFulfillmentProviders(): Promise<StoreFulfillmentProvider[]> {
  const { fulfillment_providers } = await sdk.client.fetch<{ fulfillment_providers: StoreFulfillmentProvider[] }>(
    "/admin/fulfillment-providers",
    { query: { limit: 100 } }
  )
  return fulfillment_providers
}

/** A product or a shipping profile as a rule's scope names it. */
export type NamedRecord = { id: string; name: string }

/** The store's shipping profiles (Medusa's own admin route). */
export async function listShippingProfiles(): Promise<NamedRecord[]> {
  const { shipping_profiles } = await sdk.admin.shippingProfile.list({ limit: 100, fields: "id,name" })
  return shipping_profiles.map((profile) => ({ id: profile.id, name: profile.name }))
}

/** The store's products matching the text (Medusa's own search), or of these ids. */
export async function listProducts(query: { q: string } | { id: string[] }): Promise<NamedRecord[]> {
  const limit = "id" in query ? query.id.length : 10
  const { products } = await sdk.admin.product.list({ ...query, limit, fields: "id,title" })
  return products.map((product) => ({ id: product.id, name: product.title }))
}

/** What the freight service did for the store over the range, summed over every instance. */
export function getFreightStats(range: StatsRange): Promise<FreightStats> {
  return sdk.client.fetch<FreightStats>("/admin/frete/stats", { query: { range } })
}

/** What the freight API charges now for each of the order's table-priced shipping methods; null while it does not answer. */
export function getOrderApiPrices(orderId: string): Promise<OrderApiPricesAnswer> {
  return sdk.client.fetch<OrderApiPricesAnswer>(`/admin/frete/orders/${orderId}/api-price`)
}
