import { readFreteFacts } from "./client"
import { errorFromAnswer, FreteError } from "./errors"
import { formatCarrierLine, formatDeliveryDate } from "./format"
import {
  DELIVERY_STATUS_LABELS,
  type FreteDeliveryStatus,
  type FreteOrderDelivery,
  type FreteOrderDeliveryAnswer,
} from "../src/lib/tracking/order-delivery"

/** `@medusajs/js-sdk`'s instance, or anything with its `client.fetch` that takes headers. */
export interface MedusaSdkGetLike {
  client: { fetch<T>(path: string, init?: { method?: string; headers?: Record<string, string> }): Promise<T> }
}

/** Where the store is: the SDK, the backend's URL with its publishable key, or the URL alone (the key then in `headers`). */
export type OrderDeliverySource =
  string | { sdk: MedusaSdkGetLike } | { baseUrl?: string; publishableKey?: string; fetch?: typeof fetch }

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/**
 * How each of the order's shipments of this plugin is coming: `GET /store/frete/orders/:id/delivery`.
 * For a server component (the order confirmation, the customer's order page); `headers` are added
 * to the request (a customer's authorization, the shopper's address). Empty when no shipping
 * method of the order is this plugin's; a FreteError (status 404, "Pedido não encontrado.") for an
 * order the store does not have.
 */
export async function fetchOrderDelivery(
  source: OrderDeliverySource,
  orderId: string,
  headers: Record<string, string> = {}
): Promise<FreteOrderDelivery[]> {
  const path = `/store/frete/orders/${encodeURIComponent(orderId)}/delivery`
  let answer: Partial<FreteOrderDeliveryAnswer> | null
  if (isObject(source) && "sdk" in source) {
    try {
      answer = await source.sdk.client.fetch<Partial<FreteOrderDeliveryAnswer>>(path, { method: "GET", headers })
    } catch (error) {
      const status = isObject(error) && typeof error.status === "number" ? error.status : null
      if (status === null) throw new FreteError("network")
      throw errorFromAnswer(status, { message: error instanceof Error ? error.message : undefined })
    }
  } else {
    const options = typeof source === "string" ? { baseUrl: source } : source
    const send = options.fetch ?? globalThis.fetch
    const key: Record<string, string> = options.publishableKey
      ? { "x-publishable-api-key": options.publishableKey }
      : {}
    let response: Response
    try {
      response = await send(`${(options.baseUrl ?? "").replace(/\/+$/, "")}${path}`, {
        method: "GET",
        headers: { accept: "application/json", ...key, ...headers },
      })
    } catch {
      throw new FreteError("network")
    }
    const data: unknown = await response.json().catch(() => null)
    if (!response.ok) throw errorFromAnswer(response.status, data)
    answer = data as Partial<FreteOrderDeliveryAnswer> | null
  }
  return Array.isArray(answer?.deliveries) ? answer.deliveries : []
}

/** A shipment's lines as a shopper reads them, in pt-BR. */
export interface DeliveryDescription {
  /** The shipping method's name: "SEDEX", "Frete econômico". */
  name: string
  /** "Correios", "Jadlog": the carrier, as every screen of the kit names it. */
  carrier: string | null
  /** "Chega até qui., 3 de dez."; null once delivered, or with no promised date. */
  date: string | null
  status: FreteDeliveryStatus
  /** "Em preparação", "Enviado em 25/11/2026", "Rastreamento ativo desde 26/11/2026", "Entregue em 27/11/2026". */
  statusText: string
  tracking: Array<{ text: string; code: string; url: string | null }>
}

// In Brazil's time: a shipment marked at 22:00 in São Paulo was shipped that day, whatever the server's zone.
const dayMonthYear = new Intl.DateTimeFormat("pt-BR", {
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  timeZone: "America/Sao_Paulo",
})
/** The word before a status's date: "Enviado em …", "Rastreamento ativo desde …". */
const SINCE: Record<FreteDeliveryStatus, string> = {
  preparing: "",
  shipped: " em ",
  tracking_sent: " desde ",
  delivered: " em ",
}

/** "Enviado em 25/11/2026"; the label alone with no date (or while preparing). */
export function formatDeliveryStatus(status: FreteDeliveryStatus, at: string | null): string {
  const label = DELIVERY_STATUS_LABELS[status] ?? DELIVERY_STATUS_LABELS.preparing
  const since = SINCE[status] ?? ""
  const date = at ? new Date(at) : null
  return since && date && !Number.isNaN(date.getTime()) ? `${label}${since}${dayMonthYear.format(date)}` : label
}

/** Everything the order page shows of one shipment. */
export function describeDelivery(delivery: FreteOrderDelivery): DeliveryDescription {
  return {
    name: delivery.name,
    carrier: formatCarrierLine(delivery),
    date: delivery.status === "delivered" ? null : formatDeliveryDate(delivery.delivery_estimate),
    status: delivery.status,
    statusText: formatDeliveryStatus(delivery.status, delivery.status_at),
    tracking: delivery.tracking.map(({ code, url }) => ({ text: `Código de rastreio: ${code}`, code, url })),
  }
}

/**
 * A chosen shipping method's carrier and promised date, from the facts the plugin stored in its
 * `data` (a cart's or an order's `shipping_methods[]`), for the review step and the confirmation:
 * null for another provider's method.
 */
export function describeShippingMethod(
  method: { name?: string | null; data?: unknown } | null | undefined
): { carrier: string | null; date: string | null } | null {
  const facts = readFreteFacts({ frete: method?.data })
  if (!facts) return null
  return { carrier: formatCarrierLine(facts), date: formatDeliveryDate(facts.delivery_estimate) }
}
