/**
 * A shipment as Medusa's query returns it: only the fields its tracking order is built from, in
 * Medusa's own names. Read by the Medusa-facing side, turned into ShipmentFacts by `shipmentFacts`.
 */
export interface ShipmentRows {
  fulfillment: FulfillmentRow
  order: OrderRow
  /** The stock location the fulfillment ships from; null when it names none. */
  location: { address?: { postal_code?: string | null } | null } | null
  /** The shipping method of the exchange or claim whose new items the fulfillment ships; null for the order's own items. */
  flowMethod: MethodRow | null
}

export interface FulfillmentRow {
  id: string
  shipped_at?: string | Date | null
  metadata?: unknown
  data?: unknown
  location_id?: string | null
  shipping_option_id?: string | null
  labels?: Array<{ tracking_number?: string | null }> | null
  items?: Array<{ quantity?: unknown; line_item_id?: string | null; title?: string | null }> | null
  order?: { id: string } | null
}

export interface MethodRow {
  name?: string | null
  amount?: unknown
  data?: unknown
  shipping_option_id?: string | null
}

type Measures = { weight?: unknown; length?: unknown; width?: unknown; height?: unknown }

export interface OrderRow {
  id: string
  display_id: number
  email?: string | null
  /** Medusa's computed totals: whole only when the rows they are computed from were loaded whole. */
  total?: unknown
  item_subtotal?: unknown
  metadata?: unknown
  items?: OrderItemRow[] | null
  shipping_address?: AddressRow | null
  customer?: { first_name?: string | null; last_name?: string | null; email?: string | null; phone?: string | null; metadata?: unknown } | null
  sales_channel?: { name?: string | null } | null
  shipping_methods?: MethodRow[] | null
}

export interface OrderItemRow {
  id: string
  created_at?: string | Date | null
  title?: string | null
  product_title?: string | null
  unit_price?: unknown
  quantity?: unknown
  variant?: (Measures & { product?: { weight?: unknown } | null }) | null
}

export interface AddressRow {
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
