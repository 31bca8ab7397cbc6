import { toCents } from "../brazil/brazilian-decimal"
import { deliveryEstimate } from "../brazil/business-days"
import type { FreightQuery, FreightQuote } from "../freight/schemas"
import { billableWeightKg, type LearnedEstimate } from "../learned/learned-prices"
import type { FreteSettings } from "../settings/schema"
import type { FreteFacts } from "./storefront-contract"

export interface Offer {
  service: string
  name: string
  carrier: string | null
  amountCents: number
  days: number | null // business days; 0 is same day
  deliveryEstimate: string | null // "YYYY-MM-DD"
  isFallback: boolean // an estimate: from the fallback table, or `learned` from the API's earlier answers
  learned?: true
  consultaToken: string | null
  code: string | null
}

export function factsOf(offer: Offer): FreteFacts {
  return {
    service: offer.service,
    service_name: offer.name,
    carrier: offer.carrier,
    days: offer.days,
    delivery_estimate: offer.deliveryEstimate,
    is_fallback: offer.isFallback,
    estimated_from: offer.isFallback ? (offer.learned ? "learned" : "table") : null,
  }
}

export function byDisplayOrder(settings: FreteSettings) {
  const position = new Map(settings.services.map((service, index) => [service.metaname, index]))
  return (a: { service: string; amountCents: number }, b: { service: string; amountCents: number }) =>
    (position.get(a.service) ?? Number.MAX_SAFE_INTEGER) - (position.get(b.service) ?? Number.MAX_SAFE_INTEGER) ||
    a.amountCents - b.amountCents
}

export function offersFromQuote(quote: FreightQuote, settings: FreteSettings, now: Date): Offer[] {
  const asOffered = serviceAsOffered(settings)
  return quote.quotations
    .filter((quotation) => asOffered(quotation).enabled)
    .map((quotation) => ({
      service: quotation.service,
      name: asOffered(quotation).name,
      carrier: quotation.carrier,
      amountCents: quotation.priceCents,
      days: quotation.days,
      deliveryEstimate: deliveryEstimate(quotation.days, now),
      isFallback: false,
      consultaToken: quote.consultaToken,
      code: quotation.code,
    }))
}

export function serviceAsOffered(settings: FreteSettings) {
  const configured = new Map(settings.services.map((service) => [service.metaname, service]))
  return (quotation: { service: string; serviceName: string }): { name: string; enabled: boolean } => {
    const setting = configured.get(quotation.service)
    // In an auction one metaname has several quotations: only the service's own name tells them apart.
    const renamed = setting?.display_name && quotation.serviceName === setting.name ? setting.display_name : null
    return { name: renamed ?? quotation.serviceName, enabled: setting?.enabled !== false }
  }
}

export type Estimate = Omit<LearnedEstimate, "level"> & { learned?: true }

// Each service's first band holding the cart.
export const tableEstimates = (query: FreightQuery, settings: FreteSettings): Estimate[] =>
  settings.fallback.flatMap((entry) => {
    const band = entry.bands.find((candidate) => billableWeightKg(query) <= candidate.max_weight_kg)
    return band ? [{ ...entry, amountCents: toCents(band.price), days: band.days }] : []
  })

// What checkout charges while the API cannot answer: per service the learned price, else the table's.
export function estimatePrices(learned: LearnedEstimate[], query: FreightQuery, settings: FreteSettings, now: Date) {
  const known = new Set(learned.map((estimate) => estimate.service))
  const table = tableEstimates(query, settings).filter((estimate) => !known.has(estimate.service))
  const estimates = [...learned.map((estimate) => ({ ...estimate, learned: true as const })), ...table]
  const offers = estimatedOffers(estimates, query, settings, now)
  if (!offers.length) return null
  return { offers, source: offers.some((offer) => offer.learned) ? ("learned" as const) : ("fallback" as const) }
}

export const fallbackOffers = (query: FreightQuery, settings: FreteSettings, now: Date): Offer[] =>
  estimatedOffers(tableEstimates(query, settings), query, settings, now)

// Plus the items' handling days, as the API adds them; the rules apply after, as to the API's answer.
export function estimatedOffers(estimates: Estimate[], query: FreightQuery, settings: FreteSettings, now: Date) {
  return estimates.flatMap((estimate): Offer[] => {
    const setting = settings.services.find((service) => service.metaname === estimate.service)
    if (setting?.enabled === false) return []
    const days = estimate.days === null ? null : estimate.days + (query.extraDays ?? 0)
    return [
      {
        service: estimate.service,
        name: setting?.display_name ?? estimate.name,
        carrier: estimate.carrier,
        amountCents: estimate.amountCents,
        days,
        deliveryEstimate: deliveryEstimate(days, now),
        isFallback: true,
        ...(estimate.learned && { learned: estimate.learned }),
        consultaToken: null,
        code: null,
      },
    ]
  })
}

export const CHEAPEST = "cheapest"
export const FASTEST = "fastest"

const daysOrLast = (offer: Offer) => (offer.days === null ? Number.MAX_SAFE_INTEGER : offer.days)

// A service's metaname picks its cheapest quotation, should an auction repeat it; unknown days come last.
export function pickOffer(offers: Offer[], optionId: string): Offer | undefined {
  const byPrice = (a: Offer, b: Offer) => a.amountCents - b.amountCents || daysOrLast(a) - daysOrLast(b)
  const byDays = (a: Offer, b: Offer) => daysOrLast(a) - daysOrLast(b) || a.amountCents - b.amountCents
  if (optionId === CHEAPEST) return [...offers].sort(byPrice)[0]
  if (optionId === FASTEST) return [...offers].sort(byDays)[0]
  return offers.filter((offer) => offer.service === optionId).sort(byPrice)[0]
}

export const sameOfferKey = (offer: Offer): string =>
  JSON.stringify([offer.service, offer.amountCents, offer.deliveryEstimate, offer.carrier])

export const fulfillmentOptionOf = (data: Record<string, unknown> | null | undefined): string =>
  typeof data?.id === "string" ? data.id : CHEAPEST

export type ProviderOption = {
  name: string
  data: Record<string, unknown> | null
  service_zone_id: string
  shipping_profile_id: string | null
}

// Options one quote resolves to the same offer within a service zone and shipping profile.
export function overlappingOptions(options: ProviderOption[], offers: Offer[]): Array<{ option_names: string[] }> {
  const groups = new Map<string, string[]>()
  for (const option of options) {
    const offer = pickOffer(offers, fulfillmentOptionOf(option.data))
    const key = JSON.stringify([
      option.service_zone_id,
      option.shipping_profile_id,
      offer ? sameOfferKey(offer) : fulfillmentOptionOf(option.data),
    ])
    groups.set(key, [...(groups.get(key) ?? []), option.name])
  }
  return [...groups.values()].filter((names) => names.length > 1).map((option_names) => ({ option_names }))
}
