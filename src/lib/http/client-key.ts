import { isIP } from "node:net"

/** What a request says of where it came from: its socket's address and its X-Forwarded-For header(s). */
export interface RequestOrigin {
  socketAddress: string | undefined
  forwardedFor: string | string[] | undefined
}

/**
 * The client a request counts for, as the merchant's proxies say it (`trustedHops`, the number of
 * proxies in front of Medusa that append to X-Forwarded-For): 0, the socket's address, since
 * nothing in front can be trusted and any header may be forged; N, the Nth address from the right
 * of X-Forwarded-For, the one the outermost trusted proxy appended. Addresses to the left of it
 * are whatever the client sent. A header shorter than N (a request that came round a proxy) gives
 * its leftmost address, as Express's `trust proxy` does; no header at all, the socket's.
 *
 * An IPv6 client counts by its /56: providers give a home or office subscriber a /56 or a /64
 * (NIC.br and RIPE-690 recommend /56), and the subscriber can use any address of it, so counting
 * by /64 let one subscriber rotate through 256 bounds.
 */
export function clientKey({ socketAddress, forwardedFor }: RequestOrigin, trustedHops: number): string {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor : [forwardedFor ?? ""])
    .flatMap((header) => header.split(","))
    .map(stripPort)
    .filter((address) => address !== "")
  const hops = Math.max(0, Math.floor(trustedHops))
  const address = hops === 0 || forwarded.length === 0 ? stripPort(socketAddress ?? "") : forwarded[Math.max(0, forwarded.length - hops)]
  return groupOf(address || "unknown")
}

/** An address as a proxy may write it: `1.2.3.4:5678`, `[2001:db8::1]:443`, with spaces around. */
function stripPort(entry: string): string {
  const text = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) return bracketed[1]
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text)
  return v4WithPort ? v4WithPort[1] : text
}

/** IPv4 (also IPv4-mapped IPv6) as it is; IPv6 as its /56; anything else (a proxy's own label) as it is, lower-cased. */
function groupOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]
  if (isIP(address) !== 6) return address.toLowerCase()
  const groups = expandIpv6(address)
  // The first 56 bits: three groups and the high byte of the fourth.
  const fourth = (Number.parseInt(groups[3], 16) & 0xff00).toString(16)
  return `${[...groups.slice(0, 3), fourth].join(":")}::/56`
}

/** The eight groups of an IPv6 address, each as a lower-case number without leading zeros. */
function expandIpv6(address: string): string[] {
  const withoutZone = address.split("%")[0].toLowerCase()
  const [head, tail] = withoutZone.includes("::") ? withoutZone.split("::") : [withoutZone, undefined]
  const groupsOf = (part: string | undefined) => (part ? part.split(":").flatMap(ipv4Groups) : [])
  const left = groupsOf(head)
  const right = groupsOf(tail)
  const middle = tail === undefined ? [] : Array(Math.max(0, 8 - left.length - right.length)).fill("0")
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16).toString(16))
}

/** An embedded IPv4 tail (`::1.2.3.4`) as its two groups; any other group as it is. */
function ipv4Groups(group: string): string[] {
  if (!group.includes(".")) return [group]
  const [a, b, c, d] = group.split(".").map(Number)
  return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
}
