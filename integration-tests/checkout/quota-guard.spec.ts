// The quota guard over every store route that prices freight: Medusa's own `calculate` and
// shipping-method routes as well as the plugin's quote route take each NEW freight query from one
// per-client bound and one store-wide ceiling (Postgres), the client known as the settings' proxy
// hops say. A refusal is the shopper's error with Retry-After, not a failure: the circuit stays
// closed and no fallback price is served for it.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"

const TOO_MANY = "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente."
const FALLBACK = [{ service: "correios-pac", name: "PAC (tabela da loja)", carrier: "correios", bands: [{ max_weight_kg: 30, price: 29.9, days: 6 }] }]

// Sixty carts made and priced through Medusa, one by one: minutes on a busy 2-core machine.
jest.setTimeout(600_000)

type Price = { calculated_amount?: number; frete?: { is_fallback: boolean } }
type Answer = { status: number; data: { code?: string; message?: string; shipping_option?: { calculated_price?: Price } }; headers: Record<string, string> }

/** A random well-formed CEP the sandbox knows (01000-000 to 98999-999). */
function randomCep(): string {
  const digits = String(1_000_000 + Math.floor(Math.random() * 97_999_999)).padStart(8, "0")
  return `${digits.slice(0, 5)}-${digits.slice(5)}`
}

freteIntegrationTestRunner({
  testSuite: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let optionId: string

    beforeEach(async () => {
      store = await createCheckoutStore({ api, getContainer, sandbox })
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
      expect(answer.status).toBe(status)
      expect(answer.data).toMatchObject({ code: "too_many_quotes", message: TOO_MANY })
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(0)
      expect(Number(answer.headers["retry-after"])).toBeLessThanOrEqual(60)
    }
    /**
     * Each cart priced through `calculate`, from the address `forwardedFor` gives it, ten at a time
     * (as a script would: within the minute, however busy the machine); with the minutes begun meanwhile.
     */
    const calculateEach = async (carts: string[], forwardedFor?: (index: number) => string) => {
      const started = Date.now()
      const answers: Answer[] = []
      for (let first = 0; first < carts.length; first += 10) {
        answers.push(...(await Promise.all(carts.slice(first, first + 10).map((cartId, offset) => calculate(cartId, forwardedFor?.(first + offset))))))
      }
      return { answers, minutesBegun: Math.ceil((Date.now() - started) / 60_000) }
    }
    /**
     * `bound` answers priced by the freight API, the others refused with Retry-After (never a
     * fallback price). The bound is per minute: a slow machine that needs more than one minute for
     * them may see it once more per minute begun.
     */
    const expectBoundHeld = ({ answers, minutesBegun }: { answers: Answer[]; minutesBegun: number }, bound: number) => {
      const priced = answers.filter((answer) => answer.status === 200)
      const refused = answers.filter((answer) => answer.data.code === "too_many_quotes")
      expect(priced.length + refused.length).toBe(answers.length)
      expect(priced.length).toBeGreaterThanOrEqual(Math.min(bound, answers.length))
      expect(priced.length).toBeLessThanOrEqual(bound * minutesBegun)
      expect(refused.length).toBeGreaterThanOrEqual(answers.length - bound * minutesBegun)
      const prices = priced.map((answer) => answer.data.shipping_option?.calculated_price)
      expect(prices.every((price) => (price?.calculated_amount ?? 0) > 0 && price?.frete?.is_fallback === false)).toBe(true)
      // Medusa's error handler answers a MedusaError of type not_allowed with 400; the plugin adds Retry-After.
      for (const answer of refused) expectRefused(answer, 400)
      expect(freightCalls()).toBe(priced.length)
      return { priced, refused }
    }
    const circuit = async () => (await api.get("/admin/frete/status", store.admin)).data.freight.circuit

    it("60 carts with random CEPs priced through Medusa's calculate from one client stop at the per-client bound", async () => {
      // The defaults: 30 per client, 300 for the store. A fallback table, to show refusals are not priced from it.
      await settings({ fallback: FALLBACK })
      const carts = await cartsTo(60)
      expectBoundHeld(await calculateEach(carts), 30)
      // Not a failure of the freight API: the circuit stays closed.
      expect(await circuit()).toMatchObject({ state: "closed", consecutive_failures: 0 })
    })

    it("one guard for every route: a client at its bound is refused by the shipping-method and quote routes too, and kept answers are still served", async () => {
      await settings({ quote_route_limit_per_minute: 2 })
      const [first, second, fresh] = await cartsTo(3)
      expect((await calculate(first)).status).toBe(200)
      expect((await quotes({ postal_code: randomCep(), items: [{ variant_id: variantId, quantity: 2 }] })).status).toBe(200)
      const method = await api
        .post(`/store/carts/${fresh}/shipping-methods`, { option_id: optionId, data: {} }, store.store)
        .catch((error: { response: Answer }) => error.response)
      expectRefused(method, 400)
      expectRefused(await calculate(second), 400)
      expectRefused(await quotes({ postal_code: randomCep(), items: [{ variant_id: variantId, quantity: 3 }] }), 429)
      expect((await calculate(first)).status).toBe(200)
      expect(freightCalls()).toBe(2)
    })

    it("forged X-Forwarded-For addresses stop at the store-wide ceiling", async () => {
      // Behind one proxy (the default hops), each forged address is a client of its own: only the ceiling holds.
      await settings({ quote_route_limit_per_minute: 30, quote_store_limit_per_minute: 12, fallback: FALLBACK })
      const carts = await cartsTo(24)
      const answers = await calculateEach(carts, (index) => `203.0.113.${index + 1}`)
      expectBoundHeld(answers, 12)
      expect(await circuit()).toMatchObject({ state: "closed", consecutive_failures: 0 })
    })

    it("with no trusted proxy, forged addresses are one client: the socket's", async () => {
      await settings({ trusted_proxy_hops: 0, quote_route_limit_per_minute: 5 })
      const carts = await cartsTo(8)
      expectBoundHeld(await calculateEach(carts, (index) => `198.51.100.${index + 1}`), 5)
    })
  },
})
