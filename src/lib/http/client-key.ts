import { createHmac } from "node:crypto"
import type { IncomingMessage } from "node:http"
import ipaddr from "ipaddr.js"
import proxyaddr from "proxy-addr"

export type TrustProxy = (address: string, hop: number) => boolean
export type AddressKeys = { client: string; network: string }
type Request = Pick<IncomingMessage, "headers" | "socket">

const compiled = new Map<string, TrustProxy>()

// Express's `trust proxy` list, compiled once per list.
export function trustOf(proxies: string[]): TrustProxy {
  const key = proxies.join(",")
  let trust = compiled.get(key)
  if (!trust) compiled.set(key, (trust = proxyaddr.compile(proxies)))
  return trust
}

export const callerAddress = (req: Request, trust: TrustProxy): string | null =>
  parsed(proxyaddr(req as IncomingMessage, trust))

// An IPv4 address inside its /24; an IPv6 one by its /56 (a subscriber's prefix, NIC.br and RIPE-690) inside its /48.
export function boundsOf(address: string | null): { client: string; network: string } {
  if (!address) return { client: "unknown", network: "unknown" }
  const ip = ipaddr.parse(address)
  if (ip.kind() === "ipv4")
    return { client: address, network: `${(ip as ipaddr.IPv4).octets.slice(0, 3).join(".")}.0/24` }
  const parts = (ip as ipaddr.IPv6).parts
  const head = parts
    .slice(0, 3)
    .map((part) => part.toString(16))
    .join(":")
  return { client: `${head}:${(parts[3] & 0xff00).toString(16)}::/56`, network: `${head}::/48` }
}

// HMACs under the store's own secret: the shared count keeps no address.
export function addressKeys(req: Request, trust: TrustProxy, secret: string): AddressKeys {
  return keysOf(callerAddress(req, trust), secret)
}

// Null when every hop is a trusted proxy that forwarded no one (a storefront server): its shoppers are then bounded
// per cart only, never sharing one address's bound.
export function shopperKeys(req: Request, trust: TrustProxy, secret: string): AddressKeys | null {
  const hops = proxyaddr.all(req as IncomingMessage, trust)
  const last = hops.length - 1
  if (last < 0 || trust(hops[last], last)) return null
  return keysOf(parsed(hops[last]), secret)
}

function keysOf(address: string | null, secret: string): AddressKeys {
  const { client, network } = boundsOf(address)
  const keyed = (text: string) => createHmac("sha256", secret).update(text).digest("hex").slice(0, 32)
  return { client: keyed(`address:${client}`), network: keyed(`network:${network}`) }
}

// As proxies write it (`1.2.3.4:5678`, `[2001:db8::1]:443`), IPv4-mapped IPv6 as IPv4; null when it is none.
function parsed(entry: string | undefined): string | null {
  const text = (entry ?? "").trim()
  const bare =
    /^\[([^\]]+)\](?::\d+)?$/.exec(text)?.[1] ?? /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(text)?.[1] ?? text.split("%")[0]
  return ipaddr.isValid(bare) ? ipaddr.process(bare).toString() : null
}
