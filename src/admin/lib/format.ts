import { formatBrazilianDecimal } from "../../lib/brazil/brazilian-decimal"
import { formatCep } from "../../lib/brazil/cep"
import type { TFunction } from "i18next"

/** 1234.56 -> "R$ 1.234,56" (a plain space after "R$"). */
export function formatBrl(amount: number): string {
  return `R$ ${formatBrazilianDecimal(amount, 2)}`
}

/** A freight deadline in business days, in the admin's language: 0 is same day, null is not known yet. */
export function formatDays(t: TFunction, days: number | null): string {
  if (days === null) {
    return t("frete.format.daysUnknown")
  }
  if (days === 0) {
    return t("frete.format.sameDay")
  }
  return days === 1 ? t("frete.format.oneDay") : t("frete.format.days", { days })
}

const dateTime = new Intl.DateTimeFormat("pt-BR", { dateStyle: "short", timeStyle: "short" })

/** An ISO date-time as "22/11/2026 14:05", in the browser's time zone (Brazilian in every language). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}

/** An 8-digit CEP as "01310-100"; anything else as it is. */
export function displayCep(cep: string): string {
  return /^\d{8}$/.test(cep) ? formatCep(cep) : cep
}

/** A CNPJ's 14 characters, numeric or alphanumeric, as "12.345.678/0001-90" or "12.ABC.345/01DE-35"; anything else as it is. */
export function displayCnpj(cnpj: string): string {
  const match = /^([0-9A-Z]{2})([0-9A-Z]{3})([0-9A-Z]{3})([0-9A-Z]{4})(\d{2})$/.exec(cnpj)
  return match ? `${match[1]}.${match[2]}.${match[3]}/${match[4]}-${match[5]}` : cnpj
}

/** Names in quotes as one list in the admin's language: “A”, “B” e “C”. */
export function formatQuotedList(t: TFunction, names: string[]): string {
  const quoted = names.map((name) => `“${name}”`)
  return quoted.length < 2
    ? quoted.join("")
    : `${quoted.slice(0, -1).join(", ")} ${t("frete.format.and")} ${quoted[quoted.length - 1]}`
}

/** The Intl locale of the dashboard's language ("ptBR", "en"): Brazilian Portuguese, else English. */
export function localeOf(language: string | undefined): string {
  return language?.startsWith("pt") ? "pt-BR" : "en-US"
}

/** A calendar date "2026-11-27" as the language writes it: "27/11/2026", "11/27/2026". */
export function formatCalendarDate(day: string, locale: string): string {
  const date = new Date(`${day}T12:00:00Z`)
  return Number.isNaN(date.getTime())
    ? day
    : new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" }).format(
        date
      )
}

/** A number with at most `digits` decimals in the language: 8.5 -> "8,5" in Portuguese. */
export function formatNumber(value: number, locale: string, digits = 1): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)
}

/** A bucket of the Frete page's charts, in São Paulo's time: an hour "14:00", a day "27/11" ("11/27" in English). */
export function formatBucket(at: string, bucket: "hour" | "day", locale: string): string {
  if (bucket === "day") {
    const date = new Date(`${at}T12:00:00Z`)
    return Number.isNaN(date.getTime())
      ? at
      : new Intl.DateTimeFormat(locale, { day: "2-digit", month: "2-digit", timeZone: "UTC" }).format(date)
  }
  const date = new Date(at)
  return Number.isNaN(date.getTime())
    ? at
    : new Intl.DateTimeFormat(locale, {
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
        timeZone: "America/Sao_Paulo",
      }).format(date)
}

/** A bound of the answer time histogram: "300" -> "≤ 300 ms", "1500" -> "≤ 1,5 s", "inf" -> "> 10 s". */
export function formatLatency(bound: string, locale: string): string {
  if (bound === "inf") return `> ${formatNumber(10, locale)} s`
  const ms = Number(bound)
  return ms < 1000 ? `≤ ${ms} ms` : `≤ ${formatNumber(ms / 1000, locale)} s`
}

/** A share as a percentage in the language: 0.625 -> "62,5%"; null is "—". */
export function formatShare(share: number | null, locale: string): string {
  return share === null
    ? "—"
    : new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 }).format(share)
}

/** A bound of the learned prices' error histogram: "10" -> "≤ 10%", "inf" -> "> 50%". */
export function formatErrorBound(bound: string, locale: string): string {
  return bound === "inf" ? `> ${formatShare(0.5, locale)}` : `≤ ${formatShare(Number(bound) / 100, locale)}`
}
