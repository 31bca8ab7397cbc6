// What a quote costs in round trips to Medusa's infrastructure, in the configuration the docs
// recommend for production: Medusa's Redis modules (event bus, workflow engine, locking, the
// Caching Module) and the default settings refresh. A cold quote (a query in none of the plugin's
// caches) makes at most 4 besides its one call to the freight API, a warm one at most 1, on the
// plugin's quote route as on Medusa's `calculate`; the settings' read, once per refresh and
// instance, may fall in either. Counted from what the plugin itself sends while
// the request runs: the SQL statements on its own `frete_*` tables (the app's knex `query` event),
// Query and module calls made from the plugin's code (a frame of `src/` in the call's stack), and
// the Locking and Caching Modules' calls for the plugin's keys. Medusa's own work for the route
// (reading the cart, the option) is not the plugin's and is not counted.
import { AsyncLocalStorage } from "node:async_hooks"
import path from "node:path"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { createCheckoutStore, SHIRT, MUG } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import { ownMinute } from "../helpers/fresh-minute"
import type { FreteCases } from "../helpers/frete-runner"

jest.setTimeout(300_000)

const MAX_COLD = 4
const MAX_WARM = 1
const SOURCE = `${path.resolve(__dirname, "../../src")}${path.sep}`

type Trip = { kind: string; what: string }
type Resolver = { resolve: <T>(key: string, options?: { allowUnregistered?: boolean }) => T }

/** Whether a call was made by the plugin's code: a frame of its `src/`. */
function fromPlugin(stack: string | undefined): boolean {
  return (stack ?? "").split("\n").some((frame) => frame.includes(SOURCE))
}

/** Records, while `recording` is on, every round trip the plugin makes to Medusa's infrastructure. */
function recordRoundTrips(container: Resolver) {
  const trips: Trip[] = []
  let recording = false
  const stackOf = () => {
    const limit = Error.stackTraceLimit
    Error.stackTraceLimit = 80
    const stack = new Error().stack
    Error.stackTraceLimit = limit
    return stack
  }
  // The answers a request learned are written by a timer 1 s later, in one batch with any others: a batch (its reads
  // of the rows it is measured against, and its write) that falls in a recording is the timer's, listed, not counted.
  const background = new AsyncLocalStorage<string>()
  const markLearning = () => {
    type Flush = (...args: unknown[]) => Promise<void>
    // On the class, so an instance a test's restart replaced still has its batch marked.
    const learned = container.resolve<{ learned_?: object }>("frete").learned_
    const prototype = learned && (Object.getPrototypeOf(learned) as { flush: Flush & { marked?: true } })
    if (!prototype || prototype.flush.marked) return
    const flush = prototype.flush
    prototype.flush = Object.assign(
      function (this: unknown, ...args: unknown[]) {
        return background.run("learning", () => flush.apply(this, args))
      },
      { marked: true as const }
    )
  }
  const knex = container.resolve<{ on: (event: string, listener: (query: { sql: string }) => void) => void }>(
    "__pg_connection__"
  )
  // The instance's figures go to `frete_stat` in one batch every 5 s, whatever the requests: a batch that falls in a
  // recording is the timer's, not the quote's (it is listed, not counted).
  const kindOf = (sql: string) =>
    background.getStore() ??
    (/\bfrete_settings\b/.test(sql) ? "settings" : /^insert into "frete_stat"/.test(sql) ? "figures" : "sql")
  knex.on("query", ({ sql }) => {
    if (recording && /\bfrete_/.test(sql))
      trips.push({
        kind: kindOf(sql),
        what: sql.replace(/\s+/g, " ").slice(0, 300),
      })
  })
  const wrap = (
    target: Record<string, unknown> | undefined,
    name: string,
    kind: string,
    mine: (args: unknown[]) => boolean
  ) => {
    const original = target?.[name]
    if (!target || typeof original !== "function") return
    target[name] = function (this: unknown, ...args: unknown[]) {
      if (recording && mine(args)) trips.push({ kind, what: `${name} ${JSON.stringify(args[0]).slice(0, 200)}` })
      return original.apply(this, args)
    }
  }
  const byPlugin = () => fromPlugin(stackOf())
  const query = container.resolve<Record<string, unknown>>("query")
  wrap(query, "graph", "query.graph", byPlugin)
  const fulfillment = container.resolve<Record<string, unknown>>("fulfillment")
  for (const name of ["listShippingOptionsForContext", "listShippingOptions", "retrieveShippingOption"])
    wrap(fulfillment, name, "fulfillment", byPlugin)
  const pluginKey = (args: unknown[]) => JSON.stringify(args[0] ?? "").includes("frete:")
  const locking = container.resolve<Record<string, unknown> | undefined>("locking", { allowUnregistered: true })
  for (const name of ["execute", "acquire", "release"]) wrap(locking, name, "locking", pluginKey)
  const caching = container.resolve<Record<string, unknown> | undefined>("caching", { allowUnregistered: true })
  for (const name of ["get", "set"]) wrap(caching, name, "caching", pluginKey)
  return {
    async during(request: () => Promise<unknown>): Promise<Trip[]> {
      trips.length = 0
      markLearning()
      recording = true
      try {
        await request()
      } finally {
        recording = false
      }
      return [...trips]
    },
  }
}

export const coldQuoteRoundTripsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let warmVariant: string
  let coldVariant: string
  let optionId: string
  let recorder: ReturnType<typeof recordRoundTrips>

  beforeAll(() => {
    recorder = recordRoundTrips(getContainer() as unknown as Resolver)
  })

  beforeAll(async () => {
    store = await createCheckoutStore({ api, getContainer })
    ;({ variantId: warmVariant } = await createProduct(api, store, SHIRT))
    ;({ variantId: coldVariant } = await createProduct(api, store, MUG))
    optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
  })
  const freightCalls = () =>
    sandbox()
      .calls({ service: "freight" })
      .filter((call) => JSON.stringify(call.body) !== "{}").length
  const quoteRoute = (variantId: string, cep: string) =>
    api.post("/store/frete/quotes", { postal_code: cep, items: [{ variant_id: variantId, quantity: 1 }] }, store.store)
  const calculate = (cartId: string) =>
    api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, store.store)

  /**
   * At most `max` trips of the quote's own, each named in the log and in the failure's message;
   * besides them, at most the settings' read, which each instance makes once per `settingsRefreshMs`
   * (2 s by default), whichever request falls due.
   */
  const expectAtMost = (what: string, trips: Trip[], max: number) => {
    console.log(
      `frete ${what}: ${trips.length} round trips\n${trips.map((trip) => `  ${trip.kind}: ${trip.what}`).join("\n")}`
    )
    const own = trips.filter((trip) => !["settings", "figures", "learning"].includes(trip.kind))
    const settingsReads = trips.filter((trip) => trip.kind === "settings").length
    expect({ over: own.length > max, settingsReads, trips }).toMatchObject({
      over: false,
      settingsReads: expect.any(Number),
    })
    expect(settingsReads).toBeLessThanOrEqual(1)
  }

  it("prices a product page's new query with at most 4 round trips, and the same query again with at most 1 (POST /store/frete/quotes)", async () => {
    // A minute of its own; the warm-up takes the quota guard's leases of it: a lease is the guard's cost once in a tenth of its bound.
    ownMinute(getContainer())
    expect((await quoteRoute(warmVariant, "30130-010")).status).toBe(200)
    const before = freightCalls()
    let answer: { status: number; data: { quotes: unknown[] } } | undefined
    const cold = await recorder.during(async () => {
      answer = await quoteRoute(coldVariant, "40010-000")
    })
    expect(answer?.status).toBe(200)
    expect(answer?.data.quotes).toHaveLength(1)
    // Cold: the freight API was asked, once.
    expect(freightCalls() - before).toBe(1)
    expectAtMost("cold quote", cold, MAX_COLD)
    const warm = await recorder.during(async () => {
      answer = await quoteRoute(coldVariant, "40010-000")
    })
    expect(answer?.status).toBe(200)
    expect(freightCalls() - before).toBe(1)
    expectAtMost("warm quote", warm, MAX_WARM)
  })

  it("prices a cart's new query with at most 4 round trips, and prices it again with at most 1 (POST /store/shipping-options/:id/calculate)", async () => {
    const warmCart = await createCart(api, store, [{ variant_id: warmVariant, quantity: 1 }], {
      postal_code: "50010-000",
      province: "PE",
    })
    const coldCart = await createCart(api, store, [{ variant_id: coldVariant, quantity: 1 }], {
      postal_code: "60010-000",
      province: "CE",
    })
    ownMinute(getContainer())
    expect((await calculate(warmCart)).status).toBe(200)
    const before = freightCalls()
    let answer:
      | { status: number; data: { shipping_option: { calculated_price: { frete: { is_fallback: boolean } } } } }
      | undefined
    const cold = await recorder.during(async () => {
      answer = await calculate(coldCart)
    })
    expect(answer?.status).toBe(200)
    expect(answer?.data.shipping_option.calculated_price.frete.is_fallback).toBe(false)
    expect(freightCalls() - before).toBe(1)
    expectAtMost("cold quote", cold, MAX_COLD)
    const warm = await recorder.during(async () => {
      answer = await calculate(coldCart)
    })
    expect(answer?.status).toBe(200)
    expect(freightCalls() - before).toBe(1)
    expectAtMost("warm quote", warm, MAX_WARM)
  })
}
