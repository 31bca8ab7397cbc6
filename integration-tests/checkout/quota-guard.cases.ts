// The quota guard over the store routes that price freight: Medusa's own `calculate` and
// shipping-method routes bound each cart (the provider's context carries it), the plugin's quote
// route each client address and its network (read through the settings' trusted proxies), and all
// of them share one store-wide ceiling (the instances together, through Postgres), of which the
// quote route may spend half. A refused query is answered as an
// outage is (a kept answer, else the fallback table): no sale is turned away, the circuit stays
// closed, and only a store with no table gives the shopper `too_many_quotes`.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct, SHOPPER_ADDRESS } from "../../scripts/lib/store-api"
import { ownMinute } from "../helpers/fresh-minute"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { findPostalArea } from "../../sandbox/postal-base"

const TOO_MANY = "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente."
const DEFAULT_PROXIES = ["loopback", "linklocal", "uniquelocal"]
const FALLBACK = [
  {
    service: "correios-pac",
    name: "PAC (tabela da loja)",
    carrier: "correios",
    bands: [{ max_weight_kg: 30, price: 29.9, days: 6 }],
  },
]

type Price = { calculated_amount?: number; frete?: { is_fallback: boolean } }
type Answer = {
  status: number
  data: {
    code?: string
    message?: string
    shipping_option?: { calculated_price?: Price }
    quotes?: Array<{ amount: number; is_fallback: boolean }>
  }
  headers: Record<string, string>
}

/**
 * A random well-formed CEP the sandbox knows (01000-000 to 98999-999): its base has gaps between
 * the states' ranges, and a CEP in one is answered "cep_not_served", by neither the API nor the table.
 */
function randomCep(): string {
  for (;;) {
    const digits = String(1_000_000 + Math.floor(Math.random() * 97_999_999)).padStart(8, "0")
    if (findPostalArea(digits)) return `${digits.slice(0, 5)}-${digits.slice(5)}`
  }
}

export const quotaGuardCases: FreteConfiguredCases = {
  // The guard, not the deadline, is under test: a busy machine's slow Medusa must not turn calls into fallback prices.
  pluginOptions: { freight: { timeoutMs: 10_000 } },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let optionId: string

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

    // The status route's own probe (an empty body) is not a quote.
    const freightCalls = () =>
      sandbox()
        .calls({ service: "freight" })
        .filter((call) => JSON.stringify(call.body) !== "{}").length
    const settings = (values: Record<string, unknown>) => api.post("/admin/frete/settings", values, store.admin)
    const asClient = (forwardedFor?: string) => ({
      headers: { ...store.store.headers, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    })
    const plain = (error: { response: Answer }) => error.response
    const calculate = (cartId: string, forwardedFor?: string): Promise<Answer> =>
      api
        .post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, asClient(forwardedFor))
        .catch(plain)
    const quotes = (postalCode: string, forwardedFor?: string): Promise<Answer> =>
      api
        .post(
          "/store/frete/quotes",
          { postal_code: postalCode, items: [{ variant_id: variantId, quantity: 1 }] },
          asClient(forwardedFor)
        )
        .catch(plain)
    // An axios error is made plain: jest's worker cannot send one back (its request and response refer to each other).
    let shoppers = 0
    const cartTo = (cep: string) =>
      createCart(
        api,
        store,
        [{ variant_id: variantId, quantity: 1 }],
        { postal_code: cep },
        `comprador${(shoppers += 1)}@example.com.br`
      ).catch((error: { response?: Answer; message: string }) => {
        throw new Error(
          `creating a cart to ${cep}: ${error.response?.status ?? error.message} ${JSON.stringify(error.response?.data ?? {})}`
        )
      })
    /** The shopper types another CEP in checkout's address form: the cart's address changes, then its option is priced. */
    const readdress = async (cartId: string, cep: string) => {
      await api.post(
        `/store/carts/${cartId}`,
        { shipping_address: { ...SHOPPER_ADDRESS, postal_code: cep } },
        store.store
      )
      return calculate(cartId)
    }
    const sourceOf = (answer: Answer) => {
      if (answer.status !== 200) return `${answer.status} ${answer.data.code}`
      const facts = answer.data.quotes?.[0] ?? answer.data.shipping_option?.calculated_price?.frete
      return facts?.is_fallback ? "table" : "api"
    }
    /** Every answer a price: `bound` of them by the freight API, asked once each, the rest from the fallback table. */
    const expectBoundHeldWithTable = (answers: Answer[], bound: number) => {
      expect(answers.map(sourceOf)).toEqual([
        ...Array(bound).fill("api"),
        ...Array(answers.length - bound).fill("table"),
      ])
      expect(freightCalls()).toBe(bound)
    }
    const circuit = async () => (await api.get("/admin/frete/status", store.admin)).data.freight.circuit
    type Figures = Record<string, number | string | null>
    // The app (and its process's figures) outlives each test; the figures a test caused are the difference.
    let figuresBefore: Figures
    const readFigures = async (): Promise<Figures> =>
      (await api.get("/admin/frete/settings", store.admin)).data.quote_guard
    beforeEach(async () => {
      figuresBefore = await readFigures()
    })
    const guardFigures = async () => {
      const now = await readFigures()
      return Object.fromEntries(
        Object.entries(now).map(([name, value]) => [
          name,
          typeof value === "number" ? value - Number(figuresBefore[name]) : value,
        ])
      )
    }
    /** The guard's minute of its own (the process's figures start over with it). */
    const ownMinuteHere = async () => {
      ownMinute(getContainer())
      figuresBefore = await readFigures()
    }
    const inTurn = async <T>(items: T[], ask: (item: T, index: number) => Promise<Answer>) => {
      const answers: Answer[] = []
      for (const [index, item] of items.entries()) answers.push(await ask(item, index))
      return answers
    }

    it("a cart re-addressed to new CEPs is priced by the API up to its bound, then by the fallback table; the circuit stays closed", async () => {
      await settings({ quote_route_limit_per_minute: 3, fallback: FALLBACK })
      const cart = await cartTo(randomCep())
      await ownMinuteHere()
      const answers = [
        await calculate(cart),
        ...(await inTurn([randomCep(), randomCep(), randomCep(), randomCep()], (cep) => readdress(cart, cep))),
      ]
      expectBoundHeldWithTable(answers, 3)
      expect(
        answers.every((answer) => (answer.data.shipping_option?.calculated_price?.calculated_amount ?? 0) > 0)
      ).toBe(true)
      expect(await circuit()).toMatchObject({ state: "closed", consecutive_failures: 0 })
      expect(await guardFigures()).toMatchObject({ admitted: 3, refused_by_client: 2, answered_from_table: 2 })
      // Another cart is another shopper: its own bound.
      expect(sourceOf(await calculate(await cartTo(randomCep())))).toBe("api")
    })

    it("without a fallback table a refused shopper is told to wait: 400 on Medusa's routes, 429 with Retry-After on the quote route", async () => {
      await settings({ quote_route_limit_per_minute: 2 })
      const firstCep = randomCep()
      const cart = await cartTo(firstCep)
      await ownMinuteHere()
      expect((await calculate(cart)).status).toBe(200)
      expect((await readdress(cart, randomCep())).status).toBe(200)
      const refused = await readdress(cart, randomCep())
      expect({ status: refused.status, code: refused.data.code, message: refused.data.message }).toEqual({
        status: 400,
        code: "too_many_quotes",
        message: TOO_MANY,
      })
      // A query whose answer is kept costs nothing and is served.
      expect((await readdress(cart, firstCep)).status).toBe(200)
      expect((await quotes(randomCep())).status).toBe(200)
      expect((await quotes(randomCep())).status).toBe(200)
      const tooMany = await quotes(randomCep())
      expect({ status: tooMany.status, code: tooMany.data.code, message: tooMany.data.message }).toEqual({
        status: 429,
        code: "too_many_quotes",
        message: TOO_MANY,
      })
      expect(Number(tooMany.headers["retry-after"])).toBeGreaterThan(0)
      expect(Number(tooMany.headers["retry-after"])).toBeLessThanOrEqual(60)
      expect(freightCalls()).toBe(4)
      expect(await guardFigures()).toMatchObject({ admitted: 4, refused_without_table: 2, answered_from_table: 0 })
    })

    it("a refused query on the quote route is priced from the table, marked as such, with the guard's time in Server-Timing", async () => {
      await settings({ quote_route_limit_per_minute: 1, fallback: FALLBACK })
      await ownMinuteHere()
      expect((await quotes(randomCep())).status).toBe(200)
      const refused = await quotes(randomCep())
      expect({
        status: refused.status,
        retryAfter: refused.headers["retry-after"],
        quotes: refused.data.quotes?.map(({ amount, is_fallback }) => ({ amount, is_fallback })),
      }).toEqual({
        status: 200,
        retryAfter: undefined,
        quotes: [{ amount: 29.9, is_fallback: true }],
      })
      expect(String(refused.headers["server-timing"])).toMatch(/guard;desc="quota guard";dur=[0-9.]+/)
      expect(freightCalls()).toBe(1)
    })

    it("a flood of product-page quotes from 40 addresses spends only the quote route's share: new carts are still priced by the API, each with its quotation", async () => {
      await settings({ quote_route_limit_per_minute: 30, quote_store_limit_per_minute: 20, fallback: FALLBACK })
      const carts = [await cartTo(randomCep()), await cartTo(randomCep()), await cartTo(randomCep())]
      await ownMinuteHere()
      // 40 addresses in 40 networks, written by a proxy the store trusts (the loopback): each a bound of its own.
      const flood = await inTurn(
        Array.from({ length: 40 }, () => randomCep()),
        (cep, index) => quotes(cep, `198.51.${index}.7`)
      )
      expect(flood.map(sourceOf)).toEqual([...Array(10).fill("api"), ...Array(30).fill("table")])
      for (const cart of carts) {
        expect(sourceOf(await calculate(cart))).toBe("api")
        const { data } = await api.post(
          `/store/carts/${cart}/shipping-methods`,
          { option_id: optionId },
          { ...store.store, params: { fields: "+shipping_methods.data" } }
        )
        const method = data.cart.shipping_methods[0]
        expect({
          fallback: method.data.is_fallback,
          token: typeof method.data.consulta_token,
          code: typeof method.data.cotacao_codigo,
        }).toEqual({ fallback: false, token: "string", code: "string" })
      }
      expect(await circuit()).toMatchObject({ state: "closed", consecutive_failures: 0 })
      const figures = await guardFigures()
      expect(figures).toMatchObject({ refused_by_route: 30, refused_by_store: 0 })
      expect(figures.ceiling_reached_at).toEqual(expect.any(String))
    })

    /** `count` carts, each to a CEP of its own, made a few at a time. */
    const cartsTo = async (count: number) => {
      const carts: string[] = []
      while (carts.length < count)
        carts.push(
          ...(await Promise.all(Array.from({ length: Math.min(10, count - carts.length) }, () => cartTo(randomCep()))))
        )
      return carts
    }

    it("checkout is bounded per shopper too: 60 carts from one direct client, each to a new CEP, cost at most 30 freight calls", async () => {
      // The test's loopback is no proxy here: it is a shopper's own address, as a browser calling Medusa directly is.
      await settings({
        trusted_proxies: ["192.0.2.1"],
        quote_route_limit_per_minute: 30,
        quote_store_limit_per_minute: 1000,
        fallback: FALLBACK,
      })
      const carts = await cartsTo(60)
      await ownMinuteHere()
      const answers = await inTurn(carts, (cart) => calculate(cart))
      expectBoundHeldWithTable(answers, 30)
      expect(await guardFigures()).toMatchObject({ admitted: 30, refused_by_client: 30, answered_from_table: 30 })
    })

    it("a forwarded address flooding new carts spends its own bound only: other shoppers' carts and product pages are priced by the API meanwhile", async () => {
      await settings({
        trusted_proxies: DEFAULT_PROXIES,
        quote_route_limit_per_minute: 30,
        quote_store_limit_per_minute: 100,
        fallback: FALLBACK,
      })
      const [flood, others] = [await cartsTo(40), await cartsTo(5)]
      await ownMinuteHere()
      // The storefront server (the loopback, a trusted proxy) forwards each shopper's address, as the docs' step 10 does.
      const flooding = Promise.all(flood.map((cart) => calculate(cart, "198.51.100.7")))
      const shoppers = Promise.all(others.map((cart, index) => calculate(cart, `203.0.113.${index + 1}`)))
      const pages = Promise.all(Array.from({ length: 5 }, (_, index) => quotes(randomCep(), `192.0.2.${index + 10}`)))
      const [floodAnswers, shopperAnswers, pageAnswers] = await Promise.all([flooding, shoppers, pages])
      expect(floodAnswers.filter((answer) => sourceOf(answer) === "api").length).toBeLessThanOrEqual(30)
      expect(floodAnswers.map(sourceOf).filter((source) => source !== "api" && source !== "table")).toEqual([])
      expect(shopperAnswers.map(sourceOf)).toEqual(Array(5).fill("api"))
      expect(pageAnswers.map(sourceOf)).toEqual(Array(5).fill("api"))
      expect(freightCalls()).toBeLessThanOrEqual(30 + 5 + 5)
    })

    it("40 shoppers behind a storefront server that forwards no address are each bounded by their cart: every one is priced by the API", async () => {
      await settings({
        trusted_proxies: DEFAULT_PROXIES,
        quote_route_limit_per_minute: 30,
        quote_store_limit_per_minute: 1000,
        fallback: FALLBACK,
      })
      const carts = await cartsTo(40)
      await ownMinuteHere()
      // The loopback is a trusted proxy (the default list) and sends no X-Forwarded-For.
      const answers = await Promise.all(carts.map((cart) => calculate(cart)))
      expect(answers.map(sourceOf)).toEqual(Array(40).fill("api"))
      expect(freightCalls()).toBe(40)
    })

    it("a peer that is not a trusted proxy: its forged X-Forwarded-For changes nothing, every address is the socket's", async () => {
      await settings({ trusted_proxies: ["192.0.2.1"], quote_route_limit_per_minute: 3, fallback: FALLBACK })
      await ownMinuteHere()
      expectBoundHeldWithTable(
        await inTurn(
          Array.from({ length: 5 }, () => randomCep()),
          (cep, index) => quotes(cep, `198.51.${index}.1`)
        ),
        3
      )
    })
  },
}
