import type { MedusaContainer } from "@medusajs/framework/types"
import { fulfillmentOf, queryOf } from "../../../../bridge/medusa-bridge"
import { sharedFlight } from "../../../../lib/utils/shared-flight"
import { isFreteProvider } from "../../../../lib/frete-provider"

const channelLookups = sharedFlight<ChannelRow[]>()

/** A stock location as Medusa gives it to the provider in `context.from_location`. */
export interface OptionLocation {
  id: string
  name?: string | null
  address?: { postal_code?: string | null; [field: string]: unknown } | null
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

/** The destination as Medusa's cart workflow passes it to the fulfillment module's geo zone filter. */
export interface OptionAddress {
  country_code?: string
  province_code?: string
  city?: string
  postal_expression?: string
}

/** A sales channel with its stock locations, their addresses and fulfillment sets. */
export interface ChannelRow {
  id?: string
  stock_locations?: Array<(OptionLocation & { fulfillment_sets?: Array<{ id: string }> | null }) | null> | null
}

/** The fields of a sales channel (under `prefix`, as a linked record of the caller's entity) that `offeredOptions` reads. */
export function channelLocationFields(prefix: string): string[] {
  return ["id", "stock_locations.fulfillment_sets.id", "stock_locations.id", "stock_locations.name", "stock_locations.address.*"].map((field) => `${prefix}${field}`)
}

/**
 * The shipping options of this provider that Medusa's `listShippingOptionsForCartWorkflow` (the one
 * behind `GET /store/shipping-options?cart_id=`) would list for the sales channels and destination:
 * the fulfillment sets of the channels' stock locations, then the fulfillment module's
 * `listShippingOptionsForContext`, which applies the service zones' geo zones and the options'
 * rules (`enabled_in_store`, `is_return`) with the same context the workflow gives it. Each option
 * comes with its stock location, found as `calculateShippingOptionsPricesWorkflow` finds the
 * `from_location` it gives the provider: the location of the option's fulfillment set.
 */
export async function offeredOptions(container: MedusaContainer, salesChannelIds: string[], address: OptionAddress, channelsRead?: ChannelRow[]): Promise<OfferedOption[]> {
  if (!salesChannelIds.length) return []
  const query = queryOf(container)
  // The channels' locations, read in the caller's own Query call (`channelLocationFields`), or
  // here; shoppers of one storefront at once ask for the same channels: one query for all of them.
  const data = channelsRead ?? await channelLookups([...salesChannelIds].sort().join(","), async () =>
    (
      await query.graph({
        entity: "sales_channels",
        fields: channelLocationFields(""),
        filters: { id: salesChannelIds },
      })
    ).data as ChannelRow[]
  )
  const locationOfSet = new Map<string, OptionLocation>()
  for (const channel of data) {
    for (const location of channel.stock_locations ?? []) {
      if (!location) continue
      const { fulfillment_sets: sets, ...rest } = location
      for (const set of sets ?? []) locationOfSet.set(set.id, rest)
    }
  }
  if (!locationOfSet.size) return []

  const fulfillment = fulfillmentOf(container)
  const options = await fulfillment.listShippingOptionsForContext(
    {
      fulfillment_set_id: [...locationOfSet.keys()],
      address,
      // What the workflow gives the rules for a storefront's list: not a return, offered in the store.
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
}
