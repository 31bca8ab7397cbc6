/**
 * Numbers as the freight service reads and writes them. Clients send JSON numbers, dot-decimal
 * text ("12.5") or Brazilian text ("1.234,56"); the service answers prices in Brazilian text.
 */

const DOT_DECIMAL = /^-?\d+(\.\d+)?$/
const COMMA_DECIMAL = /^-?(\d{1,3}(\.\d{3})+|\d+)(,\d+)?$/

/**
 * A JSON number, or text in either notation, to a finite number; null for anything else.
 * A text with a comma is Brazilian (dots there group thousands); a text without one reads its
 * dot as the decimal point, so "1.234" is 1.234, never 1234.
 */
export function parseQueryNumber(value: unknown): number | null {
  if (typeof value === "number") {
    return Number.isFinite(value) ? value : null
  }
  if (typeof value !== "string") {
    return null
  }
  const text = value.trim()
  if (text.includes(",")) {
    return COMMA_DECIMAL.test(text) ? Number(text.replace(/\./g, "").replace(",", ".")) : null
  }
  return DOT_DECIMAL.test(text) ? Number(text) : null
}

/** Whether a value is text or a number, the two JSON types a numeric query member may take. */
export function isNumericJsonType(value: unknown): value is string | number {
  return typeof value === "string" || typeof value === "number"
}

/** Whole centavos to the service's price text: 123456 -> "1.234,56". */
export function formatBrazilianMoney(cents: number): string {
  const sign = cents < 0 ? "-" : ""
  const absolute = Math.abs(Math.round(cents))
  const reais = Math.floor(absolute / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  const centavos = (absolute % 100).toString().padStart(2, "0")
  return `${sign}${reais},${centavos}`
}
