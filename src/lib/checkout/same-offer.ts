import { CHEAPEST, pickOffer, type Offer } from "./offers"

export const sameOfferKey = (offer: Offer): string => JSON.stringify([offer.service, offer.amountCents, offer.deliveryEstimate, offer.carrier])

/** The fulfillment option a shipping option's `data` stands for, as the provider reads it (no id: the cheapest). */
export const fulfillmentOptionOf = (data: Record<string, unknown> | null | undefined): string => (typeof data?.id === "string" ? data.id : CHEAPEST)

export type ProviderOption = { name: string; data: Record<string, unknown> | null; service_zone_id: string; shipping_profile_id: string | null }

/** Groups of two or more options one quote resolves to the same offer (or fulfillment option) within a service zone and shipping profile. */
export function overlappingOptions(options: ProviderOption[], offers: Offer[]): Array<{ option_names: string[] }> {
  const groups = new Map<string, string[]>()
  for (const option of options) {
    const offer = pickOffer(offers, fulfillmentOptionOf(option.data))
    const key = JSON.stringify([option.service_zone_id, option.shipping_profile_id, offer ? sameOfferKey(offer) : fulfillmentOptionOf(option.data)])
    groups.set(key, [...(groups.get(key) ?? []), option.name])
  }
  return [...groups.values()].filter((names) => names.length > 1).map((option_names) => ({ option_names }))
}
