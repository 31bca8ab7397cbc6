import type { MedusaContainer } from "@medusajs/framework/types"
import { MedusaError, QueryContext } from "@medusajs/framework/utils"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import type { QuoteRequest } from "../../../../lib/checkout/build-freight-query"
import { numberOf } from "../../../../lib/utils/number-of"
import { quoteRequestFromCart, type CartContext, type ContextItem } from "../../../../providers/frete/cart-context"
import { queryOf } from "../../../../bridge/medusa-bridge"
import { isForSale, SALE_FIELDS, type SaleFacts } from "./for-sale"
import { channelLocationFields, offeredOptions, type ChannelRow, type OfferedOption, type OptionAddress } from "./offered-options"
import { sharedFlight } from "../../../../lib/utils/shared-flight"

const variantLookups = sharedFlight<unknown[]>()


interface Destination {
  country_code?: string | null
  province?: string | null
  city?: string | null
  postal_code?: string | null
}

interface CartRow {
  currency_code?: string | null
  sales_channel_id?: string | null
  sales_channel?: ChannelRow | null
  items?: ContextItem[] | null
  shipping_address?: Destination | null
}

/** An option checkout would offer, with the quote request the provider would price it from. */
export interface OptionRequest {
  option: OfferedOption
  request: QuoteRequest
}

/**
 * The items a shipping option ships, as `calculateShippingOptionsPricesWorkflow` gives them to the
 * provider (Medusa's `filterCartItemsByShippingProfile`, not exported): those whose product has the
 * option's shipping profile; none when the option has no profile.
 */
function itemsShippedBy(items: ContextItem[], shippingProfileId: string | null): ContextItem[] {
  if (!shippingProfileId) return []
  return items.filter((item) => item.variant?.product?.shipping_profile?.id === shippingProfileId)
}

/** The destination as Medusa's cart workflow hands it to the geo zone filter. */
function addressFilterOf(destination: Destination): OptionAddress {
  return {
    country_code: destination.country_code ?? undefined,
    province_code: destination.province ?? undefined,
    city: destination.city ?? undefined,
    postal_expression: destination.postal_code ?? undefined,
  }
}

/** Each option with what the provider would be given for it: its items, the destination, its stock location. */
function requestsFor(options: OfferedOption[], cart: CartRow, destination: Destination): OptionRequest[] {
  return options.map((option) => ({
    option,
    request: quoteRequestFromCart({
      currency_code: cart.currency_code,
      items: itemsShippedBy(cart.items ?? [], option.shipping_profile_id),
      shipping_address: destination,
      from_location: option.from_location,
    }),
  }))
}

/**
 * A cart's options with the CEP the shopper typed as destination. The cart's own address when it
 * has that CEP (then the options and queries are exactly checkout's); else an address in Brazil
 * with only that CEP, as a storefront sends before the rest of the address is known.
 */
export async function optionRequestsForCart(container: MedusaContainer, cartId: string, postalCode: string): Promise<OptionRequest[]> {
  const query = queryOf(container)
  const { data } = await query.graph({
    entity: "cart",
    // Medusa's `cartFieldsForCalculateShippingOptionsPrices`, the fields the provider is given.
    fields: [
      "id",
      "currency_code",
      "sales_channel_id",
      "items.*",
      "items.variant.id",
      "items.variant.sku",
      "items.variant.product.id",
      "items.variant.product.shipping_profile.id",
      // Handling days live in the variant's or product's metadata; the provider reads them too.
      "items.variant.metadata",
      "items.variant.product.metadata",
      "items.variant.weight",
      "items.variant.length",
      "items.variant.height",
      "items.variant.width",
      "items.variant.metadata", "items.variant.product.metadata", // the items' handling days
      "items.product.id",
      "items.product.weight",
      "shipping_address.*",
      // Where its options ship from, in the same call (see offeredOptions).
      ...channelLocationFields("sales_channel."),
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as CartRow | undefined
  if (!cart) {
    throw new MedusaError(MedusaError.Types.NOT_FOUND, "Carrinho não encontrado.")
  }
  const stored = cart.shipping_address
  const destination: Destination =
    stored && tryNormalizeCep(stored.postal_code) === tryNormalizeCep(postalCode) ? stored : { country_code: "br", postal_code: postalCode }
  const channels = cart.sales_channel && cart.sales_channel.id === cart.sales_channel_id ? [cart.sales_channel] : undefined
  const options = await offeredOptions(container, cart.sales_channel_id ? [cart.sales_channel_id] : [], addressFilterOf(destination), channels)
  return requestsFor(options, cart, destination)
}

/**
 * A product page's variants and quantities, priced in BRL, as if they were a cart of the
 * publishable key's sales channels, going to an address in Brazil with that CEP. Only variants of
 * published products of those channels: any other is "Produto não encontrado" (400), before any
 * freight call.
 */
export async function optionRequestsForItems(
  container: MedusaContainer,
  items: Array<{ variant_id: string; quantity: number }>,
  postalCode: string,
  salesChannelIds: string[]
): Promise<OptionRequest[]> {
  const query = queryOf(container)
  const ids = [...new Set(items.map((item) => item.variant_id))].sort()
  // Shoppers of one product page at once ask for the same variants: one query for all of them.
  const data = await variantLookups(ids.join(","), async () => (await query.graph({
    entity: "variant",
    fields: [
      "id",
      "sku",
      "weight",
      "length",
      "height",
      "width",
      "product.id",
      "product.weight",
      "product.shipping_profile.id",
      "metadata",
      "product.metadata",
      "metadata", "product.metadata", // the items' handling days
      "calculated_price.calculated_amount",
      ...SALE_FIELDS,
      // Where the options ship from, in the same call: the locations of the key's channels that sell the product.
      ...channelLocationFields("product.sales_channels."),
    ],
    filters: { id: ids },
    context: { calculated_price: QueryContext({ currency_code: "brl" }) },
  })).data as unknown[])
  type VariantRow = NonNullable<ContextItem["variant"]> & SaleFacts & { calculated_price?: { calculated_amount?: unknown } | null }
  // A variant the key's storefront cannot sell (a draft, another sales channel) is, to the shopper, one that does not exist.
  const byId = new Map((data as VariantRow[]).filter((variant) => isForSale(variant, salesChannelIds)).map((variant) => [variant.id as string, variant]))
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length) {
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Produto não encontrado: ${missing.join(", ")}`)
  }
  const destination: Destination = { country_code: "br", postal_code: postalCode }
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
  const channels = new Map<string, ChannelRow>()
  for (const variant of byId.values()) {
    for (const channel of ((variant.product as { sales_channels?: Array<ChannelRow | null> | null } | null | undefined)?.sales_channels ?? [])) {
      if (channel?.id && salesChannelIds.includes(channel.id)) channels.set(channel.id, channel)
    }
  }
  const options = await offeredOptions(container, salesChannelIds, addressFilterOf(destination), [...channels.values()])
  return requestsFor(options, cart, destination)
}
