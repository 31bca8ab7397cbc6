/**
 * The one rule of what a typed CEP is, read by the server (`normalizeCep` in cep.ts) and by the
 * storefront kit (storefront/cep.ts, which inlines this file into its bundle). Plain TypeScript
 * with no import, so the browser gets none of the server.
 *
 * A CEP is 8 digits; dots, dashes and spaces between them are punctuation ("20040-002",
 * "20040002", "20.040-002", " 20040 002 "). Anything else (a letter, a sign, 7 or 9 digits) is
 * not a CEP. Leading zeros are kept: "01310-100" is São Paulo.
 */
export function cepDigits(text: string): string | null {
  const trimmed = String(text ?? "").trim()
  if (!/^[\d.\-\s]+$/.test(trimmed)) {
    return null
  }
  const digits = trimmed.replace(/[.\-\s]/g, "")
  return digits.length === 8 ? digits : null
}
