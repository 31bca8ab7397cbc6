import { usableLengthCm, usableWeightKg } from "../checkout/build-freight-query"
import type { StoreUnits } from "../checkout/units"
import { numberOf } from "../utils/number-of"

type Text = string | null | undefined
/** Columns only read through `text`, `numberOf` or `object`: whatever Query gives. */
type Loose<K extends string> = { [P in K]?: unknown }

/** `flowMethod`: the method of the exchange or claim whose new items the fulfillment ships. */
export type ShipmentRows = {
  fulfillment: FulfillmentRow
  order: OrderRow
  location: { address?: Loose<"postal_code"> | null } | null
  flowMethod: MethodRow | null
}

export type MethodRow = Loose<"name" | "amount" | "data"> & { shipping_option_id?: Text }

export type FulfillmentRow = Loose<"metadata" | "data"> & {
  id: string
  shipped_at?: string | Date | null
  location_id?: Text
  shipping_option_id?: Text
  labels?: Array<Loose<"tracking_number">> | null
  items?: Array<Loose<"quantity" | "title"> & { line_item_id?: Text }> | null
  order?: { id: string } | null
}

type Person = Loose<"first_name" | "last_name" | "phone" | "metadata">
type Variant = Loose<"weight" | "length" | "width" | "height"> & { product?: Loose<"weight"> | null }

export type OrderRow = Loose<"email" | "total" | "item_subtotal" | "metadata"> & {
  id: string
  display_id: number
  items?: Array<
    Loose<"title" | "unit_price" | "quantity"> & {
      id: string
      created_at?: string | Date | null
      product_title?: Text
      variant?: Variant | null
    }
  > | null
  shipping_address?:
    (Person & Loose<"address_1" | "address_2" | "city" | "province" | "postal_code" | "country_code">) | null
  customer?: (Person & Loose<"email">) | null
  sales_channel?: Loose<"name"> | null
  shipping_methods?: MethodRow[] | null
}

/** Measures in kg and cm, amounts in reais, texts trimmed. */
export type ShipmentFacts = ReturnType<typeof shipmentFacts>

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null)
const object = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null

export function shipmentFacts(
  { fulfillment, order, location, flowMethod }: ShipmentRows,
  units: StoreUnits,
  noNotification: boolean
) {
  const methods = order.shipping_methods ?? []
  const method =
    flowMethod ??
    methods.find((candidate) => candidate.shipping_option_id === fulfillment.shipping_option_id) ??
    methods[0] ??
    {}
  // An exchange's or a claim's own method wins over the facts Medusa copied onto the fulfillment from the order's.
  const methodData = flowMethod
    ? { ...object(fulfillment.data), ...object(flowMethod.data) }
    : { ...object(method.data), ...object(fulfillment.data) }
  const { shipping_address: address, customer } = order
  const person = (row: { first_name?: unknown; last_name?: unknown; phone?: unknown; metadata?: unknown }) => ({
    firstName: text(row.first_name),
    lastName: text(row.last_name),
    phone: text(row.phone),
    metadata: object(row.metadata),
  })
  return {
    orderDisplayId: order.display_id as number | string,
    orderTotal: orderTotalOf(order),
    orderEmail: text(order.email),
    orderMetadata: object(order.metadata),
    items: itemsOf({ fulfillment, order }, units),
    shippedAt: new Date(fulfillment.shipped_at ?? Date.now()),
    fulfillmentMetadata: object(fulfillment.metadata),
    trackingNumbers: (fulfillment.labels ?? []).flatMap((label) => text(label.tracking_number) ?? []),
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
          ...person(address),
          address1: text(address.address_1),
          address2: text(address.address_2),
          city: text(address.city),
          province: text(address.province),
          postalCode: text(address.postal_code),
          countryCode: text(address.country_code),
        }
      : null,
    customer: customer ? { ...person(customer), email: text(customer.email) } : null,
    salesChannelName: text(order.sales_channel?.name),
    originCep: text(location?.address?.postal_code),
    noNotification,
  }
}

/** Medusa's `total`, unless its item subtotal leaves out priced items (Medusa 2.13): then items + methods. */
function orderTotalOf(order: OrderRow): number | null {
  const total = numberOf(order.total)
  const itemSubtotal = numberOf(order.item_subtotal)
  const items = sumOf(order.items ?? [], (item) => {
    const price = numberOf(item.unit_price)
    const quantity = numberOf(item.quantity)
    return price === null || quantity === null ? null : price * quantity
  })
  const itemsLeftOut = items !== null && items > 0 && !(itemSubtotal !== null && itemSubtotal > 0)
  if (total !== null && !itemsLeftOut) return total
  const freight = sumOf(order.shipping_methods ?? [], (method) => numberOf(method.amount))
  return items !== null && freight !== null ? items + freight : total
}

/** Null when one amount is unknown: a partial sum would pass for the whole. */
function sumOf<T>(rows: T[], amountOf: (row: T) => number | null): number | null {
  const amounts = rows.map(amountOf)
  return amounts.includes(null) ? null : (amounts as number[]).reduce((sum, amount) => sum + amount, 0)
}

function itemsOf({ fulfillment, order }: Pick<ShipmentRows, "fulfillment" | "order">, units: StoreUnits) {
  const orderItems = new Map((order.items ?? []).map((item) => [item.id, item]))
  const weightKg = (value: unknown) => usableWeightKg(numberOf(value), units.weight)
  const lengthCm = (value: unknown) => usableLengthCm(numberOf(value), units.dimension)
  // query.graph returns items in no set order: the order the shopper added them, then the title.
  return (fulfillment.items ?? [])
    .map((item) => ({ item, orderItem: item.line_item_id ? orderItems.get(item.line_item_id) : undefined }))
    .sort(
      (a, b) =>
        new Date(a.orderItem?.created_at ?? 0).getTime() - new Date(b.orderItem?.created_at ?? 0).getTime() ||
        (a.orderItem?.product_title ?? "").localeCompare(b.orderItem?.product_title ?? "")
    )
    .map(({ item, orderItem }) => {
      const variant = orderItem?.variant
      return {
        // The product's title: a line item's own title is the variant's ("Único", "P").
        title: text(orderItem?.product_title) ?? text(item.title) ?? "Item",
        quantity: numberOf(item.quantity) ?? 1,
        weightKg: weightKg(variant?.weight) ?? weightKg(variant?.product?.weight),
        lengthCm: lengthCm(variant?.length),
        widthCm: lengthCm(variant?.width),
        heightCm: lengthCm(variant?.height),
      }
    })
}
