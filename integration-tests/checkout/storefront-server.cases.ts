// A storefront that calls Medusa from its own server, as the dtc-starter's server actions do: every
// shopper's call reaches Medusa from the storefront server's address. Forwarding each shopper's
// address with the kit's `shopperHeaders` (the README's step for the Next.js starters) makes each
// shopper a client of its own for the quote route's bound, with the default proxy trust
// (`trusted_proxies`: the storefront server here is on the loopback); without it, all shoppers are one client there. Medusa's own routes bound each cart.
import Medusa from "@medusajs/js-sdk"
import http from "node:http"
import type { AddressInfo } from "node:net"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import type { FreteCases } from "../helpers/frete-runner"
import { findPostalArea } from "../../sandbox/postal-base"
import { shopperHeaders } from "../../storefront/index"

// Ten carts made, then ten shoppers priced through Medusa: half a minute on a busy 2-core machine.
// (A timeout per test: this module is loaded by a group file, whose other tests keep theirs.)
const SHOPPERS_MS = 600_000

/** Twice the bound per client the first test sets: were they one client, half would be refused. */
const SHOPPERS = 10
const BOUND = 5
/** The second test's bound on the quote route: even when its checkouts touch two minutes of the clock, fewer than the shoppers. */
const ONE_CLIENT_BOUND = 3

type Price = { calculated_amount?: number; frete?: { is_fallback?: boolean } }
/** What the storefront server tells the shopper's browser: the status of each call it made to Medusa, and the option's price. */
type CheckoutAnswer = { quote_status: number; calculate_status: number; price: Price | null }

/** A shopper: a cart to a CEP of its own, and the loopback address its browser connects from (Linux routes all of 127.0.0.0/8 to loopback). */
type Shopper = { address: string; cep: string; cartId: string }

/** `count` different CEPs the sandbox serves (its base has gaps between the states' ranges), each new to the store. */
function distinctCeps(count: number): string[] {
  const ceps = new Set<string>()
  while (ceps.size < count) {
    const digits = String(1_000_000 + Math.floor(Math.random() * 97_999_999)).padStart(8, "0")
    if (findPostalArea(digits)) ceps.add(`${digits.slice(0, 5)}-${digits.slice(5)}`)
  }
  return [...ceps]
}

const digitsOf = (cep: string) => cep.replace(/\D/g, "")

/**
 * The storefront's server: for each shopper's request it calls Medusa's store API with
 * `@medusajs/js-sdk`, as a server action does (the plugin's quote route for the cart and CEP the
 * shopper typed, then Medusa's `calculate` for the delivery step), and, when it `forwards`, with
 * the shopper's address spread into the headers of each call. It records the address each shopper
 * connected from.
 */
async function startStorefront(options: {
  medusaUrl: string
  publishableKey: string
  optionId: string
  forwards: boolean
}) {
  const sdk = new Medusa({ baseUrl: options.medusaUrl, publishableKey: options.publishableKey })
  const seen: string[] = []
  const statusOf = (error: unknown) =>
    error instanceof Error && "status" in error && typeof error.status === "number" ? error.status : 0

  const server = http.createServer((req, res) => {
    let raw = ""
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()))
    req.on("end", async () => {
      seen.push(req.socket.remoteAddress ?? "")
      const { cart_id, postal_code } = JSON.parse(raw) as { cart_id: string; postal_code: string }
      const headers = options.forwards ? { ...shopperHeaders(req.headers, req.socket.remoteAddress) } : {}
      const quote_status = await sdk.client
        .fetch("/store/frete/quotes", { method: "POST", body: { postal_code, cart_id }, headers })
        .then(() => 200, statusOf)
      const calculated = await sdk.client
        .fetch<{ shipping_option?: { calculated_price?: Price } }>(
          `/store/shipping-options/${options.optionId}/calculate`,
          { method: "POST", body: { cart_id, data: {} }, headers }
        )
        .then(
          (data) => ({ status: 200, price: data.shipping_option?.calculated_price ?? null }),
          (error: unknown) => ({ status: statusOf(error), price: null })
        )
      const answer: CheckoutAnswer = { quote_status, calculate_status: calculated.status, price: calculated.price }
      res.writeHead(200, { "content-type": "application/json" })
      res.end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return { port, seen, close }
}

/** A shopper's browser posting its checkout to the storefront server from its own address (a new connection each time, so the address is its own). */
function checkout(port: number, shopper: Shopper): Promise<CheckoutAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        localAddress: shopper.address,
        agent: false,
        method: "POST",
        path: "/checkout",
        headers: { "content-type": "application/json" },
      },
      (res) => {
        let raw = ""
        res.on("data", (chunk: Buffer) => (raw += chunk.toString()))
        res.on("end", () => resolve(JSON.parse(raw) as CheckoutAnswer))
      }
    )
    request.on("error", reject)
    request.end(JSON.stringify({ cart_id: shopper.cartId, postal_code: shopper.cep }))
  })
}

export const storefrontServerCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let variantId: string
  let optionId: string
  let storefront: Awaited<ReturnType<typeof startStorefront>> | undefined

  beforeAll(async () => {
    store = await createCheckoutStore({ api, getContainer })
    ;({ variantId } = await createProduct(api, store, {
      title: "Caneca",
      sku: "CANECA-1",
      price: 60,
      weight: 400,
      length: 12,
      width: 12,
      height: 10,
    }))
    optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
  })
  afterEach(async () => {
    await storefront?.close()
    storefront = undefined
  })

  // The status route's own probe (an empty body) is not a quote.
  const freightCalls = () =>
    sandbox()
      .calls({ service: "freight" })
      .filter((call) => JSON.stringify(call.body) !== "{}")
  // The storefront server reaches Medusa from one address: "localhost" could connect over IPv4 or
  // IPv6 from one call to the next, two clients for the quota guard.
  const medusaUrl = () => String(api.defaults.baseURL).replace("//localhost:", "//127.0.0.1:")
  const startStorefrontFor = async (forwards: boolean) =>
    (storefront = await startStorefront({
      medusaUrl: medusaUrl(),
      publishableKey: store.store.headers["x-publishable-api-key"],
      optionId,
      forwards,
    }))

  /**
   * Ten shoppers, each with a cart to a new CEP and the address 127.1.0.n. Carts are made four at
   * a time, each for a shopper of its own (carts made at once for one new e-mail race to create
   * its customer). An axios error is made plain: jest's worker cannot send one back.
   */
  const makeShoppers = async (): Promise<Shopper[]> => {
    const ceps = distinctCeps(SHOPPERS)
    const shoppers: Shopper[] = []
    for (let first = 0; first < SHOPPERS; first += 4) {
      const batch = ceps.slice(first, first + 4).map(async (cep, offset) => {
        const n = first + offset + 1
        const cartId = await createCart(
          api,
          store,
          [{ variant_id: variantId, quantity: 1 }],
          { postal_code: cep },
          `comprador${n}@example.com.br`
        ).catch((error: { response?: { status: number; data: unknown }; message: string }) => {
          throw new Error(
            `creating a cart to ${cep}: ${error.response?.status ?? error.message} ${JSON.stringify(error.response?.data ?? {})}`
          )
        })
        return { address: `127.1.0.${n}`, cep, cartId }
      })
      shoppers.push(...(await Promise.all(batch)))
    }
    return shoppers
  }

  /**
   * Every shopper's checkout through the storefront server, four at a time (more, on a busy 2-core
   * machine, and the freight calls outlast the quote's deadline); with the clock minutes it
   * touched, since a bound is per minute: as many bounds as minutes, whether the guard's window
   * slides or starts on the minute.
   */
  const checkoutAll = async (port: number, shoppers: Shopper[]) => {
    const started = Date.now()
    const answers: CheckoutAnswer[] = []
    for (let first = 0; first < shoppers.length; first += 4) {
      answers.push(...(await Promise.all(shoppers.slice(first, first + 4).map((shopper) => checkout(port, shopper)))))
    }
    return { answers, minutes: Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1 }
  }

  it(
    "10 shoppers through a storefront server that forwards their addresses, with a bound of 5 new queries per client, are each priced by the freight API",
    async () => {
      await api.post("/admin/frete/settings", { quote_route_limit_per_minute: BOUND }, store.admin)
      const shoppers = await makeShoppers()
      const { port, seen } = await startStorefrontFor(true)
      const { answers } = await checkoutAll(port, shoppers)

      // Each shopper reached the storefront server from its own address.
      expect(seen.sort()).toEqual(shoppers.map((shopper) => shopper.address).sort())
      // Each one's quote and delivery-step price: from the freight API, none refused, none from the fallback table.
      const outcome = answers.map((answer, index) => ({
        shopper: shoppers[index].address,
        quote_status: answer.quote_status,
        calculate_status: answer.calculate_status,
        priced: (answer.price?.calculated_amount ?? 0) > 0,
        is_fallback: answer.price?.frete?.is_fallback,
      }))
      expect(outcome).toEqual(
        shoppers.map((shopper) => ({
          shopper: shopper.address,
          quote_status: 200,
          calculate_status: 200,
          priced: true,
          is_fallback: false,
        }))
      )
      // One freight call per shopper, to that shopper's CEP: the quote made it, and `calculate` read it from the cache.
      const called = freightCalls().map((call) =>
        digitsOf(String((call.body as { cep_destino?: unknown }).cep_destino))
      )
      expect(called.sort()).toEqual(shoppers.map((shopper) => digitsOf(shopper.cep)).sort())
    },
    SHOPPERS_MS
  )

  it(
    "10 shoppers through a storefront server that does not forward are one client on the quote route, while Medusa's own routes price each cart",
    async () => {
      await api.post(
        "/admin/frete/settings",
        { quote_route_limit_per_minute: ONE_CLIENT_BOUND, fallback: [] },
        store.admin
      )
      const shoppers = await makeShoppers()
      const { port, seen } = await startStorefrontFor(false)
      const { answers, minutes } = await checkoutAll(port, shoppers)

      // The shoppers are as distinct as before; only the forwarding is missing.
      expect(seen.sort()).toEqual(shoppers.map((shopper) => shopper.address).sort())
      // The quote route knows one client, the storefront server: its bound per minute is priced, the rest told to wait.
      const quoted = answers.filter((answer) => answer.quote_status === 200).length
      expect(quoted).toBeGreaterThanOrEqual(ONE_CLIENT_BOUND)
      expect(quoted).toBeLessThanOrEqual(ONE_CLIENT_BOUND * minutes)
      expect(answers.filter((answer) => answer.quote_status !== 200).map((answer) => answer.quote_status)).toEqual(
        Array(SHOPPERS - quoted).fill(429)
      )
      // Medusa's calculate route bounds each cart: every shopper's delivery step is priced by the freight API.
      expect(answers.map((answer) => [answer.calculate_status, answer.price?.frete?.is_fallback])).toEqual(
        Array(SHOPPERS).fill([200, false])
      )
      expect(freightCalls()).toHaveLength(SHOPPERS)
    },
    SHOPPERS_MS
  )
}
