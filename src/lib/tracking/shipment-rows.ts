/** A shipment as Medusa's query returns it: only the fields its tracking order is built from, in Medusa's names. */
export interface ShipmentRows {
  fulfillment: FulfillmentRow
  order: OrderRow
  location: { address?: { postal_code?: string | null } | null } | null
  /** The method of the exchange or claim whose new items the fulfillment ships; null for the order's own items. */
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

type Text = string | null | undefined

export interface OrderRow {
  id: string
  display_id: number
  email?: Text
  total?: unknown
  item_subtotal?: unknown
  metadata?: unknown
  items?: Array<{
    id: string
    created_at?: string | Date | null
    title?: Text
    product_title?: Text
    unit_price?: unknown
    quantity?: unknown
    variant?: { weight?: unknown; length?: unknown; width?: unknown; height?: unknown; product?: { weight?: unknown } | null } | null
  }> | null
  shipping_address?: {
    first_name?: Text
    last_name?: Text
    phone?: Text
    address_1?: Text
    address_2?: Text
    city?: Text
    province?: Text
    postal_code?: Text
    country_code?: Text
    metadata?: unknown
  } | null
  customer?: { first_name?: Text; last_name?: Text; email?: Text; phone?: Text; metadata?: unknown } | null
  sales_channel?: { name?: Text } | null
  shipping_methods?: MethodRow[] | null
}
