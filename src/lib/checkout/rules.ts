import { toCents } from "../brazil/brazilian-decimal"
import { deliveryEstimate } from "../brazil/business-days"
import { stateOfCep, stateOfProvince } from "../brazil/cep-state"
import type { FreteSettings } from "../settings/schema"
import type { FreteRule, RuleAction, RuleScope } from "../settings/rules"
import { byDisplayOrder, type Offer } from "./offers"

/** What a rule's scope reads of the parcel an option ships (its shipping profile's items), from `buildFreightQuery`. */
export type RuleCart = {
  subtotal: number // reais
  destinationCep: string
  state: string | null
  weightKg: number // billable
  items: Array<{ productId: string | null; profileId: string | null }>
}

/** A rule that changed the offers: its position in `rules`, and the services it changed. */
export type AppliedRule = { index: number; name: string; action: RuleAction; services: string[] }

const within = (value: number, low: number | null, high: number | null) =>
  (low === null || value >= low) && (high === null || value <= high)

/** Whether the scope reaches the parcel, its services aside. */
function reaches(scope: RuleScope, cart: RuleCart): boolean {
  const { states, cep_ranges, product_ids, shipping_profile_ids } = scope
  const ownItem = (item: RuleCart["items"][number]) =>
    (item.productId !== null && product_ids.includes(item.productId)) ||
    (item.profileId !== null && shipping_profile_ids.includes(item.profileId))
  return (
    (states.length === 0 || (cart.state !== null && (states as string[]).includes(cart.state))) &&
    (cep_ranges.length === 0 ||
      cep_ranges.some((range) => cart.destinationCep >= range.from && cart.destinationCep <= range.to)) &&
    within(cart.subtotal, scope.min_subtotal, scope.max_subtotal) &&
    within(cart.weightKg, scope.min_weight_kg, scope.max_weight_kg) &&
    (product_ids.length + shipping_profile_ids.length === 0 || cart.items.every(ownItem))
  )
}

/** The state of the CEP; the address's province only where the CEP's ranges name none. */
export const stateOf = (cep: string, province?: string | null): string | null =>
  stateOfCep(cep) ?? stateOfProvince(province)

const priceWith = (action: RuleAction, cents: number, cart: RuleCart): number => {
  switch (action.type) {
    case "free":
      return 0
    case "percent":
      return Math.round(cents * (1 + action.value / 100))
    case "amount":
      return cents + toCents(action.value)
    case "subtotal_percent":
      return cents + toCents((cart.subtotal * action.value) / 100)
    case "price":
      return toCents(action.value)
    default:
      return cents
  }
}

function applyOne(rule: FreteRule, offers: Offer[], cart: RuleCart, now: Date): { offers: Offer[]; changed: string[] } {
  const { action, scope } = rule
  const inScope = (offer: Offer) => scope.services.length === 0 || scope.services.includes(offer.service)
  const touched = offers.filter(inScope)
  if (!touched.length) return { offers, changed: [] }
  if (action.type === "hide")
    return { offers: offers.filter((offer) => !inScope(offer)), changed: touched.map((offer) => offer.service) }
  const cheapest = touched.reduce((best, offer) => (offer.amountCents < best.amountCents ? offer : best))
  const next = offers.map((offer): Offer => {
    if (!inScope(offer)) return offer
    if (action.type === "free_cheapest") return offer === cheapest ? { ...offer, amountCents: 0 } : offer
    if (action.type === "days") {
      const days = offer.days === null ? null : offer.days + action.value
      return { ...offer, days, deliveryEstimate: deliveryEstimate(days, now) }
    }
    return { ...offer, amountCents: Math.max(0, priceWith(action, offer.amountCents, cart)) }
  })
  const changed = next.filter((offer, index) => offer !== offers[index]).map((offer) => offer.service)
  return { offers: next, changed }
}

const daysOrLast = (offer: Offer) => (offer.days === null ? Number.MAX_SAFE_INTEGER : offer.days)
const ORDERS = {
  price: () => (a: Offer, b: Offer) => a.amountCents - b.amountCents || daysOrLast(a) - daysOrLast(b),
  days: () => (a: Offer, b: Offer) => daysOrLast(a) - daysOrLast(b) || a.amountCents - b.amountCents,
  services: byDisplayOrder,
}
/** The store's order of options (`option_order`). */
export const offerOrder = (settings: FreteSettings) => ORDERS[settings.option_order](settings)

// The rules in order over an outbound cart's offers, then the store's order and its most options. Never a negative
// price; a return (no cart) is the carrier's trip alone, as the API priced it.
export function applyRules(offers: Offer[], cart: RuleCart | null, settings: FreteSettings, now: Date) {
  const applied: AppliedRule[] = []
  let current = offers
  if (cart)
    settings.rules.forEach((rule, index) => {
      if (!rule.enabled || !reaches(rule.scope, cart)) return
      const { offers: next, changed } = applyOne(rule, current, cart, now)
      current = next
      if (changed.length) applied.push({ index, name: rule.name, action: rule.action, services: [...new Set(changed)] })
    })
  const ordered = [...current].sort(offerOrder(settings))
  return { offers: settings.max_options === null ? ordered : ordered.slice(0, settings.max_options), applied }
}

// One offer per service a rule names, and one no rule names, all priced far above any freight; `cheapest` a centavo
// under the others (which service the carrier prices lowest is not known without its answer).
function probesOf(services: string[], cheapest: string): Offer[] {
  return services.map((service) => ({
    service,
    name: service,
    carrier: null,
    amountCents: service === cheapest ? 99_999_999 : 100_000_000,
    days: null,
    deliveryEstimate: null,
    isFallback: false,
    consultaToken: null,
    code: null,
  }))
}

/**
 * Whether the rules, in order, leave some service of this parcel at R$ 0,00 whichever service the carrier prices
 * lowest: free freight as checkout will price it, promised only when it holds for any answer of the carrier.
 */
function pricedFree(settings: FreteSettings, cart: RuleCart, now = new Date()): boolean {
  const unbounded = { ...settings, max_options: null }
  const services = [...new Set(settings.rules.flatMap((rule) => rule.scope.services)), ""]
  return services.every((cheapest) =>
    applyRules(probesOf(services, cheapest), cart, unbounded, now).offers.some((offer) => offer.amountCents === 0)
  )
}

// In reais: the smallest subtotal from which the parcel is priced free (a later rule that charges again counts), and
// what it lacks (at least R$ 0,01). A larger parcel changes only where a rule's subtotal bound starts or ends.
export function freeFreightProgress(settings: FreteSettings, cart: RuleCart) {
  const bounds = settings.rules.flatMap(({ enabled, scope }) =>
    enabled ? [scope.min_subtotal ?? 0, ...(scope.max_subtotal === null ? [] : [scope.max_subtotal + 0.01])] : []
  )
  const candidates = [...new Set([0, ...bounds.map((bound) => toCents(bound) / 100)])].sort((a, b) => a - b)
  const freeAt = (subtotal: number) => pricedFree(settings, { ...cart, subtotal })
  const { subtotal } = cart
  if (freeAt(subtotal)) {
    const threshold = candidates.find((candidate) => candidate <= subtotal && freeAt(candidate)) ?? subtotal
    return { free: true, reachable: true, threshold, missing: 0 }
  }
  const threshold = candidates.find((candidate) => candidate > subtotal && freeAt(candidate))
  if (threshold === undefined) return { free: false, reachable: false, threshold: null, missing: null }
  return { free: false, reachable: true, threshold, missing: Math.max(1, toCents(threshold) - toCents(subtotal)) / 100 }
}
