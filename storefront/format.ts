import type { FreteFacts, FreteQuote } from "../src/lib/checkout/storefront-contract"

/** `cotacao_prazo` 101: the service does not know the deadline. */
const UNKNOWN_DEADLINE = 101

const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })
// The delivery date is a calendar date: formatted in UTC so no time zone moves it a day.
const shortDate = new Intl.DateTimeFormat("pt-BR", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" })

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

const comparable = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim()

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
 * Who carries a checkout option, and with which service when the option's name does not say it:
 * "Jadlog Package" under "Frete econômico", "Correios" under "SEDEX".
 */
export function formatCarrierLine(facts: Pick<FreteFacts, "carrier" | "service_name">, optionName: string): string | null {
  const carrier = formatCarrier(facts.carrier)
  const service = formatServiceName(facts.service_name, facts.carrier)
  const named = comparable(optionName).split(" ")
  const serviceSaid = comparable(service)
    .split(" ")
    .every((word) => named.includes(word))
  const parts = [carrier, serviceSaid ? null : service].filter((part): part is string => Boolean(part))
  return parts.length ? parts.join(" ") : null
}

/**
 * Everything a storefront shows of one option, in pt-BR. For a checkout option's facts, pass the
 * option's name: the carrier line then names the service only when that name does not.
 */
export function describeOption(option: FreteQuote | (FreteFacts & { amount: number }), optionName?: string): OptionDescription {
  const isFacts = "service_name" in option
  const name = optionName ?? (isFacts ? option.service_name : option.name)
  return {
    name,
    carrier: isFacts && optionName !== undefined ? formatCarrierLine(option, optionName) : formatCarrier(option.carrier),
    price: formatPrice(option.amount),
    deadline: formatDeadline(option.days),
    date: option.days === null || option.days >= UNKNOWN_DEADLINE ? null : formatDeliveryDate(option.delivery_estimate),
    estimated: option.is_fallback,
    note: option.is_fallback ? "Preço estimado" : null,
  }
}
