/**
 * A service's base URL as the plugin accepts one: http or https, no query string, fragment or
 * user info (a credential in a URL would end up in logs). Trailing slashes are removed.
 */
export function isServiceUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === "http:" || url.protocol === "https:") && !url.search && !url.hash && !url.username && !url.password
  } catch {
    return false
  }
}

export function normalizeServiceUrl(value: string): string {
  return value.replace(/\/+$/, "")
}
