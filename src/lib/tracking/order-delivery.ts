import { isFreteProvider } from "../frete-provider"

// No personal data is read. Plain TypeScript: the storefront kit takes its types from here.

export type FreteDeliveryStatus = "preparing" | "shipped" | "tracking_sent" | "delivered"

export const DELIVERY_STATUS_LABELS: Record<FreteDeliveryStatus, string> = {
  preparing: "Em preparação",
  shipped: "Enviado",
  tracking_sent: "Rastreamento ativo",
  delivered: "Entregue",
}

/** `url`: null when none was entered, or it was not an http(s) address. */
export type FreteDeliveryTracking = { code: string; url: string | null }

/** A fulfillment of this plugin, or a shipping method not fulfilled yet. */
export interface FreteOrderDelivery {
  shipping_method_id: string | null
  fulfillment_id: string | null
  name: string
  service_name: string | null
  carrier: string | null
  /** "YYYY-MM-DD". */
  delivery_estimate: string | null
  tracking: FreteDeliveryTracking[]
  status: FreteDeliveryStatus
  status_label: string
  /** ISO 8601: when the order was placed, or its fulfillment created, shipped, accepted by the service, delivered. */
  status_at: string | null
}

export interface FreteOrderDeliveryAnswer {
  deliveries: FreteOrderDelivery[]
}

type When = Date | string | null | undefined
type Text = string | null | undefined
type Row = { id: string; created_at?: When; shipping_option_id?: Text; data?: Record<string, unknown> | null }

export type DeliveryMethodRow = Row & { name?: Text; shipping_option?: { provider_id?: Text } | null }

export type DeliveryFulfillmentRow = Row & { [K in "shipped_at" | "delivered_at" | "canceled_at"]?: When } & {
  provider_id?: Text
  labels?: Array<{ tracking_number?: Text; tracking_url?: Text } | null> | null
}

export interface DeliveryOrderRow {
  id: string
  created_at?: When
  shipping_methods?: Array<DeliveryMethodRow | null> | null
  fulfillments?: Array<DeliveryFulfillmentRow | null> | null
}

export type DeliveryTrackingRow = { fulfillment_id: string; status: string; delivered_at?: When }

const iso = (value: When): string | null =>
  value && !Number.isNaN(new Date(value).getTime()) ? new Date(value).toISOString() : null
const time = (value: When) => (iso(value) ? new Date(value as string).getTime() : Number.POSITIVE_INFINITY)
const byCreation = <T extends { id: string; created_at?: When }>(a: T, b: T) =>
  time(a.created_at) - time(b.created_at) || a.id.localeCompare(b.id)
const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null)
const calendarDate = (value: unknown): string | null =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null

// A storefront puts it in an `href` as it is.
function webAddress(value: unknown): string | null {
  const candidate = text(value)
  const url = candidate && URL.canParse(candidate) ? new URL(candidate) : null
  return url?.protocol === "https:" || url?.protocol === "http:" ? url.toString() : null
}

function statusOf(
  fulfillment: DeliveryFulfillmentRow,
  tracking: DeliveryTrackingRow | undefined
): Pick<FreteOrderDelivery, "status" | "status_at"> {
  if (iso(fulfillment.delivered_at)) return { status: "delivered", status_at: iso(fulfillment.delivered_at) }
  if (tracking?.status === "created")
    return { status: "tracking_sent", status_at: iso(tracking.delivered_at) ?? iso(fulfillment.shipped_at) }
  if (iso(fulfillment.shipped_at)) return { status: "shipped", status_at: iso(fulfillment.shipped_at) }
  return { status: "preparing", status_at: iso(fulfillment.created_at) }
}

// One per live fulfillment of this plugin, one `preparing` per method with none yet. A method is this plugin's when its
// option's provider is, or (its option deleted since) when a fulfillment of that option is.
export function presentOrderDelivery(
  order: DeliveryOrderRow,
  trackingRows: DeliveryTrackingRow[]
): FreteOrderDeliveryAnswer {
  const fulfillments = (order.fulfillments ?? [])
    .filter((row): row is DeliveryFulfillmentRow => !!row && isFreteProvider(row.provider_id) && !iso(row.canceled_at))
    .sort(byCreation)
  const methods = (order.shipping_methods ?? [])
    .filter((row): row is DeliveryMethodRow => !!row)
    .filter(
      (method) =>
        isFreteProvider(method.shipping_option?.provider_id) ||
        fulfillments.some((row) => row.shipping_option_id && row.shipping_option_id === method.shipping_option_id)
    )
    .sort(byCreation)
  const trackingByFulfillment = new Map(trackingRows.map((row) => [row.fulfillment_id, row]))
  const deliveryOf = (
    method: DeliveryMethodRow | null,
    fulfillment: DeliveryFulfillmentRow | null
  ): FreteOrderDelivery => {
    const data = method?.data ?? fulfillment?.data
    const facts = {
      service_name: text(data?.service_name),
      carrier: text(data?.carrier),
      delivery_estimate: calendarDate(data?.delivery_estimate),
    }
    const { status, status_at } = fulfillment
      ? statusOf(fulfillment, trackingByFulfillment.get(fulfillment.id))
      : { status: "preparing" as const, status_at: iso(order.created_at) }
    return {
      shipping_method_id: method?.id ?? null,
      fulfillment_id: fulfillment?.id ?? null,
      name: text(method?.name) ?? facts.service_name ?? "Entrega",
      ...facts,
      tracking: (fulfillment?.labels ?? []).flatMap((label) => {
        const code = text(label?.tracking_number)
        return code ? [{ code, url: webAddress(label?.tracking_url) }] : []
      }),
      status,
      status_label: DELIVERY_STATUS_LABELS[status],
      status_at,
    }
  }
  // Medusa copies onto a fulfillment the data of the order's first method with its shipping option.
  const shipped = fulfillments.map((fulfillment) =>
    deliveryOf(
      methods.find((method) => method.shipping_option_id === fulfillment.shipping_option_id) ?? null,
      fulfillment
    )
  )
  const fulfilled = new Set(shipped.map((delivery) => delivery.shipping_method_id))
  const waiting = methods.filter((method) => !fulfilled.has(method.id)).map((method) => deliveryOf(method, null))
  return { deliveries: [...shipped, ...waiting] }
}
