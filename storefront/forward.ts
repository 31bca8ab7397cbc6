/** Request headers as a storefront's server has them: Next's `await headers()`, a Fetch `Headers`, or Node's `req.headers`. */
export type IncomingHeaders = { get(name: string): string | null } | Record<string, string | string[] | undefined>

/** What `shopperHeaders` gives: the header to spread into a call to Medusa, or nothing to add. */
export type ShopperHeaders = { "x-forwarded-for": string } | Record<string, never>

/** More than any real chain of proxies: a longer header is the shopper's own writing, and its left end is never read. */
const MAX_ENTRIES = 10

/**
 * The shopper's address for the calls a storefront's server makes to Medusa, so the plugin's quota
 * guard counts each shopper instead of the storefront server: `{ "x-forwarded-for": chain }`, or
 * `{}` when nothing is known. The chain is what the storefront's proxy wrote: `X-Real-IP` (nginx)
 * left of the incoming `X-Forwarded-For` (Vercel's, a load balancer's, or the one Next.js fills
 * with the connecting address); with `remoteAddress` (a plain Node server) that address is
 * appended, as a proxy does. Medusa reads it only from a peer in its `trusted_proxies`, skipping
 * trusted addresses from the right. Only the entries right of the last one that is not an IP
 * address are kept, at most 10: the right end is what the proxies wrote.
 */
export function shopperHeaders(
  incoming: IncomingHeaders | null | undefined,
  remoteAddress?: string | null
): ShopperHeaders {
  const received = [headerOf(incoming, "x-real-ip"), headerOf(incoming, "x-forwarded-for")].filter(Boolean).join(",")
  const entries = received.split(",").map((entry) => entry.trim())
  if (remoteAddress) entries.push(remoteAddress.trim())
  const chain: string[] = []
  for (let index = entries.length - 1; index >= 0 && chain.length < MAX_ENTRIES; index -= 1) {
    const entry = entries[index]
    // An empty entry is a stray comma (or no header at all), not an address someone wrote.
    if (entry === "") continue
    if (!isAddress(entry)) break
    chain.unshift(entry)
  }
  return chain.length > 0 ? { "x-forwarded-for": chain.join(", ") } : {}
}

function headerOf(incoming: IncomingHeaders | null | undefined, name: string): string {
  if (!incoming) return ""
  if (typeof incoming.get === "function") return incoming.get(name) ?? ""
  const record = incoming as Record<string, string | string[] | undefined>
  // Node lower-cases header names; a record built by hand may not.
  const key = Object.keys(record).find((candidate) => candidate.toLowerCase() === name)
  const value = key === undefined ? undefined : record[key]
  return Array.isArray(value) ? value.join(",") : (value ?? "")
}

/** An address as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `2001:db8::1`, `[2001:db8::1]:443`. */
function isAddress(entry: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(entry)
  if (bracketed) return isIpv6(bracketed[1])
  const v4WithPort = /^([\d.]+):\d{1,5}$/.exec(entry)
  return isIpv4(v4WithPort ? v4WithPort[1] : entry) || isIpv6(entry)
}

function isIpv4(text: string): boolean {
  const parts = text.split(".")
  return parts.length === 4 && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)
}

function isIpv6(text: string): boolean {
  // A zone (`fe80::1%eth0`) names the local interface of a link-local address; Node reports it so.
  const [address, zone, ...rest] = text.split("%")
  if (rest.length > 0 || (zone !== undefined && !/^[\w.-]+$/.test(zone))) return false
  // A dotted IPv4 tail (`::ffff:127.0.0.1`) stands for two groups.
  const dotted = /^(.*:)([\d.]+\.[\d.]+)$/.exec(address)
  if (dotted && !isIpv4(dotted[2])) return false
  const halves = (dotted ? `${dotted[1]}0:0` : address).split("::")
  if (halves.length > 2) return false
  const groups = halves.flatMap((half) => (half === "" ? [] : half.split(":")))
  if (!groups.every((group) => /^[\da-f]{1,4}$/i.test(group))) return false
  const count = groups.length
  return halves.length === 2 ? count < 8 : count === 8
}
