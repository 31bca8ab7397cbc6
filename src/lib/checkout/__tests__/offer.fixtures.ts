import type { Offer } from "../offers"

/** An offer as a fresh API answer gives it: named as its service, by Correios, in 5 days, with no date. */
export const offerOf = (service: string, amountCents: number, more: Partial<Offer> = {}): Offer => ({
  service,
  name: service,
  carrier: "correios",
  amountCents,
  days: 5,
  deliveryEstimate: null,
  isFallback: false,
  consultaToken: null,
  code: null,
  ...more,
})
