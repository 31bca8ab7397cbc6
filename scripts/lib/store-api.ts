// Calls of Medusa's admin and store APIs that the integration tests and the demo share: a
// merchant's setup and a shopper's checkout, made the way the admin and the Next.js starter make them.
import type { AxiosInstance } from "axios"

/** The ids and headers of a store set up for the plugin. */
export interface StoreContext {
  admin: { headers: { authorization: string } }
  /** Headers of a storefront: the publishable key of the store's sales channel. */
  store: { headers: { "x-publishable-api-key": string } }
  salesChannelId: string
  regionId: string
  stockLocationId: string
  shippingProfileId: string
  serviceZoneId: string
}

export interface ProductInput {
  title: string
  handle?: string
  sku: string
  price: number
  weight?: number | null
  length?: number | null
  width?: number | null
  height?: number | null
  productWeight?: number | null
}

/** A product with one variant, sold in BRL, stock not managed. */
export async function createProduct(api: AxiosInstance, store: StoreContext, input: ProductInput) {
  const { data } = await api.post(
    "/admin/products",
    {
      title: input.title,
      handle: input.handle,
      status: "published",
      shipping_profile_id: store.shippingProfileId,
      sales_channels: [{ id: store.salesChannelId }],
      weight: input.productWeight ?? undefined,
      options: [{ title: "Tamanho", values: ["Único"] }],
      variants: [
        {
          title: "Único",
          sku: input.sku,
          options: { Tamanho: "Único" },
          manage_inventory: false,
          prices: [{ currency_code: "brl", amount: input.price }],
          weight: input.weight ?? undefined,
          length: input.length ?? undefined,
          width: input.width ?? undefined,
          height: input.height ?? undefined,
        },
      ],
    },
    { ...store.admin, params: { fields: "id,*variants" } }
  )
  return { productId: data.product.id as string, variantId: data.product.variants[0].id as string }
}

/**
 * The rules Medusa's admin gives every shipping option it creates: offered in the store, not a
 * return option. Without them the admin labels an option "Admin" and reads the missing rule as
 * "Enable in store: off", so an edit saved there takes it off the storefront.
 */
export const STORE_OPTION_RULES = [
  { attribute: "enabled_in_store", value: "true", operator: "eq" },
  { attribute: "is_return", value: "false", operator: "eq" },
]

/** A calculated shipping option of this plugin's provider, as the README tells merchants to create it. */
export async function createFreteOption(api: AxiosInstance, store: StoreContext, optionId: string, name: string) {
  const { data } = await api.post(
    "/admin/shipping-options",
    {
      name,
      service_zone_id: store.serviceZoneId,
      shipping_profile_id: store.shippingProfileId,
      provider_id: "frete_frete",
      price_type: "calculated",
      type: { label: name, description: name, code: optionId },
      data: { id: optionId },
      prices: [],
      rules: STORE_OPTION_RULES,
    },
    store.admin
  )
  return data.shipping_option.id as string
}

/**
 * A calculated return option of this provider (Medusa's admin: Locations & Shipping > "Create
 * return option"): the `is_return` rule true. Priced from the customer's CEP to its stock location.
 */
export async function createFreteReturnOption(api: AxiosInstance, store: StoreContext, optionId: string, name: string) {
  const { data } = await api.post(
    "/admin/shipping-options",
    {
      name,
      service_zone_id: store.serviceZoneId,
      shipping_profile_id: store.shippingProfileId,
      provider_id: "frete_frete",
      price_type: "calculated",
      type: { label: name, description: name, code: `${optionId}-return` },
      data: { id: optionId },
      prices: [],
      rules: [
        { attribute: "enabled_in_store", value: "true", operator: "eq" },
        { attribute: "is_return", value: "true", operator: "eq" },
      ],
    },
    store.admin
  )
  return data.shipping_option.id as string
}

/** A flat-price option of Medusa's manual provider, to show the two side by side. */
export async function createManualOption(api: AxiosInstance, store: StoreContext, amount: number) {
  const { data } = await api.post(
    "/admin/shipping-options",
    {
      name: "Retirada na loja",
      service_zone_id: store.serviceZoneId,
      shipping_profile_id: store.shippingProfileId,
      provider_id: "manual_manual",
      price_type: "flat",
      type: { label: "Retirada", description: "Retirada na loja", code: "retirada" },
      data: { id: "manual-fulfillment" },
      prices: [{ currency_code: "brl", amount }],
      rules: STORE_OPTION_RULES,
    },
    store.admin
  )
  return data.shipping_option.id as string
}

export const SHOPPER_ADDRESS = {
  first_name: "Maria",
  last_name: "da Silva",
  address_1: "Avenida Rio Branco, 1",
  address_2: "Sala 101",
  city: "Rio de Janeiro",
  province: "RJ",
  postal_code: "20040-002",
  country_code: "br",
  phone: "(21) 98765-4321",
}

/**
 * A cart with its region, items, e-mail and addresses, made in one call (Medusa's POST /store/carts
 * takes them all). The Next.js starter sends the e-mail and address later, in a second call that
 * prices nothing either (no shipping method yet) and costs more than the first (about 0.7 s against
 * 0.45 s on the test app); the storefront tests drive the starter's own steps.
 */
export async function createCart(
  api: AxiosInstance,
  store: StoreContext,
  items: Array<{ variant_id: string; quantity: number }>,
  address: Partial<typeof SHOPPER_ADDRESS> = {},
  email = "maria@example.com.br"
) {
  const shopper = { ...SHOPPER_ADDRESS, ...address }
  const { data } = await api.post(
    "/store/carts",
    { region_id: store.regionId, items, email, shipping_address: shopper, billing_address: shopper },
    store.store
  )
  return data.cart.id as string
}

/** The starter's checkout step: list the options, then price each calculated one. */
export async function listAndCalculate(api: AxiosInstance, store: StoreContext, cartId: string) {
  const { data } = await api.get("/store/shipping-options", { ...store.store, params: { cart_id: cartId } })
  const options = data.shipping_options as Array<{ id: string; price_type: string; amount?: number; name: string }>
  const prices = await Promise.all(
    options
      .filter((option) => option.price_type === "calculated")
      .map(async (option) => {
        const answer = await api
          .post(`/store/shipping-options/${option.id}/calculate`, { cart_id: cartId, data: {} }, store.store)
          .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
        return { id: option.id, status: answer.status, body: answer.data }
      })
  )
  return { options, prices }
}

/**
 * How long completion is asked again once Medusa answered 409 `invalid_state_error` ("Cart is
 * already being completed by another request"). Medusa 2.13's workflow engine can drop a
 * completion under load (medusajs/medusa#14758; how often this suite's oldest-Medusa test meets
 * it: docs/configuration.md). The dropped run keeps the cart's lock for its TTL (2 minutes), and
 * every call meanwhile waits 30 s for that lock and answers 500. The first call after the TTL
 * completes the cart.
 */
const DROPPED_COMPLETION_MS = 150_000

/** Payment with Medusa's system provider, then completion: the order. */
export async function completeCart(api: AxiosInstance, store: StoreContext, cartId: string) {
  const { data: collection } = await api.post("/store/payment-collections", { cart_id: cartId }, store.store)
  await api.post(
    `/store/payment-collections/${collection.payment_collection.id}/payment-sessions`,
    { provider_id: "pp_system_default" },
    store.store
  )
  // A storefront asks again after that 409, as Medusa's message says. The workflow makes one
  // order per cart: a later call gets the order an earlier one made. Before any 409, every error stands.
  let conflictAt: number | undefined
  for (;;) {
    try {
      const { data } = await api.post(`/store/carts/${cartId}/complete`, {}, store.store)
      return data
    } catch (error) {
      const answer = (error as { response?: { status: number; data?: { code?: string } } }).response
      const conflict = answer?.status === 409 && answer.data?.code === "invalid_state_error"
      if (conflict) conflictAt ??= Date.now()
      const dropped =
        conflictAt !== undefined &&
        (conflict || answer?.status === 500) &&
        Date.now() - conflictAt < DROPPED_COMPLETION_MS
      if (!dropped) throw error
      await new Promise((resolve) => setTimeout(resolve, 2000))
    }
  }
}

/** A cart with a calculated option of this provider, paid and completed: the order. */
export async function placeOrder(
  api: AxiosInstance,
  store: StoreContext,
  optionId: string,
  items: Array<{ variant_id: string; quantity: number }>,
  address: Partial<typeof SHOPPER_ADDRESS> & { metadata?: Record<string, unknown> } = {}
) {
  const cartId = await createCart(api, store, items, address)
  await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: optionId }, store.store)
  const completed = await completeCart(api, store, cartId)
  return completed.order as { id: string; display_id: number; items: Array<{ id: string; quantity: number }> }
}

/** The merchant fulfils every item, then marks the fulfillment as shipped: `shipment.created`. */
/** Creates a fulfillment of all the order's items from the store's stock location, not shipped yet; its id. */
export async function fulfillOrder(
  api: AxiosInstance,
  store: StoreContext,
  order: { id: string; items: Array<{ id: string; quantity: number }> },
  metadata?: Record<string, unknown>
): Promise<string> {
  const items = order.items.map((item) => ({ id: item.id, quantity: item.quantity }))
  const { data } = await api.post(
    `/admin/orders/${order.id}/fulfillments`,
    { items, location_id: store.stockLocationId, metadata },
    { ...store.admin, params: { fields: "id,*fulfillments" } }
  )
  return data.order.fulfillments.at(-1).id as string
}

export async function shipOrder(
  api: AxiosInstance,
  store: StoreContext,
  order: { id: string; items: Array<{ id: string; quantity: number }> },
  shipment: { trackingNumber?: string; noNotification?: boolean; fulfillmentMetadata?: Record<string, unknown> } = {}
) {
  const items = order.items.map((item) => ({ id: item.id, quantity: item.quantity }))
  const fulfillmentId = await fulfillOrder(api, store, order, shipment.fulfillmentMetadata)
  await api.post(
    `/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`,
    {
      items,
      no_notification: shipment.noNotification,
      labels: shipment.trackingNumber
        ? [
            {
              tracking_number: shipment.trackingNumber,
              tracking_url: "https://rastreamento.correios.com.br/app/index.php",
              label_url: "https://loja-teste.com.br/etiqueta.pdf",
            },
          ]
        : undefined,
    },
    store.admin
  )
  return fulfillmentId
}

/** Polls until `check` returns a value (the event bus delivers after the request answers). */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  attempts = 100,
  what = "the condition"
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const value = await check()
    if (value) {
      return value
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${what} was never met (${attempts} checks, 100 ms apart)`)
}
