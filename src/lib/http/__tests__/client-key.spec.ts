import type { IncomingMessage } from "node:http"
import { addressKeys, boundsOf, callerAddress, trustOf } from "../client-key"

const request = (remoteAddress: string | undefined, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor === undefined ? {} : { "x-forwarded-for": forwardedFor },
  }) as unknown as IncomingMessage
const PRIVATE = trustOf(["loopback", "linklocal", "uniquelocal"])

describe("callerAddress", () => {
  it("ignores X-Forwarded-For from a peer that is not a declared proxy: anyone can forge it", () => {
    expect(callerAddress(request("198.51.100.7", "203.0.113.1"), PRIVATE)).toBe("198.51.100.7")
    expect(callerAddress(request("10.0.0.2", "203.0.113.1"), trustOf([]))).toBe("10.0.0.2")
  })

  it("reads addresses as proxies write them: ports, brackets, zones, IPv4-mapped IPv6; none at all is null", () => {
    expect(callerAddress(request("10.0.0.2", "  203.0.113.9:51234 "), PRIVATE)).toBe("203.0.113.9")
    expect(callerAddress(request("::ffff:127.0.0.1"), PRIVATE)).toBe("127.0.0.1")
    expect(callerAddress(request("10.0.0.2", "[2001:db8::1]:443"), PRIVATE)).toBe("2001:db8::1")
    expect(callerAddress(request("fe80::1%eth0"), trustOf([]))).toBe("fe80::1")
    expect(callerAddress(request(undefined), PRIVATE)).toBeNull()
  })
})

describe("boundsOf", () => {
  it("counts an IPv4 address alone, inside its /24", () => {
    expect(boundsOf("203.0.113.9")).toEqual({ client: "203.0.113.9", network: "203.0.113.0/24" })
  })

  it("counts an IPv6 address by its /56, inside its /48: a subscriber cannot get a fresh bound from another /64 of its prefix", () => {
    expect(boundsOf("2001:db8:abcd:1200:1::1")).toEqual({
      client: "2001:db8:abcd:1200::/56",
      network: "2001:db8:abcd::/48",
    })
    expect(boundsOf("2001:0DB8:ABCD:12ff:ffff:1:2:3")).toEqual({
      client: "2001:db8:abcd:1200::/56",
      network: "2001:db8:abcd::/48",
    })
    expect(boundsOf("2001:db8:abcd:1300::1").client).toBe("2001:db8:abcd:1300::/56")
    expect(boundsOf(null)).toEqual({ client: "unknown", network: "unknown" })
  })
})

describe("addressKeys", () => {
  it("keeps no address: HMACs under the store's secret, another secret another key", () => {
    const keys = addressKeys(request("203.0.113.9"), PRIVATE, "secret-a")
    expect(keys.client).toMatch(/^[0-9a-f]{32}$/)
    expect(JSON.stringify(keys)).not.toContain("203.0.113")
    expect(addressKeys(request("203.0.113.10"), PRIVATE, "secret-a").network).toBe(keys.network)
    expect(addressKeys(request("203.0.113.10"), PRIVATE, "secret-a").client).not.toBe(keys.client)
    expect(addressKeys(request("203.0.113.9"), PRIVATE, "secret-b").client).not.toBe(keys.client)
  })
})
