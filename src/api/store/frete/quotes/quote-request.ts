import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, QueryContext } from "@medusajs/framework/utils"
import { LRUCache } from "lru-cache"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import type { QuoteRequest } from "../../../../lib/checkout/build-freight-query"
import { isFreteProvider } from "../../../../lib/frete-provider"
import { numberOf } from "../../../../lib/utils/number-of"
import { quoteRequestFromCart, type ContextItem } from "../../../../providers/frete/cart-context"
import { fulfillmentOf, queryOf } from "../../../../bridge/medusa-bridge"

/** Loads kept `ttlMs` by key (at most 1,000 keys): calls at the same moment share one load, and a load that fails is not kept.
 * For Medusa's data the store quote route reads on every quote. */
export function keptFor<T extends object>(
  ttlMs: number,
  now: () => number = performance.now.bind(performance)
): (key: string, load: () => Promise<T>) => Promise<T> {
  const cache = new LRUCache<string, T, () => Promise<T>>({
    max: 1000,
    ttl: ttlMs,
    ttlResolution: 0,
    perf: { now },
    fetchMethod: (_key, _stale, { context }) => context(),
  })
  return async (key, load) => (await cache.fetch(key, { context: load })) as T
}

/** A product's facts, shared by shoppers asking at once and no longer (a product unpublished stops being priced at once). */
const variantLookups = keptFor<unknown[]>(1)
const optionLookups = keptFor<OfferedOption[]>(10_000)

/** A stock location as Medusa gives it to the provider in `context.from_location`. */
type OptionLocation = {
  id: string
  name?: string | null
  address?: { postal_code?: string | null; [field: string]: unknown } | null
}
type ChannelRow = {
  id?: string
  stock_locations?: Array<(OptionLocation & { fulfillment_sets?: Array<{ id: string }> | null }) | null> | null
}
type Destination = {
  country_code?: string | null
  province?: string | null
  city?: string | null
  postal_code?: string | null
}
type CartRow = {
  currency_code?: string | null
  sales_channel?: ChannelRow | null
  items?: ContextItem[] | null
  shipping_address?: Destination | null
}
type VariantRow = NonNullable<ContextItem["variant"]> & {
  product?: { status?: string | null; sales_channels?: Array<ChannelRow | null> | null } | null
  calculated_price?: { calculated_amount?: unknown } | null
}

/** A shipping option of this provider that checkout offers, with the stock location it ships from. */
export interface OfferedOption {
  id: string
  name: string
  /** The fulfillment option the merchant chose: `data.id` (`cheapest`, `fastest` or a service's metaname). */
  data: Record<string, unknown> | null
  shipping_profile_id: string | null
  from_location: OptionLocation | undefined
}

/** An option checkout would offer, with the quote request the provider would price it from. */
export type OptionRequest = { option: OfferedOption; request: QuoteRequest }

const channelLocationFields = (prefix: string): string[] =>
  [
    "id",
    "stock_locations.fulfillment_sets.id",
    "stock_locations.id",
    "stock_locations.name",
    "stock_locations.address.*",
  ].map((field) => `${prefix}${field}`)

/** The options of this provider Medusa's `listShippingOptionsForCartWorkflow` would list for the channels and destination (the geo zones and rules,
 * with the workflow's context), each with the location of its fulfillment set, as `calculateShippingOptionsPricesWorkflow` finds `from_location`. */
async function offeredOptions(
  container: MedusaContainer,
  channels: ChannelRow[],
  destination: Destination
): Promise<OfferedOption[]> {
  const locationOfSet = new Map<string, OptionLocation>()
  for (const location of channels.flatMap((channel) => channel.stock_locations ?? [])) {
    const { fulfillment_sets: sets, ...rest } = location ?? { id: "" }
    for (const set of sets ?? []) locationOfSet.set(set.id, rest)
  }
  if (!locationOfSet.size) return []
  const sets = [...locationOfSet.keys()].sort()
  const where = [destination.country_code, destination.province, destination.city, destination.postal_code]
  return optionLookups(JSON.stringify([sets, where]), async () => {
    const options = await fulfillmentOf(container).listShippingOptionsForContext(
      {
        fulfillment_set_id: sets,
        // As the cart workflow hands the address to the geo zone filter.
        address: {
          country_code: destination.country_code ?? undefined,
          province_code: destination.province ?? undefined,
          city: destination.city ?? undefined,
          postal_expression: destination.postal_code ?? undefined,
        },
        context: { is_return: "false", enabled_in_store: "true" },
      },
      { relations: ["service_zone"] }
    )
    return options
      .filter((option) => isFreteProvider(option.provider_id))
      .map((option) => ({
        id: option.id,
        name: option.name,
        data: option.data ?? null,
        shipping_profile_id: option.shipping_profile_id ?? null,
        from_location: locationOfSet.get(option.service_zone?.fulfillment_set_id ?? ""),
      }))
  })
}

/** Each option with what the provider would be given: the items of its shipping profile (Medusa's `filterCartItemsByShippingProfile`), the destination, its location. */
function requestsFor(options: OfferedOption[], cart: CartRow, destination: Destination): OptionRequest[] {
  return options.map((option) => ({
    option,
    request: quoteRequestFromCart({
      currency_code: cart.currency_code,
      items: option.shipping_profile_id
        ? (cart.items ?? []).filter(
            (item) => item.variant?.product?.shipping_profile?.id === option.shipping_profile_id
          )
        : [],
      shipping_address: destination,
      from_location: option.from_location,
    }),
  }))
}

/** The cart's own address when it has that CEP (then the options and queries are checkout's); else an address in Brazil with only the CEP. */
export async function optionRequestsForCart(
  container: MedusaContainer,
  cartId: string,
  cep: string
): Promise<OptionRequest[]> {
  const { data } = await queryOf(container).graph({
    entity: "cart",
    // Medusa's `cartFieldsForCalculateShippingOptionsPrices`, and the metadata that holds handling days.
    fields: [
      "id",
      "currency_code",
      "sales_channel_id",
      "items.*",
      "items.variant.id",
      "items.variant.sku",
      "items.variant.product.id",
      "items.variant.product.shipping_profile.id",
      "items.variant.metadata",
      "items.variant.product.metadata",
      "items.variant.weight",
      "items.variant.length",
      "items.variant.height",
      "items.variant.width",
      "items.product.id",
      "items.product.weight",
      "shipping_address.*",
      ...channelLocationFields("sales_channel."),
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartRow | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Carrinho não encontrado.")
  const stored = cart.shipping_address
  const destination =
    stored && tryNormalizeCep(stored.postal_code) === cep ? stored : { country_code: "br", postal_code: cep }
  // Medusa's cart ↔ sales channel link is read-only on `sales_channel_id`: this is the cart's channel, if it exists.
  const options = await offeredOptions(container, cart.sales_channel ? [cart.sales_channel] : [], destination)
  return requestsFor(options, cart, destination)
}

/** A product page's variants as a BRL cart of the publishable key's sales channels going to that CEP. A variant the key's storefront cannot
 * sell (a draft, another channel), as Medusa's store product routes decide, is "Produto não encontrado" (400), before any freight call. */
export async function optionRequestsForItems(
  container: MedusaContainer,
  items: Array<{ variant_id: string; quantity: number }>,
  cep: string,
  salesChannelIds: string[]
): Promise<OptionRequest[]> {
  const ids = [...new Set(items.map((item) => item.variant_id))].sort()
  // Shoppers of one product page at once ask for the same variants: one query for all of them.
  const data = await variantLookups(
    ids.join(","),
    async () =>
      (
        await queryOf(container).graph({
          entity: "variant",
          fields: [
            "id",
            "sku",
            "weight",
            "length",
            "height",
            "width",
            "metadata",
            "calculated_price.calculated_amount",
            "product.id",
            "product.weight",
            "product.shipping_profile.id",
            "product.metadata",
            "product.status",
            ...channelLocationFields("product.sales_channels."),
          ],
          filters: { id: ids },
          context: { calculated_price: QueryContext({ currency_code: "brl" }) },
        })
      ).data as unknown[]
  )
  const channels = new Map<string, ChannelRow>()
  const byId = new Map<string, VariantRow>()
  for (const variant of data as VariantRow[]) {
    const sold = (variant.product?.sales_channels ?? []).filter(
      (channel) => !!channel?.id && salesChannelIds.includes(channel.id)
    ) as ChannelRow[]
    if (variant.product?.status !== "published" || !sold.length) continue
    byId.set(variant.id as string, variant)
    for (const channel of sold) channels.set(channel.id as string, channel)
  }
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Produto não encontrado: ${missing.join(", ")}`)
  const destination = { country_code: "br", postal_code: cep }
  const cart: CartRow = {
    currency_code: "brl",
    items: items.map((item) => {
      const variant = byId.get(item.variant_id) as VariantRow
      return {
        quantity: item.quantity,
        unit_price: numberOf(variant.calculated_price?.calculated_amount) ?? 0,
        variant_sku: variant.sku ?? null,
        variant_id: item.variant_id,
        variant,
      }
    }),
  }
  return requestsFor(await offeredOptions(container, [...channels.values()], destination), cart, destination)
}
