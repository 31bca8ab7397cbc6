import fc from "fast-check"
import { clientKey } from "../client-key"

const origin = (socketAddress: string | undefined, forwardedFor?: string | string[]) => ({ socketAddress, forwardedFor })

describe("clientKey", () => {
  it("with no trusted proxy, counts the socket's address and ignores X-Forwarded-For, which anyone can forge", () => {
    expect(clientKey(origin("198.51.100.7", "203.0.113.1"), 0)).toBe("198.51.100.7")
    expect(clientKey(origin("198.51.100.7", ["203.0.113.1", "203.0.113.2"]), 0)).toBe("198.51.100.7")
  })

  it("behind one proxy, counts the address that proxy appended (the rightmost), not what the client wrote before it", () => {
    expect(clientKey(origin("10.0.0.2", "203.0.113.9"), 1)).toBe("203.0.113.9")
    expect(clientKey(origin("10.0.0.2", "1.1.1.1, 2.2.2.2, 203.0.113.9"), 1)).toBe("203.0.113.9")
  })

  it("behind N proxies, counts the Nth address from the right, across repeated headers", () => {
    expect(clientKey(origin("10.0.0.3", "6.6.6.6, 203.0.113.9, 10.0.0.2"), 2)).toBe("203.0.113.9")
    expect(clientKey(origin("10.0.0.3", ["6.6.6.6, 203.0.113.9", "10.0.0.2"]), 2)).toBe("203.0.113.9")
  })

  it("a header shorter than the hops gives its leftmost address; none at all, the socket's", () => {
    expect(clientKey(origin("10.0.0.3", "203.0.113.9"), 3)).toBe("203.0.113.9")
    expect(clientKey(origin("127.0.0.1", undefined), 1)).toBe("127.0.0.1")
    expect(clientKey(origin("127.0.0.1", " , "), 1)).toBe("127.0.0.1")
    expect(clientKey(origin(undefined, undefined), 1)).toBe("unknown")
  })

  it("reads addresses as proxies write them: spaces, ports, brackets, IPv4-mapped IPv6", () => {
    expect(clientKey(origin("10.0.0.2", "  203.0.113.9:51234 "), 1)).toBe("203.0.113.9")
    expect(clientKey(origin("::ffff:127.0.0.1", undefined), 0)).toBe("127.0.0.1")
    expect(clientKey(origin("10.0.0.2", "[2001:db8::1]:443"), 1)).toBe("2001:db8:0:0::/56")
  })

  it("counts an IPv6 client by its /56: one subscriber cannot get a fresh bound by moving to another /64 of its prefix", () => {
    const a = clientKey(origin("2001:db8:abcd:1200:1::1", undefined), 0)
    expect(a).toBe("2001:db8:abcd:1200::/56")
    expect(clientKey(origin("2001:0DB8:ABCD:12ff:ffff:1:2:3", undefined), 0)).toBe(a)
    expect(clientKey(origin("2001:db8:abcd:1234::9", undefined), 0)).toBe(a)
    expect(clientKey(origin("2001:db8:abcd:1300::1", undefined), 0)).not.toBe(a)
    expect(clientKey(origin("::1", undefined), 0)).toBe("0:0:0:0::/56")
    expect(clientKey(origin("fe80::1%eth0", undefined), 0)).toBe("fe80:0:0:0::/56")
    expect(clientKey(origin("64:ff9b::192.0.2.33", undefined), 0)).toBe("64:ff9b:0:0::/56")
  })

  it("cannot be moved off the address the trusted proxies appended, whatever the client puts before it", () => {
    const address = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join("."))
    fc.assert(
      fc.property(fc.array(fc.oneof(address, fc.string({ maxLength: 30 })), { maxLength: 6 }), address, fc.array(address, { maxLength: 3 }), (forged, real, proxies) => {
        const header = [...forged, real, ...proxies].join(", ")
        expect(clientKey(origin("10.9.9.9", header), proxies.length + 1)).toBe(real)
      })
    )
  })
})
