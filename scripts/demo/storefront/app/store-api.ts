// The store API calls of the demo storefront, as a Medusa storefront makes them (same origin: the
// demo's server passes them to Medusa). Errors carry Medusa's message, which the plugin writes in pt-BR.

export interface Variant {
  id: string
  title: string
  calculated_price?: { calculated_amount: number | null } | null
}

export interface Product {
  id: string
  title: string
  handle: string
  description: string | null
  variants: Variant[]
}

export interface LineItem {
  id: string
  title: string
  product_title?: string
  quantity: number
  unit_price: number
  variant_id: string
}

export interface Cart {
  id: string
  email: string | null
  items: LineItem[]
  item_subtotal?: number
  subtotal: number
  shipping_total: number
  shipping_subtotal?: number
  total: number
  shipping_address: { postal_code: string | null; province?: string | null } | null
  shipping_methods?: Array<{
    shipping_option_id: string
    name: string
    amount: number
    data: Record<string, unknown> | null
  }>
}

export interface ShippingOption {
  id: string
  name: string
  price_type: "flat" | "calculated"
  amount?: number | null
}

export interface Order {
  id: string
  display_id: number
  email: string
  items: LineItem[]
  item_total: number
  shipping_total: number
  total: number
  shipping_address: { address_1: string; city: string; province: string; postal_code: string } | null
  shipping_methods: Array<{ name: string; amount: number; data: Record<string, unknown> | null }>
}

export interface Address {
  first_name: string
  last_name: string
  address_1: string
  address_2: string
  city: string
  province: string
  postal_code: string
  phone: string
  country_code: "br"
  metadata?: Record<string, unknown>
}

const CART_FIELDS = "*items,+shipping_methods.data,+item_subtotal"

export function createStoreApi(publishableKey: string, regionId: string) {
  async function call<T>(path: string, method = "GET", body?: unknown): Promise<T> {
    const answer = await fetch(path, {
      method,
      headers: { "content-type": "application/json", "x-publishable-api-key": publishableKey },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const data = await answer.json().catch(() => ({}))
    if (!answer.ok) {
      throw new Error(typeof data.message === "string" ? data.message : `A loja respondeu ${answer.status}.`)
    }
    return data as T
  }
  const cartPath = (id: string, tail = "") => `/store/carts/${encodeURIComponent(id)}${tail}`
  const withFields = (path: string) =>
    `${path}${path.includes("?") ? "&" : "?"}fields=${encodeURIComponent(CART_FIELDS)}`

  return {
    async products(): Promise<Product[]> {
      const query = new URLSearchParams({
        region_id: regionId,
        fields: "id,title,handle,description,*variants,*variants.calculated_price",
        limit: "50",
      })
      return (await call<{ products: Product[] }>(`/store/products?${query}`)).products
    },
    async product(handle: string): Promise<Product | null> {
      const query = new URLSearchParams({
        region_id: regionId,
        handle,
        fields: "id,title,handle,description,*variants,*variants.calculated_price",
      })
      return (await call<{ products: Product[] }>(`/store/products?${query}`)).products[0] ?? null
    },
    async cart(id: string): Promise<Cart> {
      return (await call<{ cart: Cart }>(withFields(cartPath(id)))).cart
    },
    async createCart(item: { variant_id: string; quantity: number }): Promise<Cart> {
      return (await call<{ cart: Cart }>(withFields("/store/carts"), "POST", { region_id: regionId, items: [item] }))
        .cart
    },
    async addItem(cartId: string, item: { variant_id: string; quantity: number }): Promise<Cart> {
      return (await call<{ cart: Cart }>(withFields(cartPath(cartId, "/line-items")), "POST", item)).cart
    },
    async setQuantity(cartId: string, lineId: string, quantity: number): Promise<Cart> {
      return (
        await call<{ cart: Cart }>(withFields(cartPath(cartId, `/line-items/${encodeURIComponent(lineId)}`)), "POST", {
          quantity,
        })
      ).cart
    },
    async removeItem(cartId: string, lineId: string): Promise<void> {
      await call(cartPath(cartId, `/line-items/${encodeURIComponent(lineId)}`), "DELETE")
    },
    async setAddress(cartId: string, email: string, address: Address): Promise<Cart> {
      return (
        await call<{ cart: Cart }>(withFields(cartPath(cartId)), "POST", {
          email,
          shipping_address: address,
          billing_address: address,
        })
      ).cart
    },
    async shippingOptions(cartId: string): Promise<ShippingOption[]> {
      return (
        await call<{ shipping_options: ShippingOption[] }>(
          `/store/shipping-options?cart_id=${encodeURIComponent(cartId)}`
        )
      ).shipping_options
    },
    async chooseOption(cartId: string, optionId: string): Promise<Cart> {
      return (
        await call<{ cart: Cart }>(withFields(cartPath(cartId, "/shipping-methods")), "POST", { option_id: optionId })
      ).cart
    },
    /** Medusa's system payment provider (the demo takes no real payment), then completion. */
    async placeOrder(cartId: string): Promise<Order> {
      const { payment_collection } = await call<{ payment_collection: { id: string } }>(
        "/store/payment-collections",
        "POST",
        { cart_id: cartId }
      )
      await call(`/store/payment-collections/${payment_collection.id}/payment-sessions`, "POST", {
        provider_id: "pp_system_default",
      })
      const completed = await call<{ type: string; order?: Order; error?: { message: string } }>(
        cartPath(cartId, "/complete"),
        "POST",
        {}
      )
      if (completed.type !== "order" || !completed.order) {
        throw new Error(completed.error?.message ?? "O pedido não pôde ser concluído.")
      }
      return completed.order
    },
    async order(id: string): Promise<Order> {
      return (
        await call<{ order: Order }>(
          `/store/orders/${encodeURIComponent(id)}?fields=${encodeURIComponent("*items,+shipping_methods.data,*shipping_address")}`
        )
      ).order
    },
  }
}

export type StoreApi = ReturnType<typeof createStoreApi>
