// The shopper's address that a storefront's server forwards to Medusa: what it reads from the
// request it received, and what it refuses to pass on.
import { shopperHeaders } from "../forward"

describe("the shopper's address for a storefront server's calls", () => {
  it("forwards X-Forwarded-For as received, from Next's headers() or a Fetch Headers", () => {
    // What Next.js's server gives when it faces the shopper: the connecting address, filled in.
    expect(shopperHeaders(new Headers({ "x-forwarded-for": "::ffff:203.0.113.7" }))).toEqual({
      "x-forwarded-for": "::ffff:203.0.113.7",
    })
    // Behind a load balancer: what the shopper wrote, then what the balancer appended.
    expect(shopperHeaders(new Headers({ "x-forwarded-for": "198.51.100.1,  203.0.113.7" }))).toEqual({
      "x-forwarded-for": "198.51.100.1, 203.0.113.7",
    })
  })

  it("reads Node's IncomingHttpHeaders, a header repeated on several lines, and names in any case", () => {
    expect(shopperHeaders({ "x-forwarded-for": "203.0.113.7", host: "loja.example.com.br" })).toEqual({
      "x-forwarded-for": "203.0.113.7",
    })
    expect(shopperHeaders({ "x-forwarded-for": ["198.51.100.1", "203.0.113.7"] })).toEqual({
      "x-forwarded-for": "198.51.100.1, 203.0.113.7",
    })
    expect(shopperHeaders({ "X-Forwarded-For": "203.0.113.7" })).toEqual({ "x-forwarded-for": "203.0.113.7" })
  })

  it("takes X-Real-IP, whichever header the proxy sets: left of the X-Forwarded-For Next.js fills with the proxy's address", () => {
    expect(shopperHeaders(new Headers({ "x-real-ip": "203.0.113.7" }))).toEqual({ "x-forwarded-for": "203.0.113.7" })
    // nginx sets X-Real-IP only; Next.js then puts nginx's own address in X-Forwarded-For, which Medusa skips as a trusted proxy.
    expect(shopperHeaders({ "x-forwarded-for": "127.0.0.1", "x-real-ip": "203.0.113.7" })).toEqual({
      "x-forwarded-for": "203.0.113.7, 127.0.0.1",
    })
  })

  it("appends the connection's address given by a plain Node server, as a proxy does", () => {
    expect(shopperHeaders({}, "127.0.0.9")).toEqual({ "x-forwarded-for": "127.0.0.9" })
    expect(shopperHeaders({ "x-forwarded-for": "198.51.100.1" }, "::ffff:127.0.0.9")).toEqual({
      "x-forwarded-for": "198.51.100.1, ::ffff:127.0.0.9",
    })
    expect(shopperHeaders({ "x-real-ip": "203.0.113.7" }, "10.0.0.2")).toEqual({
      "x-forwarded-for": "203.0.113.7, 10.0.0.2",
    })
    expect(shopperHeaders({ "x-forwarded-for": "203.0.113.7" }, undefined)).toEqual({
      "x-forwarded-for": "203.0.113.7",
    })
  })

  it("adds nothing when nothing is known", () => {
    expect(shopperHeaders(new Headers())).toEqual({})
    expect(shopperHeaders({})).toEqual({})
    expect(shopperHeaders(null)).toEqual({})
    expect(shopperHeaders(undefined, null)).toEqual({})
    expect(shopperHeaders({ "x-forwarded-for": " , " })).toEqual({})
  })

  it.each([
    ["203.0.113.7"],
    ["203.0.113.7:51234"],
    ["::1"],
    ["2001:db8::1"],
    ["2001:DB8:0:0:0:0:0:1"],
    ["[2001:db8::1]"],
    ["[2001:db8::1]:443"],
    ["::ffff:127.0.0.1"],
    ["fe80::1%eth0"],
    ["1:2:3:4:5:6:7::"],
  ])("passes on %p, an address as proxies write it", (entry) => {
    expect(shopperHeaders({ "x-forwarded-for": entry })).toEqual({ "x-forwarded-for": entry })
  })

  it.each([
    ["unknown"],
    ["203.0.113.256"],
    ["203.0.113"],
    ["203.0.113.7.1"],
    ["2001:db8::1::2"],
    ["2001:db8:0:0:0:0:0:0:1"],
    ["1.2.3.4::"],
    ["::ffff:1.2.3.999"],
    ["[203.0.113.7]"],
    ["203.0.113.7:port"],
    ["<script>"],
  ])("passes on nothing from %p, which is not an address", (entry) => {
    expect(shopperHeaders({ "x-forwarded-for": entry })).toEqual({})
  })

  it("keeps only the entries right of the last malformed one: what the client wrote is not passed on", () => {
    expect(shopperHeaders({ "x-forwarded-for": "1.2.3.4, hello, 198.51.100.1, 203.0.113.7" })).toEqual({
      "x-forwarded-for": "198.51.100.1, 203.0.113.7",
    })
    // A malformed header never hides the connection's own address.
    expect(shopperHeaders({ "x-forwarded-for": "not an address" }, "127.0.0.9")).toEqual({
      "x-forwarded-for": "127.0.0.9",
    })
  })

  it("keeps at most the 10 rightmost entries of a long header", () => {
    const written = Array.from(
      { length: 5000 },
      (_, index) => `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`
    )
    const forwarded = shopperHeaders({ "x-forwarded-for": written.join(", ") }, "127.0.0.9")
    expect(forwarded).toEqual({ "x-forwarded-for": [...written.slice(-9), "127.0.0.9"].join(", ") })
  })
})
