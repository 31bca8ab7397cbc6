// The storefront kit inlines this file: no import here. Leading zeros are kept: "01310-100" is São Paulo.
export function cepDigits(text: string): string | null {
  const trimmed = String(text ?? "").trim()
  if (!/^[\d.\-\s]+$/.test(trimmed)) return null
  const digits = trimmed.replace(/[.\-\s]/g, "")
  return digits.length === 8 ? digits : null
}
