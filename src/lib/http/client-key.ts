import { isIP } from "node:net"

// `trustedHops` 0: the socket's address (any header may be forged); N: the Nth X-Forwarded-For address from the right, the leftmost of a shorter header.
// An IPv6 client counts by its /56: a subscriber gets a /56 or a /64 (NIC.br, RIPE-690) and may use any address of it.
export function clientKey({ socketAddress, forwardedFor }: { socketAddress: string | undefined; forwardedFor: string | string[] | undefined }, trustedHops: number): string {
  const forwarded = (Array.isArray(forwardedFor) ? forwardedFor : [forwardedFor ?? ""])
    .flatMap((header) => header.split(","))
    .map(stripPort)
    .filter((address) => address !== "")
  const hops = Math.max(0, Math.floor(trustedHops))
  const address = hops === 0 || forwarded.length === 0 ? stripPort(socketAddress ?? "") : forwarded[Math.max(0, forwarded.length - hops)]
  return groupOf(address || "unknown")
}

function stripPort(entry: string): string {
  const text = entry.trim()
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text)
  if (bracketed) return bracketed[1]
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text)
  return v4WithPort ? v4WithPort[1] : text
}

function groupOf(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)
  if (mapped) return mapped[1]
  if (isIP(address) !== 6) return address.toLowerCase()
  const groupsOf = (part: string | undefined) =>
    (part ? part.split(":") : []).flatMap((group) => {
      if (!group.includes(".")) return [group]
      const [a, b, c, d] = group.split(".").map(Number)
      return [((a << 8) | b).toString(16), ((c << 8) | d).toString(16)]
    })
  const [head, tail] = address.split("%")[0].toLowerCase().split("::")
  const left = groupsOf(head)
  const right = groupsOf(tail)
  const groups = [...left, ...Array(tail === undefined ? 0 : Math.max(0, 8 - left.length - right.length)).fill("0"), ...right].map((group) => Number.parseInt(group, 16).toString(16))
  return `${[...groups.slice(0, 3), (Number.parseInt(groups[3], 16) & 0xff00).toString(16)].join(":")}::/56`
}
