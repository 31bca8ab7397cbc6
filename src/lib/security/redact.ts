export const REDACTED = "[REDACTED]"

const TOKEN_PARAM = /([?&]token=)[^&#\s"']*/gi
const AUTHORIZATION = /(authorization["']?\s*[:=]\s*["']?\s*(?:basic|bearer)\s+)[^\s"',}]+/gi
const BASIC_SCHEME = /(\bBasic\s+)[A-Za-z0-9+/=._~:-]{6,}/g

/** Raw, URL-encoded, and form-encoded as URLSearchParams writes a query (the transport builds its URLs so). */
function formsOf(secret: string): string[] {
  const forms = [secret]
  try {
    forms.push(encodeURIComponent(secret))
  } catch {
    // URIError: a secret with a lone surrogate cannot be URL-encoded, so it appears only raw.
  }
  forms.push(new URLSearchParams([["", secret]]).toString().slice(1))
  return [...new Set(forms)].filter((form) => form !== "")
}

/** Every secret's forms found in the original text first (overlaps as one), then `token=` and Authorization values. */
export function redact(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  const spans: Array<[number, number]> = []
  for (const secret of secrets) {
    if (!secret) continue
    for (const form of formsOf(secret)) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) spans.push([at, at + form.length])
    }
  }
  let out = ""
  let cursor = 0
  // By start: a span that begins before the ones so far end is part of them.
  for (const [start, end] of spans.sort((a, b) => a[0] - b[0])) {
    if (start >= cursor) out += `${text.slice(cursor, start)}${REDACTED}`
    cursor = Math.max(cursor, end)
  }
  out += text.slice(cursor)
  return out
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(AUTHORIZATION, `$1${REDACTED}`)
    .replace(BASIC_SCHEME, `$1${REDACTED}`)
}
