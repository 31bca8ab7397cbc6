import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import type { FreteOptions } from "../../../medusa-plugin.config"
import { usableLengthCm, usableWeightKg } from "../../lib/checkout/build-freight-query"
import type { ShipmentFacts } from "../../lib/tracking/shipment-facts"
import { numberOf } from "../../lib/utils/number-of"
import type { Query } from "../../shared/query"
import { outboundMethodOf } from "./order-flow-method"

type Record_ = Record<string, unknown>
type Measures = { weight?: unknown; length?: unknown; width?: unknown; height?: unknown }

/** The fields read below, as query.graph returns them. */
interface FulfillmentRow {
  id: string
  provider_id?: string | null
  shipped_at?: string | Date | null
  metadata?: unknown
  data?: unknown
  location_id?: string | null
  shipping_option_id?: string | null
  labels?: Array<{ tracking_number?: string | null }> | null
  items?: Array<{ quantity?: unknown; line_item_id?: string | null; title?: string | null }> | null
  order?: { id: string } | null
}

interface AddressRow {
  first_name?: string | null
  last_name?: string | null
  phone?: string | null
  address_1?: string | null
  address_2?: string | null
  city?: string | null
  province?: string | null
  postal_code?: string | null
  country_code?: string | null
  metadata?: unknown
}

interface OrderRow {
  id: string
  display_id: number
  email?: string | null
  total?: unknown
  metadata?: unknown
  items?: Array<{ id: string; created_at?: string | Date | null; title?: string | null; product_title?: string | null; variant?: (Measures & { product?: { weight?: unknown } | null }) | null }> | null
  shipping_address?: AddressRow | null
  customer?: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null; metadata?: unknown } | null
  sales_channel?: { name?: string | null } | null
  shipping_methods?: Array<{ name?: string | null; amount?: unknown; data?: unknown; shipping_option_id?: string | null }> | null
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null)
const object = (value: unknown): Record_ | null => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record_) : null)

export interface ShippedFulfillment {
  id: string
  providerId: string | null
  orderId: string | null
}

/** The fulfillment's provider and order: enough to decide whether it gets a tracking order. */
export async function readShippedFulfillment(container: MedusaContainer, fulfillmentId: string): Promise<ShippedFulfillment | null> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data } = await query.graph({ entity: "fulfillment", fields: ["id", "provider_id", "order.id"], filters: { id: fulfillmentId } })
  const fulfillment = data[0] as FulfillmentRow | undefined
  return fulfillment ? { id: fulfillment.id, providerId: fulfillment.provider_id ?? null, orderId: fulfillment.order?.id ?? null } : null
}

/**
 * Everything the tracking order is built from, read from Medusa: the fulfillment (labels, shipped
 * date, metadata, items), its order (customer, address, shipping method, sales channel) and the
 * stock location it ships from. Measures converted to kg and cm with the plugin's units.
 */
export async function gatherShipmentFacts(
  container: MedusaContainer,
  fulfillmentId: string,
  noNotification: boolean,
  units: FreteOptions["units"]
): Promise<ShipmentFacts> {
  const query = container.resolve<Query>(ContainerRegistrationKeys.QUERY)
  const { data: fulfillments } = await query.graph({
    entity: "fulfillment",
    fields: ["id", "shipped_at", "created_at", "metadata", "data", "location_id", "shipping_option_id", "labels.tracking_number", "items.quantity", "items.line_item_id", "items.title", "order.id"],
    filters: { id: fulfillmentId },
  })
  const fulfillment = fulfillments[0] as FulfillmentRow | undefined
  if (!fulfillment?.order?.id) {
    throw new Error(`fulfillment ${fulfillmentId} or its order was not found`)
  }
  const { data: orders } = await query.graph({
    entity: "order",
    fields: [
      "id", "display_id", "email", "total", "metadata",
      "items.id", "items.created_at", "items.title", "items.product_title", "items.variant.weight", "items.variant.length", "items.variant.width", "items.variant.height", "items.variant.product.weight",
      "shipping_address.*", "customer.first_name", "customer.last_name", "customer.email", "customer.phone", "customer.metadata",
      "sales_channel.name", "shipping_methods.name", "shipping_methods.amount", "shipping_methods.data", "shipping_methods.shipping_option_id",
    ],
    filters: { id: fulfillment.order.id },
  })
  const order = orders[0] as OrderRow
  const location = fulfillment.location_id
    ? ((await query.graph({ entity: "stock_location", fields: ["id", "address.postal_code"], filters: { id: fulfillment.location_id } })).data[0] as
        | { address?: { postal_code?: string | null } | null }
        | undefined)
    : undefined

  const orderItems = new Map((order.items ?? []).map((item) => [item.id, item]))
  const methods = order.shipping_methods ?? []
  // An exchange's or a claim's shipment: its own method, whose facts win over those Medusa copied onto the fulfillment.
  const flowMethod = await outboundMethodOf(query, order.id, (fulfillment.items ?? []).map((item) => item.line_item_id), fulfillment.shipping_option_id)
  const method = flowMethod ?? methods.find((candidate) => candidate.shipping_option_id === fulfillment.shipping_option_id) ?? methods[0] ?? {}
  const methodData = flowMethod ? { ...object(fulfillment.data), ...object(flowMethod.data) } : { ...object(method.data), ...object(fulfillment.data) }
  const address = order.shipping_address
  // The freight query's reading of a measure: missing, not positive or implausible is unknown.
  const weightKg = (value: unknown) => usableWeightKg(numberOf(value), units.weight)
  const lengthCm = (value: unknown) => usableLengthCm(numberOf(value), units.dimension)

  return {
    orderDisplayId: order.display_id,
    orderTotal: numberOf(order.total),
    orderEmail: text(order.email),
    orderMetadata: object(order.metadata),
    // query.graph returns items in no set order: the order the shopper added them, then the title.
    items: [...(fulfillment.items ?? [])]
      .map((item) => ({ item, orderItem: item.line_item_id ? orderItems.get(item.line_item_id) : undefined }))
      .sort(
        (a, b) =>
          new Date(a.orderItem?.created_at ?? 0).getTime() - new Date(b.orderItem?.created_at ?? 0).getTime() ||
          (a.orderItem?.product_title ?? "").localeCompare(b.orderItem?.product_title ?? "")
      )
      .map(({ item, orderItem }) => {
        const variant = orderItem?.variant ?? {}
        return {
          // The product's title: a line item's own title is the variant's ("Único", "P").
          title: text(orderItem?.product_title) ?? text(item.title) ?? "Item",
          quantity: numberOf(item.quantity) ?? 1,
          weightKg: weightKg(variant.weight) ?? weightKg("product" in variant ? variant.product?.weight : undefined),
          lengthCm: lengthCm(variant.length),
          widthCm: lengthCm(variant.width),
          heightCm: lengthCm(variant.height),
        }
      }),
    shippedAt: new Date(fulfillment.shipped_at ?? Date.now()),
    fulfillmentMetadata: object(fulfillment.metadata),
    trackingNumbers: (fulfillment.labels ?? []).map((label) => text(label.tracking_number)).filter((value): value is string => value !== null),
    method: {
      name: text(method.name),
      amount: numberOf(method.amount),
      service: text(methodData.service),
      serviceName: text(methodData.service_name),
      carrier: text(methodData.carrier),
      days: typeof methodData.days === "number" ? methodData.days : null,
    },
    shippingAddress: address
      ? {
          firstName: text(address.first_name),
          lastName: text(address.last_name),
          phone: text(address.phone),
          address1: text(address.address_1),
          address2: text(address.address_2),
          city: text(address.city),
          province: text(address.province),
          postalCode: text(address.postal_code),
          countryCode: text(address.country_code),
          metadata: object(address.metadata),
        }
      : null,
    customer: order.customer
      ? {
          firstName: text(order.customer.first_name),
          lastName: text(order.customer.last_name),
          email: text(order.customer.email),
          phone: text(order.customer.phone),
          metadata: object(order.customer.metadata),
        }
      : null,
    salesChannelName: text(order.sales_channel?.name),
    originCep: text(location?.address?.postal_code),
    noNotification,
  }
}
