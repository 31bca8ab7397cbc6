import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"

const FALLBACK = [
  {
    service: "correios-pac",
    name: "PAC (tabela da loja)",
    carrier: "correios",
    bands: [{ max_weight_kg: 30, price: 29.9, days: 6 }],
  },
]
const FAILURES_TO_OPEN = 3
const CACHE_BOUND = 40

type Quote = { service: string; amount: number; is_fallback: boolean }
type Answer = {
  status: number
  data: Record<string, unknown> & { message?: string; quotes?: Quote[] }
  headers: Record<string, string>
}

/** A random well-formed CEP somewhere in Brazil (01000-000 to 99998-999). */
function randomCep(): string {
  const digits = String(1_000_000 + Math.floor(Math.random() * 98_998_000)).padStart(8, "0")
  return `${digits.slice(0, 5)}-${digits.slice(5)}`
}

export const outageAndAbuseCases: FreteConfiguredCases = {
  pluginOptions: {
    freight: {
      // Runs from the request's arrival: room for the retry the test counts, however busy Medusa is.
      timeoutMs: 5000,
      // Answers go stale at once, so the open circuit has to serve them stale.
      cache: { successTtlMs: 1, maxEntries: CACHE_BOUND },
      // The open period runs on the test's own clock (see the first test).
      circuitBreaker: { failureThreshold: FAILURES_TO_OPEN, openMs: 8_000 },
    },
  },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let optionId: string

    beforeAll(async () => {
      store = await createCheckoutStore({ api, getContainer }, { fallback: FALLBACK })
      ;({ variantId } = await createProduct(api, store, SHIRT))
      optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    // The status route's own probe (an empty body) is not a quote: left out of the counts.
    const freightCalls = () =>
      sandbox()
        .calls({ service: "freight" })
        .filter((call) => JSON.stringify(call.body) !== "{}")
    const status = async () => (await api.get("/admin/frete/status", store.admin)).data.freight
    const quotes = (body: Record<string, unknown>): Promise<Answer> =>
      api.post("/store/frete/quotes", body, store.store).catch((error: { response: Answer }) => error.response)
    const calculate = async (cartId: string) => {
      const answer = await api.post(
        `/store/shipping-options/${optionId}/calculate`,
        { cart_id: cartId, data: {} },
        store.store
      )
      return answer.data.shipping_option.calculated_price.calculated_amount as number
    }

    describe("the circuit breaker", () => {
      it("stops calling a failing freight API, prices from earlier answers and the fallback table, then tries again by itself", async () => {
        const cartTo = (cep: string) =>
          createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: cep })
        // The circuit's clock is the test's: its open period ends when the test moves it, not after a wait.
        let circuitNow = Date.now()
        getContainer()
          .resolve<FreteModuleService>(FRETE_MODULE)
          .forgetInProcessState(undefined, { circuit: () => circuitNow })
        const known = await cartTo("40010-000")
        const freshAmount = await calculate(known)
        expect(freshAmount).not.toBe(29.9)
        const failing = await Promise.all(["80010-000", "88010-000", "90010-000"].map(cartTo))
        const newcomer = await cartTo("60010-000")
        expect(freightCalls()).toHaveLength(1)

        // Every call fails until cleared: each new query costs one call and its one retry.
        sandbox().setFault("freight", { mode: "status", status: 500 })
        for (const cartId of failing) {
          expect(await calculate(cartId)).toBe(29.9)
        }
        expect(freightCalls()).toHaveLength(1 + 2 * FAILURES_TO_OPEN)
        const opened = (await status()).circuit
        expect(opened).toMatchObject({ state: "open", consecutive_failures: FAILURES_TO_OPEN, opened: 1 })

        // Open: checkout keeps selling without asking the API: the last answer, or the table.
        expect(await calculate(newcomer)).toBe(29.9)
        expect(await calculate(known)).toBe(freshAmount)
        const open = await quotes({ postal_code: "70040-010", items: [{ variant_id: variantId, quantity: 1 }] })
        expect(open.status).toBe(200)
        expect(open.data.quotes).toEqual([expect.objectContaining({ amount: 29.9, is_fallback: true })])
        expect(freightCalls()).toHaveLength(1 + 2 * FAILURES_TO_OPEN)
        expect((await status()).circuit).toMatchObject({ state: "open", refused: 3, retry_at: opened.retry_at })

        // The API recovers. Once retry_at has passed, the next query is the one trial call: it
        // succeeds, the circuit closes, and real prices are back.
        sandbox().setFault("freight", null)
        // The open period runs out by itself: nothing but the clock moves.
        circuitNow = Date.parse(opened.retry_at)
        const recovered = await quotes({ postal_code: "60010-000", cart_id: newcomer })
        expect(recovered.status).toBe(200)
        expect(recovered.data.quotes?.length).toBeGreaterThan(0)
        expect(recovered.data.quotes?.filter((quote) => quote.is_fallback || !(quote.amount > 0))).toEqual([])
        expect(freightCalls().map((call) => call.status)).toEqual([200, ...Array(2 * FAILURES_TO_OPEN).fill(500), 200])
        expect((await status()).circuit).toMatchObject({ state: "closed", consecutive_failures: 0, retry_at: null })
      })

      it("does not open for CEPs the API does not know: those are answers, each refused to the shopper", async () => {
        for (let attempt = 0; attempt < FAILURES_TO_OPEN + 2; attempt += 1) {
          const refused = await quotes({
            postal_code: "99999-999",
            items: [{ variant_id: variantId, quantity: attempt + 1 }],
          })
          expect(refused.status).toBe(400)
          expect(refused.data.message).toBe("Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.")
        }
        expect(freightCalls()).toHaveLength(FAILURES_TO_OPEN + 2)
        expect((await status()).circuit).toMatchObject({ state: "closed", consecutive_failures: 0 })
      })
    })

    describe("abuse of the store quote route", () => {
      it("250 quotes for random CEPs from one client, ten times its bound, cause no more freight queries than the bound, and every one is answered", async () => {
        const bound = 25
        const asked = bound * 10
        await api.post("/admin/frete/settings", { quote_route_limit_per_minute: bound }, store.admin)
        const answers: Answer[] = []
        const started = Date.now()
        for (let batch = 0; batch < asked / 25; batch += 1) {
          answers.push(
            ...(await Promise.all(
              Array.from({ length: 25 }, () =>
                quotes({ postal_code: randomCep(), items: [{ variant_id: variantId, quantity: 1 }] })
              )
            ))
          )
        }

        expect(answers).toHaveLength(asked)
        // The bound is per minute of the clock: a run that spans more minutes sees it once per minute.
        const minutes = Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1
        expect(freightCalls().length).toBeGreaterThan(0)
        expect(freightCalls().length).toBeLessThanOrEqual(bound * minutes)
        // 200 for a priced CEP (by the API, or past the bound by the fallback table), 400 for one the
        // service does not know: nothing else, no shopper asked to wait while the store has a table.
        const statuses = [...new Set(answers.map((answer) => answer.status))].sort()
        expect(statuses.filter((status) => status !== 200 && status !== 400)).toEqual([])
        const fromTable = answers.filter(
          (answer) => answer.status === 200 && answer.data.quotes?.every((quote) => quote.is_fallback)
        )
        expect(fromTable.length).toBeGreaterThanOrEqual(
          asked - bound * minutes - answers.filter((answer) => answer.status === 400).length
        )
        const unpriced = answers.flatMap((answer) => answer.data.quotes ?? []).filter((quote) => !(quote.amount > 0))
        expect(unpriced).toEqual([])
      }, 600_000)

      it("keeps the quote cache within its bound however many distinct queries arrive", async () => {
        await api.post("/admin/frete/settings", { quote_route_limit_per_minute: 10_000 }, store.admin)
        const before = (await status()).cache
        const distinct = CACHE_BOUND * 4
        for (let batch = 0; batch < distinct / 10; batch += 1) {
          await Promise.all(
            Array.from({ length: 10 }, (_, index) => {
              const quantity = batch * 10 + index + 1
              return quotes({ postal_code: "01310-100", items: [{ variant_id: variantId, quantity }] })
            })
          )
        }
        const after = (await status()).cache
        expect(after.max_entries).toBe(CACHE_BOUND)
        expect(after.loads - before.loads).toBe(distinct)
        expect(after.entries).toBeLessThanOrEqual(CACHE_BOUND)
        expect(after.evictions - before.evictions).toBeGreaterThanOrEqual(distinct - CACHE_BOUND)
      })
    })
  },
}
