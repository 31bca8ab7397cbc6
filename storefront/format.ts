import { toFreteError } from "./errors"
import type { FreteFacts, FreteQuote } from "../src/lib/checkout/storefront-contract"

/** `cotacao_prazo` 101: the service does not know the deadline. */
const UNKNOWN_DEADLINE = 101

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })
// The delivery date is a calendar date: formatted in UTC so no time zone moves it a day.
const shortDate = new Intl.DateTimeFormat("pt-BR", {
  weekday: "short",
  day: "numeric",
  month: "short",
  timeZone: "UTC",
})

/** "R$ 33,14" (pt-BR; a plain space, where Intl puts a no-break one, so texts compare as typed). */
export function formatBRL(amount: number): string {
  return money.format(amount).replace(/\u00a0/g, " ")
}

/** "Grátis" for 0, else the price in reais. */
export function formatPrice(amount: number): string {
  return amount === 0 ? "Grátis" : formatBRL(amount)
}

/** "Receba em até 4 dias úteis"; same day: "Receba hoje"; unknown: "Prazo a confirmar". */
export function formatDeadline(days: number | null): string {
  if (days === null || !Number.isFinite(days) || days < 0 || days >= UNKNOWN_DEADLINE) return "Prazo a confirmar"
  if (days === 0) return "Receba hoje"
  return `Receba em até ${days} ${days === 1 ? "dia útil" : "dias úteis"}`
}

/** "2026-11-26" → "Chega até qui., 26 de nov."; null for no date or one that is not a date. */
export function formatDeliveryDate(isoDate: string | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate ?? "")
  if (!match) return null
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
  if (date.getUTCDate() !== Number(match[3])) return null
  return `Chega até ${shortDate.format(date)}`
}

export interface OptionDescription {
  name: string
  carrier: string | null
  price: string
  deadline: string
  date: string | null
  estimated: boolean
  /** "Preço estimado" when the price comes from the store's fallback table. */
  note: string | null
}

/** Carrier slugs as a shopper reads them: "correios" → "Correios", "azul-cargo" → "Azul Cargo". */
export function formatCarrier(carrier: string | null): string | null {
  if (!carrier?.trim()) return null
  if (/[A-Z\s]/.test(carrier)) return carrier.trim()
  return carrier
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ")
}

/**
 * A service's name as a shopper reads it beside its carrier: the carrier's name and the API's
 * separators and leading dots dropped ("Jadlog - .Package" → "Package", "Correios - SEDEX" → "SEDEX").
 */
export function formatServiceName(serviceName: string, carrier: string | null): string {
  let name = serviceName.trim()
  const carrierName = formatCarrier(carrier)
  if (carrierName && name.toLowerCase().startsWith(carrierName.toLowerCase())) name = name.slice(carrierName.length)
  name = name
    .replace(/^[\s\-–—:·|]+/, "")
    .replace(/(^|\s)\.(?=\p{L})/gu, "$1")
    .trim()
  return name || serviceName.trim()
}

/**
 * The carrier line of an option, the same on every screen: its carrier as a shopper reads it
 * ("Jadlog", "Correios", "Azul Cargo"), from a quote of the quote route or a checkout option's facts
 * alike. The service itself is said by the option's name, which the merchant gave it.
 */
export function formatCarrierLine(option: { carrier: string | null }, _optionName?: string): string | null {
  // The option's name, the second argument of this function's first version, is not needed any
  // more: accepted, so that code written for it still compiles.
  return formatCarrier(option.carrier)
}

/**
 * Options in price order, cheapest first, as the quote route and the calculator list them: ties by
 * name (pt-BR), options with no price yet (loading, failed) last in the order given. A new array.
 * `priceOf` reads an option's price: checkout's options are priced apart (`calculate`), e.g.
 * `(option) => prices[option.id]?.amount`.
 */
export function sortByPrice<T extends { name: string }>(
  options: readonly T[],
  priceOf: (option: T) => number | null | undefined
): T[] {
  const priced = (option: T) => {
    const price = priceOf(option)
    return typeof price === "number" && Number.isFinite(price) ? price : null
  }
  return options
    .map((option, index) => ({ option, index, price: priced(option) }))
    .sort((a, b) => {
      if (a.price === null || b.price === null)
        return a.price === b.price ? a.index - b.index : a.price === null ? 1 : -1
      return a.price - b.price || a.option.name.localeCompare(b.option.name, "pt-BR") || a.index - b.index
    })
    .map(({ option }) => option)
}

/**
 * The delivery step's options with one row per offer: options that resolve to the same offer (the
 * same service, carrier, price and date, e.g. a "cheapest" option beside the service it picked)
 * keep the first in the order given (the merchant's), or the chosen one (`chosenId`) if it is
 * among them. Options not priced yet, and other providers' options, all stay.
 */
export function uniqueOffers<T extends { id: string }>(
  options: readonly T[],
  offerOf: (option: T) => { amount?: number | null; facts?: FreteFacts | null } | null | undefined,
  chosenId?: string | null
): T[] {
  const keyOf = (option: T) => {
    const offer = offerOf(option)
    if (!offer?.facts || typeof offer.amount !== "number") return null
    return JSON.stringify([offer.facts.service, offer.facts.carrier, offer.amount, offer.facts.delivery_estimate])
  }
  const kept = new Map<string, string>()
  for (const option of options) {
    const key = keyOf(option)
    if (key !== null && (!kept.has(key) || option.id === chosenId)) kept.set(key, option.id)
  }
  return options.filter((option) => {
    const key = keyOf(option)
    return key === null || kept.get(key) === option.id
  })
}

/** A cart's (or an order's) totals as the summary reads them: the shipping methods chosen, and their subtotal. */
export interface ShippingTotals {
  shipping_methods?: ReadonlyArray<{ amount?: number | null }> | null
  shipping_subtotal?: number | null
}

/**
 * The summary's shipping line: "a calcular" until a shipping method is chosen (R$ 0,00 there reads
 * as free freight), then its price: "R$ 33,14", or "Grátis" when a rule made it 0. The price is
 * `shipping_subtotal` when the totals have it, else the sum of the methods' amounts.
 */
export function formatShippingTotal(totals: ShippingTotals | null | undefined): string {
  const methods = totals?.shipping_methods ?? []
  if (!methods.length) return "a calcular"
  const subtotal = totals?.shipping_subtotal
  const amount =
    typeof subtotal === "number" ? subtotal : methods.reduce((sum, method) => sum + (method.amount ?? 0), 0)
  return formatPrice(amount)
}

/**
 * Everything a storefront shows of one option, in pt-BR, from a quote of the quote route or a
 * checkout option's facts (then pass the option's name, which the facts do not carry).
 */
export function describeOption(
  option: FreteQuote | (FreteFacts & { amount: number }),
  optionName?: string
): OptionDescription {
  const isFacts = "service_name" in option
  const name = optionName ?? (isFacts ? option.service_name : option.name)
  return {
    name,
    carrier: formatCarrierLine(option),
    price: formatPrice(option.amount),
    deadline: formatDeadline(option.days),
    date: option.days === null || option.days >= UNKNOWN_DEADLINE ? null : formatDeliveryDate(option.delivery_estimate),
    estimated: option.is_fallback,
    note: option.is_fallback ? "Preço estimado" : null,
  }
}

/**
 * The CEP-level error among options' errors (or a warm-up's): the message of the first that the
 * shopper fixes by changing the CEP (an invalid CEP, a CEP the freight service does not know), or
 * null. One such message stands for the whole list: say it once, above the options.
 */
export function cepErrorMessage(errors: ReadonlyArray<unknown>): string | null {
  for (const error of errors) {
    if (error === undefined || error === null) continue
    const problem = toFreteError(error)
    if (problem.isCepProblem) return problem.message
  }
  return null
}
