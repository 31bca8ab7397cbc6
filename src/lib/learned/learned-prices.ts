import { stateOfCep } from "../brazil/cep-state"
import type { FreightQuery, FreightQuote } from "../freight/schemas"
import type { FreteSettings } from "../settings/schema"

// A destination region is the CEP's first 5 digits (a district of a city, or a small town: thousands of addresses,
// priced alike by carriers); an area, its first 3; then its state. The origin is cut to 5 digits: an MEI ships from
// home.
export const REGION_DIGITS = 5
export const AREA_DIGITS = 3

/** What one service charged for one query, less the extra price and days the plugin asked for. Nothing personal. */
export type LearnedSample = {
  service: string
  service_name: string
  carrier: string | null
  origin_prefix: string
  destination_prefix: string
  destination_area: string
  destination_state: string
  weight_g: number
  value: number
  price_cents: number
  days: number | null
}

export type LearnedEstimate = {
  service: string
  name: string
  carrier: string | null
  amountCents: number
  days: number | null
  level: "region" | "area" | "state"
}

/** What the quoter asks of the learned prices: implemented by the module (modules/frete/learned-prices.ts). */
export interface LearnedPricing {
  learn(query: FreightQuery, quote: FreightQuote, settings: FreteSettings): void
  estimate(query: FreightQuery, settings: FreteSettings): Promise<LearnedEstimate[]>
}

/** Fewer answers than this, or a single weight, is too little to price from: more where more places mix. */
const MIN_SAMPLES = { region: 4, area: 8, state: 12 }
/** The newest answers a fit reads, per service and level. */
const MAX_FIT_SAMPLES = 200
/** A fit whose own answers stray further than this (root mean square, relative) mixes tariffs: not used. */
const MAX_FIT_ERROR = 0.08
/** How far past the weights seen a fit is trusted. */
const BELOW_LIGHTEST = 0.5
const ABOVE_HEAVIEST = 1.5
const MAX_STORED = 100_000_000

export const billableWeightKg = (query: Pick<FreightQuery, "volumes">): number =>
  query.volumes.reduce(
    (sum, volume) =>
      sum + Math.max(volume.weightKg, (volume.lengthCm * volume.widthCm * volume.heightCm) / 6000) * volume.quantity,
    0
  )

export function placeOf(query: FreightQuery) {
  return {
    origin_prefix: query.originCep.slice(0, REGION_DIGITS),
    destination_prefix: query.destinationCep.slice(0, REGION_DIGITS),
    destination_area: query.destinationCep.slice(0, AREA_DIGITS),
    destination_state: stateOfCep(query.destinationCep) ?? "",
  }
}

// Per service the cheapest quotation (the one checkout picks), net of the items' handling days; a 0,00 says nothing.
export function samplesOf(query: FreightQuery, quote: FreightQuote): LearnedSample[] {
  const cheapest = new Map<string, FreightQuote["quotations"][number]>()
  for (const quotation of quote.quotations) {
    const kept = cheapest.get(quotation.service)
    if (!kept || quotation.priceCents < kept.priceCents) cheapest.set(quotation.service, quotation)
  }
  const weight_g = Math.round(billableWeightKg(query) * 1000)
  return [...cheapest.values()].flatMap((quotation) => {
    const price_cents = quotation.priceCents
    if (price_cents <= 0 || price_cents > MAX_STORED || weight_g <= 0 || weight_g > MAX_STORED) return []
    const days = quotation.days === null ? null : Math.max(0, quotation.days - (query.extraDays ?? 0))
    return [
      {
        service: quotation.service,
        service_name: quotation.serviceName,
        carrier: quotation.carrier,
        ...placeOf(query),
        weight_g,
        value: query.invoiceValue,
        price_cents,
        days,
      },
    ]
  })
}

/**
 * Per service, a price fitted on the region's answers, else the area's (`samples`), else the state's (`state`, its
 * origin's own region apart: carriers price it as a city); none where none is near enough.
 */
export function estimateFrom(samples: LearnedSample[], query: FreightQuery, state: LearnedSample[] = []) {
  const { destination_prefix, origin_prefix } = placeOf(query)
  const local = destination_prefix === origin_prefix
  const statewide = state.filter((row) => (row.destination_prefix === row.origin_prefix) === local)
  const weightKg = billableWeightKg(query)
  const [services, statewideOf] = [byService(samples), byService(statewide)]
  const names = new Set([...services.keys(), ...statewideOf.keys()])
  return [...names].flatMap((service): LearnedEstimate[] => {
    const rows = services.get(service) ?? []
    const region = rows.filter((row) => row.destination_prefix === destination_prefix)
    for (const [level, chosen] of [
      ["region", region],
      ["area", rows],
      ["state", statewideOf.get(service) ?? []],
    ] as const) {
      const fitted = fit(chosen.slice(0, MAX_FIT_SAMPLES), weightKg, query.invoiceValue, MIN_SAMPLES[level])
      if (fitted === null) continue
      const newest = chosen[0]
      return [{ service, name: newest.service_name, carrier: newest.carrier, ...fitted, level }]
    }
    return []
  })
}

function byService(samples: LearnedSample[]): Map<string, LearnedSample[]> {
  const services = new Map<string, LearnedSample[]>()
  for (const sample of samples) {
    const rows = services.get(sample.service)
    if (rows) rows.push(sample)
    else services.set(sample.service, [sample])
  }
  return services
}

// Least squares of price over weight and declared value (over weight alone when the values do not vary apart).
function fit(
  rows: LearnedSample[],
  weightKg: number,
  value: number,
  minSamples: number
): { amountCents: number; days: number | null } | null {
  if (rows.length < minSamples) return null
  const points = rows.map((row) => ({ w: row.weight_g / 1000, v: row.value, p: row.price_cents }))
  const weights = points.map((point) => point.w)
  const [lightest, heaviest] = [Math.min(...weights), Math.max(...weights)]
  if (heaviest - lightest < 0.001 || weightKg < lightest * BELOW_LIGHTEST || weightKg > heaviest * ABOVE_HEAVIEST)
    return null
  const mean = (pick: (point: (typeof points)[number]) => number) =>
    points.reduce((sum, point) => sum + pick(point), 0) / points.length
  const [w0, v0, p0] = [mean((point) => point.w), mean((point) => point.v), mean((point) => point.p)]
  const sum = (pick: (point: (typeof points)[number]) => number) =>
    points.reduce((total, point) => total + pick(point), 0)
  const sww = sum((point) => (point.w - w0) ** 2)
  const svv = sum((point) => (point.v - v0) ** 2)
  const swv = sum((point) => (point.w - w0) * (point.v - v0))
  const swp = sum((point) => (point.w - w0) * (point.p - p0))
  const svp = sum((point) => (point.v - v0) * (point.p - p0))
  const det = sww * svv - swv * swv
  // Values that move with the weights (one product in several quantities) say nothing apart from them.
  const both = det > 1e-9 * sww * svv && svv > 1e-9
  const perKg = both ? (swp * svv - svp * swv) / det : swp / sww
  const perReal = both ? (svp * sww - swp * swv) / det : 0
  const predict = (w: number, v: number) => p0 + perKg * (w - w0) + perReal * (v - v0)
  const strayed = Math.sqrt(mean((point) => ((predict(point.w, point.v) - point.p) / point.p) ** 2))
  const amountCents = Math.round(predict(weightKg, value))
  if (!(strayed <= MAX_FIT_ERROR) || !(amountCents >= 0.5 * Math.min(...points.map((point) => point.p)))) return null
  const known = rows.flatMap((row) => (row.days === null ? [] : [row.days])).sort((a, b) => a - b)
  return { amountCents, days: known.length * 2 >= rows.length ? known[Math.floor(known.length / 2)] : null }
}
