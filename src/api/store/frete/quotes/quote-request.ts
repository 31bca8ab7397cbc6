import { MedusaError, QueryContext } from "@medusajs/framework/utils"
import { LRUCache } from "lru-cache"
import { tryNormalizeCep } from "../../../../lib/brazil/cep"
import type { QuoteRequest } from "../../../../lib/checkout/build-freight-query"
import { isFreteProvider } from "../../../../lib/frete-provider"
import { numberOf } from "../../../../lib/utils/number-of"
import { quoteRequestFromCart, type ContextItem } from "../../../../providers/frete/cart-context"
import type { IFulfillmentModuleService } from "@medusajs/framework/types"
import { fulfillmentOf, queryOf, type MedusaScope } from "../../../../bridge/medusa-bridge"

// Calls at the same moment share one load; a load that fails is not kept.
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

// Shared by shoppers asking at once, no longer: an unpublished product stops being priced at once.
const variantLookups = keptFor<unknown[]>(1)
const optionLookups = keptFor<Listed[]>(10_000)

type Location = OfferedOption["from_location"] & { fulfillment_sets?: Array<{ id: string }> | null }
type Channel = { id?: string; stock_locations?: Array<Location | null> | null }
type Destination = { [field in "country_code" | "province" | "city" | "postal_code"]?: string | null }
type CartRow = { currency_code?: string | null; sales_channel?: Channel | null; items?: ContextItem[] | null }
type VariantRow = NonNullable<ContextItem["variant"]> & {
  product?: { status?: string | null; sales_channels?: Array<Channel | null> | null } | null
  calculated_price?: { calculated_amount?: unknown } | null
}
type Listed = Omit<OfferedOption, "from_location"> & { fulfillment_set_id?: string }

export interface OfferedOption {
  id: string
  name: string
  /** The fulfillment option the merchant chose: `data.id` (`cheapest`, `fastest` or a service's metaname). */
  data: Record<string, unknown> | null
  shipping_profile_id: string | null
  from_location: { address?: { postal_code?: string | null } | null } | null | undefined
}

export type OptionRequest = { option: OfferedOption; request: QuoteRequest }

const CHANNEL_LOCATIONS = ["stock_locations.fulfillment_sets.id", "stock_locations.address.*"]
// What `calculate` hands the provider (`cartFieldsForCalculateShippingOptionsPrices`), and handling days' metadata.
const VARIANT_FIELDS = ["id", "sku", "weight", "length", "height", "width", "metadata", "product.id"]
const ITEM_FIELDS = [
  ...[...VARIANT_FIELDS, "product.metadata", "product.shipping_profile.id"].map((field) => `variant.${field}`),
  ...["product.id", "product.weight"],
]

// The module's listing by context (geo zones, rules) that `listShippingOptionsForCartWithPricingWorkflow`'s Query runs,
// asked directly: a Query would reach it through two more layers.
async function listedOptions(
  fulfillment: IFulfillmentModuleService,
  sets: string[],
  destination: Destination
): Promise<Listed[]> {
  const address = {
    country_code: destination.country_code ?? undefined,
    province_code: destination.province ?? undefined,
    city: destination.city ?? undefined,
    postal_expression: destination.postal_code ?? undefined,
  }
  return optionLookups(JSON.stringify([sets, address]), async () => {
    const context = { is_return: "false", enabled_in_store: "true" }
    const options = await fulfillment.listShippingOptionsForContext(
      { fulfillment_set_id: sets, address, context },
      { relations: ["service_zone"] }
    )
    return options
      .filter((option) => isFreteProvider(option.provider_id))
      .map(({ id, name, data, shipping_profile_id, service_zone }) => ({
        id,
        name,
        data: data ?? null,
        shipping_profile_id: shipping_profile_id ?? null,
        fulfillment_set_id: service_zone?.fulfillment_set_id,
      }))
  })
}

// As `calculate`: the items of the option's shipping profile, and its fulfillment set's stock location.
async function requestsFor(
  scope: MedusaScope,
  channels: Channel[],
  cart: CartRow,
  destination: Destination
): Promise<OptionRequest[]> {
  const locationOf = new Map<string, Location>()
  for (const location of channels.flatMap((channel) => channel.stock_locations ?? []))
    for (const set of location?.fulfillment_sets ?? []) locationOf.set(set.id, location as Location)
  if (!locationOf.size) return []
  const listed = await listedOptions(fulfillmentOf(scope), [...locationOf.keys()].sort(), destination)
  return listed.map(({ fulfillment_set_id, ...option }) => {
    const { fulfillment_sets: _sets, ...from_location } = locationOf.get(fulfillment_set_id ?? "") ?? {}
    const items = (cart.items ?? []).filter(
      (item) =>
        !!option.shipping_profile_id && item.variant?.product?.shipping_profile?.id === option.shipping_profile_id
    )
    const request = quoteRequestFromCart({
      currency_code: cart.currency_code,
      items,
      shipping_address: destination,
      from_location,
    })
    return { option: { ...option, from_location }, request }
  })
}

// The cart's own address when it has that CEP (then options and queries are checkout's); else only the CEP.
export async function optionRequestsForCart(scope: MedusaScope, cartId: string, cep: string): Promise<OptionRequest[]> {
  const { data } = await queryOf(scope).graph({
    entity: "cart",
    fields: [
      "id",
      "currency_code",
      "sales_channel_id",
      "items.*",
      ...ITEM_FIELDS.map((field) => `items.${field}`),
      "shipping_address.*",
      ...CHANNEL_LOCATIONS.map((field) => `sales_channel.${field}`),
    ],
    filters: { id: cartId },
  })
  const cart = data[0] as (CartRow & { shipping_address?: Destination | null }) | undefined
  if (!cart) throw new MedusaError(MedusaError.Types.NOT_FOUND, "Carrinho não encontrado.")
  const stored = cart.shipping_address
  const destination =
    stored && tryNormalizeCep(stored.postal_code) === cep ? stored : { country_code: "br", postal_code: cep }
  return requestsFor(scope, cart.sales_channel ? [cart.sales_channel] : [], cart, destination)
}

// A product page's variants as a BRL cart of the key's sales channels. A variant the storefront cannot sell (a draft,
// another channel) is "Produto não encontrado" (400), before any freight call.
export async function optionRequestsForItems(
  scope: MedusaScope,
  items: Array<{ variant_id: string; quantity: number }>,
  cep: string,
  salesChannelIds: string[]
): Promise<OptionRequest[]> {
  const ids = [...new Set(items.map((item) => item.variant_id))].sort()
  const load = async () =>
    (
      await queryOf(scope).graph({
        entity: "variant",
        fields: [
          ...VARIANT_FIELDS,
          "product.metadata",
          "product.shipping_profile.id",
          "calculated_price.calculated_amount",
          "product.weight",
          "product.status",
          "product.sales_channels.id",
          ...CHANNEL_LOCATIONS.map((field) => `product.sales_channels.${field}`),
        ],
        filters: { id: ids },
        context: { calculated_price: QueryContext({ currency_code: "brl" }) },
      })
    ).data
  const channels = new Map<string, Channel>()
  const byId = new Map<string, VariantRow>()
  for (const variant of (await variantLookups(ids.join(","), load)) as VariantRow[]) {
    const sold = (variant.product?.sales_channels ?? []).filter((channel) =>
      salesChannelIds.includes(channel?.id ?? "")
    )
    if (variant.product?.status !== "published" || !sold.length) continue
    byId.set(variant.id as string, variant)
    for (const channel of sold) channels.set(channel?.id as string, channel as Channel)
  }
  const missing = ids.filter((id) => !byId.has(id))
  if (missing.length)
    throw new MedusaError(MedusaError.Types.INVALID_DATA, `Produto não encontrado: ${missing.join(", ")}`)
  const lines = items.map(({ variant_id, quantity }) => {
    const variant = byId.get(variant_id) as VariantRow
    const unit_price = numberOf(variant.calculated_price?.calculated_amount) ?? 0
    return { quantity, unit_price, variant_id, variant_sku: variant.sku ?? null, variant }
  })
  const destination = { country_code: "br", postal_code: cep }
  return requestsFor(scope, [...channels.values()], { currency_code: "brl", items: lines }, destination)
}
