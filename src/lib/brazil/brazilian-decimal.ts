const BRAZILIAN = /^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/
const DOT_DECIMAL = /^-?\d+(\.\d+)?$/
const DOT_THOUSANDS = /^-?\d{1,3}(\.\d{3}){2,}$/

/**
 * "1.234,56" (the freight API's way), plain numbers and dot-decimal text ("25.19"); a single dot without a comma is a
 * decimal point ("1.234" is 1.234).
 */
export function parseBrazilianDecimal(input: unknown): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null
  if (typeof input !== "string") return null
  const text = input.trim().replace(/^R\$\s*/, "")
  const normalized = text.includes(",")
    ? BRAZILIAN.test(text)
      ? text.replace(/\./g, "").replace(",", ".")
      : null
    : DOT_THOUSANDS.test(text)
      ? text.replace(/\./g, "")
      : DOT_DECIMAL.test(text)
        ? text
        : null
  const value = normalized === null ? NaN : Number(normalized)
  return Number.isFinite(value) ? value : null
}

/** Reais to whole centavos, rounding half away from zero (25.185 -> 2519), never -0. */
export function toCents(reais: number): number {
  const cents = Math.round(Math.abs(reais) * 100 + Number.EPSILON * 100)
  return reais < 0 && cents !== 0 ? -cents : cents
}

/** Number#toFixed without the exponent notation it uses from 1e21 up (doubles that large are whole). */
function toPlainFixed(value: number, fractionDigits: number): string {
  if (Number.isFinite(value) && Math.abs(value) >= 1e21) {
    const whole = BigInt(value).toString()
    return fractionDigits > 0 ? `${whole}.${"0".repeat(fractionDigits)}` : whole
  }
  return value.toFixed(fractionDigits)
}

export function formatBrazilianDecimal(value: number, fractionDigits = 2): string {
  const [whole, fraction] = toPlainFixed(Math.abs(value), fractionDigits).split(".")
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")
  const sign = value < 0 && Number(value.toFixed(fractionDigits)) !== 0 ? "-" : ""
  return fraction ? `${sign}${grouped},${fraction}` : `${sign}${grouped}`
}

/** 0.1 + 0.2 -> "0.3": never in exponent notation ("1e-7"), which the freight API does not read as a number. */
export function formatDecimalText(value: number, maxFractionDigits: number): string {
  const text = String(Number(value.toFixed(maxFractionDigits)))
  if (!/e/i.test(text)) return text
  const fixed = toPlainFixed(value, maxFractionDigits)
  const trimmed = fixed.includes(".") ? fixed.replace(/0+$/, "").replace(/\.$/, "") : fixed
  return Number(trimmed) === 0 ? "0" : trimmed
}
