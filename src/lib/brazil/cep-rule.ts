/**
 * What a typed CEP is, shared with the storefront kit (storefront/cep.ts inlines this file: no import here).
 * 8 digits; dots, dashes and spaces between them are punctuation. Leading zeros are kept: "01310-100" is São Paulo.
 */
export function cepDigits(text: string): string | null {
  const trimmed = String(text ?? "").trim()
  if (!/^[\d.\-\s]+$/.test(trimmed)) return null
  const digits = trimmed.replace(/[.\-\s]/g, "")
  return digits.length === 8 ? digits : null
}
