type Text = string | null | undefined
type LocationRow = { address?: { postal_code?: Text } | null }

/**
 * `flowMethod`: the method of the exchange or claim whose new items the fulfillment ships; null for the order's own
 * items.
 */
export type ShipmentRows = {
  fulfillment: FulfillmentRow
  order: OrderRow
  location: LocationRow | null
  flowMethod: MethodRow | null
}

export interface FulfillmentRow {
  id: string
  shipped_at?: string | Date | null
  metadata?: unknown
  data?: unknown
  location_id?: Text
  shipping_option_id?: Text
  labels?: Array<{ tracking_number?: Text }> | null
  items?: Array<{ quantity?: unknown; line_item_id?: Text; title?: Text }> | null
  order?: { id: string } | null
}

export interface MethodRow {
  name?: Text
  amount?: unknown
  data?: unknown
  shipping_option_id?: Text
}

type Measures = { weight?: unknown; length?: unknown; width?: unknown; height?: unknown }
type Person = { first_name?: Text; last_name?: Text; phone?: Text; metadata?: unknown }

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
    variant?: (Measures & { product?: { weight?: unknown } | null }) | null
  }> | null
  shipping_address?:
    | (Person & {
        address_1?: Text
        address_2?: Text
        city?: Text
        province?: Text
        postal_code?: Text
        country_code?: Text
      })
    | null
  customer?: (Person & { email?: Text }) | null
  sales_channel?: { name?: Text } | null
  shipping_methods?: MethodRow[] | null
}
