import type { Offer } from "./offers"
import type { FreteFacts } from "./storefront-contract"

/** What a checkout option's answer says of the offer that priced it: the provider's `calculated_price.frete`, its method data, the quote route's quotes. */
export function factsOf(offer: Offer): FreteFacts {
  return { service: offer.service, service_name: offer.name, carrier: offer.carrier, days: offer.days, delivery_estimate: offer.deliveryEstimate, is_fallback: offer.isFallback }
}
