import type { Offer } from "./offers"
import type { FreteFacts } from "./storefront-contract"

export function factsOf(offer: Offer): FreteFacts {
  return { service: offer.service, service_name: offer.name, carrier: offer.carrier, days: offer.days, delivery_estimate: offer.deliveryEstimate, is_fallback: offer.isFallback }
}
