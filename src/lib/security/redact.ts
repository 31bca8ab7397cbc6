export const REDACTED = "[REDACTED]"

const TOKEN_PARAM = /([?&]token=)[^&#\s"']*/gi
const AUTHORIZATION = /(authorization["']?\s*[:=]\s*["']?\s*(?:basic|bearer)\s+)[^\s"',}]+/gi
const BASIC_SCHEME = /(\bBasic\s+)[A-Za-z0-9+/=._~:-]{6,}/g

/**
 * The ways a secret may be written in a message: as it is, URL-encoded as encodeURIComponent
 * does, and form-encoded as URLSearchParams writes a query (the transport builds its URLs so:
 * a space as "+", "!'()~" escaped). A lone surrogate has no encoded form.
 */
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

/**
 * Removes credentials from text that is about to become an error message or a log line: the
 * `token` query parameter of a URL, an Authorization header's value, and every given secret
 * wherever it stands (raw or URL-encoded). The input is not changed.
 *
 * Every occurrence of every secret is found in the original text first, and overlapping ones are
 * replaced as one: replacing one secret after another would leave the part of a second secret
 * that overlaps none of the first, and could match a secret inside an inserted "[REDACTED]".
 */
export function redact(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  const spans: Array<[number, number]> = []
  for (const secret of secrets) {
    if (!secret) {
      continue
    }
    for (const form of formsOf(secret)) {
      for (let at = text.indexOf(form); at !== -1; at = text.indexOf(form, at + 1)) {
        spans.push([at, at + form.length])
      }
    }
  }
  spans.sort((a, b) => a[0] - b[0])
  let out = ""
  // Text before `cursor` is written out or redacted.
  let cursor = 0
  for (let i = 0; i < spans.length; ) {
    const start = spans[i][0]
    let end = spans[i][1]
    for (i++; i < spans.length && spans[i][0] < end; i++) {
      end = Math.max(end, spans[i][1])
    }
    out += `${text.slice(cursor, start)}${REDACTED}`
    cursor = end
  }
  out += text.slice(cursor)
  return out
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(AUTHORIZATION, `$1${REDACTED}`)
    .replace(BASIC_SCHEME, `$1${REDACTED}`)
}
