const BRAZILIAN = /^-?\d{1,3}(\.\d{3})*(,\d+)?$|^-?\d+(,\d+)?$/
const DOT_DECIMAL = /^-?\d+(\.\d+)?$/
const DOT_THOUSANDS = /^-?\d{1,3}(\.\d{3}){2,}$/

// "1.234,56" (the freight API's way), plain numbers and dot-decimal text ("25.19"); a single dot without a comma is a
// decimal point ("1.234" is 1.234).
export function parseBrazilianDecimal(input: unknown): number | null {
  if (typeof input === "number") return Number.isFinite(input) ? input : null
  if (typeof input !== "string") return null
  const text = input.trim().replace(/^R\$\s*/, "")
  const normalized = text.includes(",")
    ? BRAZILIAN.test(text) && text.replace(/\./g, "").replace(",", ".")
    : DOT_THOUSANDS.test(text)
      ? text.replace(/\./g, "")
      : DOT_DECIMAL.test(text) && text
  const value = normalized ? Number(normalized) : NaN
  return Number.isFinite(value) ? value : null
}

/** Reais to whole centavos, rounding half away from zero (25.185 -> 2519), never -0. */
export function toCents(reais: number): number {
  const cents = Math.round(Math.abs(reais) * 100 + Number.EPSILON * 100)
  return reais < 0 && cents !== 0 ? -cents : cents
}

// Made once per shape: a formatter costs about 70 µs. Rounded by toFixed first, and a -0 written as 0.
const formats = new Map<string, Intl.NumberFormat>()
function format(value: number, digits: number, brazilian: boolean): string {
  const key = `${brazilian}:${digits}`
  const options = {
    minimumFractionDigits: brazilian ? digits : 0,
    maximumFractionDigits: digits,
    useGrouping: brazilian,
  }
  const made = formats.get(key) ?? new Intl.NumberFormat(brazilian ? "pt-BR" : "en-US", options)
  formats.set(key, made)
  return made.format(Number(value.toFixed(digits)) || 0)
}

/** "1.234,56", never in exponent notation. */
export const formatBrazilianDecimal = (value: number, fractionDigits = 2): string => format(value, fractionDigits, true)

/** 0.1 + 0.2 -> "0.3": never in exponent notation ("1e-7"), which the freight API does not read as a number. */
export const formatDecimalText = (value: number, maxFractionDigits: number): string =>
  format(value, maxFractionDigits, false)
