/**
 * The token and the credential must never be stored where they could be printed, and comparing
 * them must not leak how much of a guess was right.
 */
import { createHash, timingSafeEqual } from "node:crypto"

const REDACTED = "[REDACTED]"

/** Constant-time comparison; hashing first makes texts of different lengths comparable. */
export function secretsEqual(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text, "utf8").digest()
  return timingSafeEqual(digest(given), digest(expected))
}

function redactText(text: string, secrets: readonly string[]): string {
  return secrets.reduce((result, secret) => (secret ? result.split(secret).join(REDACTED) : result), text)
}

/**
 * A deep copy of a JSON value with every occurrence of a secret replaced, in keys as in values:
 * a client that misplaces its token in a body must not get it into the call log.
 */
export function redactSecrets(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") {
    return redactText(value, secrets)
  }
  if (Array.isArray(value)) {
    return value.map((item) => redactSecrets(item, secrets))
  }
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [redactText(key, secrets), redactSecrets(item, secrets)])
    )
  }
  return value
}
