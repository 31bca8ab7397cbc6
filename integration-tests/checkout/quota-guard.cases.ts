// The quota guard over every store route that prices freight: Medusa's own `calculate` and
// shipping-method routes as well as the plugin's quote route take each NEW freight query from one
// per-client bound and one store-wide ceiling (shared by the instances through Postgres), the
// client known as the settings' proxy hops say. A refused query is answered as an outage is (a kept
// answer, else the fallback table): no sale is turned away, the circuit stays closed, and only a
// store with no table gives the shopper `too_many_quotes` with Retry-After.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import { freshMinute } from "../helpers/fresh-minute"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { findPostalArea } from "../../sandbox/postal-base"

const TOO_MANY = "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente."
const FALLBACK = [{ service: "correios-pac", name: "PAC (tabela da loja)", carrier: "correios", bands: [{ max_weight_kg: 30, price: 29.9, days: 6 }] }]

// Forty carts made and priced through Medusa: minutes on a busy 2-core machine.

type Price = { calculated_amount?: number; frete?: { is_fallback: boolean } }
type Answer = { status: number; data: { code?: string; message?: string; shipping_option?: { calculated_price?: Price } }; headers: Record<string, string> }

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
      ;({ variantId } = await createProduct(api, store, { title: "Caneca", sku: "CANECA-1", price: 60, weight: 400, length: 12, width: 12, height: 10 }))
      optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    // The status route's own probe (an empty body) is not a quote.
    const freightCalls = () => sandbox().calls({ service: "freight" }).filter((call) => JSON.stringify(call.body) !== "{}").length
    const settings = (values: Record<string, unknown>) => api.post("/admin/frete/settings", values, store.admin)
    const asClient = (forwardedFor?: string) => ({ headers: { ...store.store.headers, ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) } })
    const calculate = (cartId: string, forwardedFor?: string): Promise<Answer> =>
      api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, asClient(forwardedFor)).catch((error: { response: Answer }) => error.response)
    const quotes = (body: Record<string, unknown>, forwardedFor?: string): Promise<Answer> =>
      api.post("/store/frete/quotes", body, asClient(forwardedFor)).catch((error: { response: Answer }) => error.response)
    // Medusa's cart routes price nothing yet (no shipping method). Each cart has a shopper of its
    // own (carts made at once for one new e-mail race to create its customer). An axios error is
    // made plain: jest's worker cannot send one back (its request and response refer to each other).
    let shoppers = 0
    const cartTo = (cep: string) =>
      createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: cep }, `comprador${(shoppers += 1)}@example.com.br`).catch((error: { response?: Answer; message: string }) => {
        throw new Error(`creating a cart to ${cep}: ${error.response?.status ?? error.message} ${JSON.stringify(error.response?.data ?? {})}`)
      })
    const cartsTo = async (count: number) => {
      const carts: string[] = []
      while (carts.length < count) {
        const batch = Math.min(4, count - carts.length)
        carts.push(...(await Promise.all(Array.from({ length: batch }, () => cartTo(randomCep())))))
      }
      return carts
    }
    const expectRefused = (answer: Answer, status: number) => {
      expect({ status: answer.status, code: answer.data.code, message: answer.data.message }).toEqual({ status, code: "too_many_quotes", message: TOO_MANY })
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0)
      expect(Number(answer.headers["retry-after"])).toBeLessThanOrEqual(60)
    }
    /**
     * Each cart priced through `calculate`, from the address `forwardedFor` gives it, ten at a time
     * (as a script would: within the minute, however busy the machine); with the minutes the bound
     * counted meanwhile (a minute of the clock starts a new bound).
     */
    const calculateEach = async (carts: string[], forwardedFor?: (index: number) => string) => {
      const started = Date.now()
      const answers: Answer[] = []
      for (let first = 0; first < carts.length; first += 10) {
        answers.push(...(await Promise.all(carts.slice(first, first + 10).map((cartId, offset) => calculate(cartId, forwardedFor?.(first + offset))))))
      }
      return { answers, minutes: Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1 }
    }
    const sourceOf = (answer: Answer) =>
      answer.status !== 200 ? `${answer.status} ${answer.data.code}` : answer.data.shipping_option?.calculated_price?.frete?.is_fallback ? "table" : "api"
    /**
     * Every answer a price, `bound` (per minute counted) of them by the freight API and the rest from
     * the fallback table; the freight API asked once per price it gave.
     */
    const expectBoundHeldWithTable = ({ answers, minutes }: { answers: Answer[]; minutes: number }, bound: number) => {
      const sources = answers.map(sourceOf)
      expect(sources.filter((source) => source !== "api" && source !== "table")).toEqual([])
      const byApi = sources.filter((source) => source === "api").length
      expect(byApi).toBeGreaterThanOrEqual(Math.min(bound, answers.length))
      expect(byApi).toBeLessThanOrEqual(bound * minutes)
      const amounts = answers.map((answer) => answer.data.shipping_option?.calculated_price?.calculated_amount ?? 0)
      expect(amounts.filter((amount) => !(amount > 0))).toEqual([])
      expect(freightCalls()).toBe(byApi)
      return byApi
    }
    const circuit = async () => (await api.get("/admin/frete/status", store.admin)).data.freight.circuit
    type Figures = Record<string, number | string | null>
    // The app (and its process's figures) outlives each test; the figures a test caused are the difference.
    let figuresBefore: Figures
    const readFigures = async (): Promise<Figures> => (await api.get("/admin/frete/settings", store.admin)).data.quote_guard
    beforeEach(async () => {
      figuresBefore = await readFigures()
    })
    const guardFigures = async () => {
      const now = await readFigures()
      return Object.fromEntries(Object.entries(now).map(([name, value]) => [name, typeof value === "number" ? value - Number(figuresBefore[name]) : value]))
    }

    it("40 shoppers' new CEPs through one storefront address are all priced: the bound by the API, the rest by the fallback table", async () => {
      // The defaults: 30 per client, 1000 for the store.
      await settings({ fallback: FALLBACK })
      const carts = await cartsTo(40)
      const byApi = expectBoundHeldWithTable(await calculateEach(carts), 30)
      // Not a failure of the freight API: the circuit stays closed.
      expect(await circuit()).toMatchObject({ state: "closed", consecutive_failures: 0 })
      const figures = await guardFigures()
      expect({ admitted: figures.admitted, refused: figures.refused_by_client, table: figures.answered_from_table }).toEqual({
        admitted: byApi,
        refused: 40 - byApi,
        table: 40 - byApi,
      })
      // The same address goes on with checkout: a shipping method, then an item more (a new query, re-priced).
      const method = await api
        .post(`/store/carts/${carts[39]}/shipping-methods`, { option_id: optionId, data: {} }, asClient())
        .catch((error: { response: Answer }) => error.response)
      expect(method.status).toBe(200)
      const added = await api
        .post(`/store/carts/${carts[39]}/line-items`, { variant_id: variantId, quantity: 2 }, asClient())
        .catch((error: { response: Answer }) => error.response)
      expect({ status: added.status, code: added.data.code }).toEqual({ status: 200, code: undefined })
    })

    it("one guard for every route, and without a fallback table a refused shopper is told to wait", async () => {
      await settings({ quote_route_limit_per_minute: 2 })
      const [first, second, fresh] = await cartsTo(3)
      // Its calls, a few seconds, in one minute of the clock.
      await freshMinute(15_000)
      expect((await calculate(first)).status).toBe(200)
      expect((await quotes({ postal_code: randomCep(), items: [{ variant_id: variantId, quantity: 2 }] })).status).toBe(200)
      const method = await api
        .post(`/store/carts/${fresh}/shipping-methods`, { option_id: optionId, data: {} }, store.store)
        .catch((error: { response: Answer }) => error.response)
      expectRefused(method, 400)
      expectRefused(await calculate(second), 400)
      expectRefused(await quotes({ postal_code: randomCep(), items: [{ variant_id: variantId, quantity: 3 }] }), 429)
      // A query whose answer is kept costs nothing and is served.
      expect((await calculate(first)).status).toBe(200)
      expect(freightCalls()).toBe(2)
      expect(await guardFigures()).toMatchObject({ admitted: 2, refused_without_table: 3, answered_from_table: 0 })
    })

    it("a refused query on the quote route is priced from the table, marked as such", async () => {
      await settings({ quote_route_limit_per_minute: 1, fallback: FALLBACK })
      await freshMinute(15_000)
      expect((await quotes({ postal_code: randomCep(), items: [{ variant_id: variantId, quantity: 1 }] })).status).toBe(200)
      const refused = (await quotes({ postal_code: randomCep(), items: [{ variant_id: variantId, quantity: 1 }] })) as unknown as {
        status: number
        headers: Record<string, string>
        data: { quotes: Array<{ amount: number; is_fallback: boolean }> }
      }
      expect({ status: refused.status, retryAfter: refused.headers["retry-after"], quotes: refused.data.quotes.map(({ amount, is_fallback }) => ({ amount, is_fallback })) }).toEqual({
        status: 200,
        retryAfter: undefined,
        quotes: [{ amount: 29.9, is_fallback: true }],
      })
      expect(String(refused.headers["server-timing"])).toMatch(/guard;desc="quota guard";dur=[0-9.]+/)
      expect(freightCalls()).toBe(1)
    })

    it("forged X-Forwarded-For addresses stop at the store-wide ceiling; past it, shoppers get the table", async () => {
      // Behind one proxy (the default hops), each forged address is a client of its own: only the ceiling holds.
      await settings({ quote_route_limit_per_minute: 30, quote_store_limit_per_minute: 12, fallback: FALLBACK })
      const carts = await cartsTo(24)
      expectBoundHeldWithTable(await calculateEach(carts, (index) => `203.0.113.${index + 1}`), 12)
      expect(await circuit()).toMatchObject({ state: "closed", consecutive_failures: 0 })
      const figures = await guardFigures()
      expect(figures.refused_by_store).toBeGreaterThan(0)
      expect(figures.ceiling_reached_at).toEqual(expect.any(String))
    })

    it("with no trusted proxy, forged addresses are one client: the socket's", async () => {
      await settings({ trusted_proxy_hops: 0, quote_route_limit_per_minute: 5, fallback: FALLBACK })
      const carts = await cartsTo(8)
      expectBoundHeldWithTable(await calculateEach(carts, (index) => `198.51.100.${index + 1}`), 5)
    })
  },
}
