import type { FreteFacts, FreteQuote } from "./types"

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

/** Everything a storefront shows of one option, in pt-BR. */
export function describeOption(option: FreteQuote | (FreteFacts & { amount: number })): OptionDescription {
  const name = "service_name" in option ? option.service_name : option.name
  return {
    name,
    carrier: formatCarrier(option.carrier),
    price: formatPrice(option.amount),
    deadline: formatDeadline(option.days),
    date: option.days === null || option.days >= UNKNOWN_DEADLINE ? null : formatDeliveryDate(option.delivery_estimate),
    estimated: option.is_fallback,
    note: option.is_fallback ? "Preço estimado" : null,
  }
}
