import { formatBrazilianDecimal, parseBrazilianDecimal } from "../../lib/brazil/brazilian-decimal"

/**
 * The number typed in an input ("12,50", "1.234,56", "0.3"). Null when empty or not a number:
 * it is sent as null and the server's validation names the field.
 */
export function numberFromText(text: string): number | null {
  return parseBrazilianDecimal(text)
}

/**
 * The number typed, null when blank (no bound, where a field takes one), else the text as typed:
 * sent as it is, the server's validation names the field rather than a blank bound saved.
 */
export function numberOrText(text: string): number | string | null {
  const trimmed = text.trim()
  return trimmed === "" ? null : (parseBrazilianDecimal(trimmed) ?? trimmed)
}

/** A number as the merchant types it: 0.3 -> "0,3". */
export function textFromNumber(value: number): string {
  return String(value).replace(".", ",")
}

/** An amount in reais as the merchant types it: 25.9 -> "25,90", 1234.5 -> "1.234,50". */
export function textFromReais(value: number): string {
  return formatBrazilianDecimal(value, 2)
}

/** Optional text: empty is null. */
export function textOrNull(text: string): string | null {
  const trimmed = text.trim()
  return trimmed === "" ? null : trimmed
}

/** "SP, RJ mg" -> ["SP", "RJ", "mg"]: items separated by commas, semicolons or spaces. */
export function listFromText(text: string): string[] {
  return text.split(/[\s,;]+/).filter((item) => item !== "")
}

/** ["SP", "RJ"] -> "SP, RJ". */
export function textFromList(items: string[]): string {
  return items.join(", ")
}
