// The checkout warm-up: the kit's client against a real HTTP server on loopback that answers as
// the store quote route does, the debounce driven by an injected clock (no sleeps).
import http from "node:http"
import type { AddressInfo } from "node:net"
import { createFreteClient } from "../client"
import { createQuoteWarmer, warmQuote, type WarmQuoteResult } from "../warm"

const QUOTES = [
  {
    option_id: "so_eco",
    service: "jadlog-package",
    name: "Frete econômico",
    carrier: "jadlog",
    amount: 21.5,
    currency_code: "brl",
    days: 8,
    delivery_estimate: "2026-12-02",
    is_fallback: false,
  },
]

/** A clock the test moves by hand: timers fire only when it is advanced past them. */
function manualClock() {
  let now = 0
  let next = 1
  const pending = new Map<number, { at: number; run: () => void }>()
  return {
    timers: {
      setTimeout: (run: () => void, ms: number) => {
        pending.set(next, { at: now + ms, run })
        return next++
      },
      clearTimeout: (handle: unknown) => void pending.delete(handle as number),
    },
    advance(ms: number) {
      now += ms
      for (const [handle, timer] of [...pending].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at > now) continue
        pending.delete(handle)
        timer.run()
      }
    },
    pending: () => pending.size,
  }
}

describe("the checkout warm-up", () => {
  let server: http.Server
  let baseUrl: string
  let status = 200
  const received: Array<{ url?: string; body: unknown }> = []

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = ""
      req.on("data", (chunk) => (raw += chunk))
      req.on("end", () => {
        received.push({ url: req.url, body: JSON.parse(raw) })
        res.writeHead(status, { "content-type": "application/json" })
        res.end(
          JSON.stringify(
            status === 200
              ? { quotes: QUOTES }
              : {
                  type: "invalid_data",
                  code: "cep_not_served",
                  message: "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.",
                }
          )
        )
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  beforeEach(() => {
    received.length = 0
    status = 200
  })

  it("quotes the cart for a complete CEP, and asks nothing for an incomplete one or without a cart", async () => {
    const client = createFreteClient({ baseUrl })
    expect(await warmQuote(client, { cartId: "cart_1", postalCode: "30130-01" })).toBeNull()
    expect(await warmQuote(client, { cartId: null, postalCode: "30130-010" })).toBeNull()
    expect(received).toHaveLength(0)
    expect(await warmQuote(client, { cartId: "cart_1", postalCode: "30130-010" })).toEqual({
      cep: "30130010",
      quotes: QUOTES,
      error: null,
    })
    expect(received).toEqual([{ url: "/store/frete/quotes", body: { postal_code: "30130010", cart_id: "cart_1" } }])
  })

  it("never rejects: a failed warm-up resolves with the plugin's error as plain data", async () => {
    status = 400
    const result = await warmQuote(createFreteClient({ baseUrl }), { cartId: "cart_1", postalCode: "99999-999" })
    expect(result).toEqual({
      cep: "99999999",
      quotes: null,
      error: {
        code: "cep_not_served",
        message: "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.",
        status: 400,
        retryAfterSeconds: null,
      },
    })
  })

  it("warms once per complete CEP as the shopper types, after the CEP settles", async () => {
    const clock = manualClock()
    const warmed: WarmQuoteResult[] = []
    let done: () => void = () => undefined
    const warmer = createQuoteWarmer(createFreteClient({ baseUrl }), {
      delayMs: 400,
      timers: clock.timers,
      onWarmed: (result) => (warmed.push(result), done()),
    })
    const settle = () => new Promise<void>((resolve) => ((done = resolve), clock.advance(400)))

    // Typed digit by digit: nothing until the CEP is complete.
    for (const typed of ["3", "30", "301", "3013", "30130", "30130-0", "30130-01"]) {
      warmer.update({ cartId: "cart_1", postalCode: typed })
      clock.advance(100)
    }
    expect(clock.pending()).toBe(0)
    warmer.update({ cartId: "cart_1", postalCode: "30130-010" })
    // Not before the delay.
    clock.advance(399)
    expect(received).toHaveLength(0)
    await new Promise<void>((resolve) => ((done = resolve), clock.advance(1)))
    expect(received).toHaveLength(1)

    // The same CEP again (re-rendered, or erased and retyped): no new request.
    warmer.update({ cartId: "cart_1", postalCode: "30130-010" })
    warmer.update({ cartId: "cart_1", postalCode: "30130-01" })
    warmer.update({ cartId: "cart_1", postalCode: "30130010" })
    expect(clock.pending()).toBe(0)

    // A CEP replaced before its delay is never asked; the one that stays is.
    warmer.update({ cartId: "cart_1", postalCode: "40010-000" })
    clock.advance(200)
    warmer.update({ cartId: "cart_1", postalCode: "80010-000" })
    await settle()
    expect(received.map((request) => (request.body as { postal_code: string }).postal_code)).toEqual([
      "30130010",
      "80010000",
    ])
    expect(warmed.map((result) => result.cep)).toEqual(["30130010", "80010000"])

    // Cancelled (the form went away): the pending warm-up never runs.
    warmer.update({ cartId: "cart_1", postalCode: "69010-000" })
    warmer.cancel()
    clock.advance(1000)
    expect(received).toHaveLength(2)
  })
})
