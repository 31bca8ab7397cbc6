export const REDACTED = "[REDACTED]"

const TOKEN_PARAM = /([?&]token=)[^&#\s"']*/gi
const AUTHORIZATION = /(authorization["']?\s*[:=]\s*["']?\s*(?:basic|bearer)\s+)[^\s"',}]+/gi
const BASIC_SCHEME = /(\bBasic\s+)[A-Za-z0-9+/=._~:-]{6,}/g

/**
 * Removes credentials from text that is about to become an error message or a log line: the
 * `token` query parameter of a URL, an Authorization header's value, and every given secret
 * wherever it stands (raw or URL-encoded). The input is not changed.
 */
export function redact(text: string, secrets: ReadonlyArray<string | undefined> = []): string {
  let out = text
  for (const secret of secrets) {
    if (!secret) {
      continue
    }
    for (const form of new Set([secret, encodeURIComponent(secret)])) {
      out = out.split(form).join(REDACTED)
    }
  }
  return out
    .replace(TOKEN_PARAM, `$1${REDACTED}`)
    .replace(AUTHORIZATION, `$1${REDACTED}`)
    .replace(BASIC_SCHEME, `$1${REDACTED}`)
}
