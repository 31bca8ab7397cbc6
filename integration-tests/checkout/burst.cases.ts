// A burst of new quotes against a slow but healthy freight API is priced by the API: the plugin's
// pool (`freight.connections`) takes it at once, and a deadline spent waiting for one of the
// plugin's own sockets is never counted as the API's failure, so the circuit stays closed. An API
// that really fails (500s, or a hang that uses up the whole deadline) still opens it, and checkout
// answers from the fallback table meanwhile. That the hang is answered within `freight.timeoutMs`
// of the request's arrival, never later, is proved in `src/lib/http/__tests__/budget.spec.ts`
// (no floor under the call's budget), not by timing here.
//
// The figures are a 1.3 s API and the default 2.5 s deadline (`npm run bench`, figure 10,
// measures exactly that). Here both are scaled ×12, same ratio: in this one test process Medusa's
// own work for 30 product pages at once (2 to 7 s on a busy 2-core machine, more with CI's other
// lane beside it) would otherwise decide, not the plugin. Scaled, a pool of 16 still fails the
// test whatever the machine (the 17th quote waits one whole answer for a socket, and two answers,
// 31.2 s, are past the deadline), and 64 passes while Medusa's own part stays under the deadline
// minus one answer (14.4 s).
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createFreteOption, createProduct } from "../../scripts/lib/store-api"
import type { FreteCases, FreteConfiguredCases, FreteTestContext } from "../helpers/frete-runner"

const FALLBACK = [
  {
    service: "correios-pac",
    name: "PAC (tabela da loja)",
    carrier: "correios",
    bands: [{ max_weight_kg: 30, price: 29.9, days: 6 }],
  },
]
const BURST = 30
/** The 2.5 s deadline and 1.3 s API, ×8. */
const TIMEOUT_MS = 20_000
const SLOW_API_MS = 10_400
/**
 * The hang test's deadline: one quote at a time, so Medusa's own part is short, and far below the
 * half of it (3 s) past which a hang would count as the plugin's own wait, not the API's failure.
 */
const HANG_TIMEOUT_MS = 6_000
/** Below the default 5: each failure of the hang test costs a whole deadline. */
const FAILURES_TO_OPEN = 2
/** Long enough for a test's quotes while open. */
const OPEN_MS = 5000

type Quote = { service: string; amount: number; is_fallback: boolean }
type Answer = { status: number; data: { quotes?: Quote[]; code?: string; message?: string } }

/** `count` distinct well-formed CEPs the sandbox knows, from `first` (a 5-digit prefix) up. */
function distinctCeps(count: number, first: number): string[] {
  return Array.from(
    { length: count },
    (_, index) => `${String(first + index * 97).padStart(5, "0")}-${String(index % 1000).padStart(3, "0")}`
  )
}

type BurstHelpers = {
  quote: (cep: string, shopper: number) => Promise<Answer>
  burst: (ceps: string[]) => Promise<Answer[]>
  pricedFrom: (answers: Answer[]) => string[]
  quoteCalls: () => Array<{ status: number | null }>
  circuit: () => Promise<{ state: string; consecutive_failures: number; retry_at: string | null }>
}

/** The store the cases quote against, and their helpers, for the cases of either deadline. */
const burstFile =
  (register: (helpers: BurstHelpers, sandbox: FreteTestContext["sandbox"]) => void): FreteCases =>
  ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string

    beforeAll(async () => {
      store = await createCheckoutStore({ api, getContainer }, { fallback: FALLBACK })
      ;({ variantId } = await createProduct(api, store, SHIRT))
      await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    /** One product page's quote for `cep`, from a shopper of its own (its own X-Forwarded-For): the per-client bound is not what is tested. */
    const quote = (cep: string, shopper: number): Promise<Answer> =>
      api
        .post(
          "/store/frete/quotes",
          { postal_code: cep, items: [{ variant_id: variantId, quantity: 1 }] },
          { headers: { ...store.store.headers, "x-forwarded-for": `203.0.113.${shopper + 1}` } }
        )
        .catch(
          (error: { response?: Answer; message: string }) =>
            error.response ?? { status: 0, data: { message: error.message } }
        )
    const burst = (ceps: string[]) => Promise.all(ceps.map((cep, shopper) => quote(cep, shopper)))
    /** Per answer, where its prices came from ("api", "fallback"), or its status and message when it was refused. */
    const pricedFrom = (answers: Answer[]) =>
      answers.map((answer) =>
        answer.status !== 200
          ? `status ${answer.status}: ${answer.data.message ?? answer.data.code}`
          : (answer.data.quotes ?? []).map((q) => (q.is_fallback ? "fallback" : "api")).join(",") || "no quote"
      )
    // The status route's own probe (an empty body) is not a quote.
    const quoteCalls = () =>
      sandbox()
        .calls({ service: "freight" })
        .filter((call) => JSON.stringify(call.body) !== "{}")
    const circuit = async () =>
      (await api.get("/admin/frete/status", store.admin)).data.freight.circuit as {
        state: string
        consecutive_failures: number
        retry_at: string | null
      }
    register({ quote, burst, pricedFrom, quoteCalls, circuit }, sandbox)
  }

export const burstCases: FreteConfiguredCases = {
  // The default pool (64 connections); the deadline scaled, and the circuit quicker to open and to try again.
  pluginOptions: {
    freight: { timeoutMs: TIMEOUT_MS, circuitBreaker: { failureThreshold: FAILURES_TO_OPEN, openMs: OPEN_MS } },
  },
  cases: burstFile(({ quote, burst, pricedFrom, quoteCalls, circuit }, sandbox) => {
    it(`${BURST} new quotes at once against an API that takes half the deadline are all priced by the API, and the circuit stays closed`, async () => {
      // Medusa's first product lookup in the app is slow (its queries are built once): not what is tested.
      expect(pricedFrom([await quote(distinctCeps(1, 1000)[0], 200)])).toEqual(["api"])
      sandbox().clearCalls()
      sandbox().configure({ latencyMs: SLOW_API_MS })
      const answers = await burst(distinctCeps(BURST, 1100))

      expect(pricedFrom(answers)).toEqual(Array(BURST).fill("api"))
      expect(quoteCalls().map((call) => call.status)).toEqual(Array(BURST).fill(200))
      expect(await circuit()).toMatchObject({ state: "closed", consecutive_failures: 0 })
    })

    it("an API that answers 500 still opens the circuit, and the burst is answered from the fallback table", async () => {
      sandbox().setFault("freight", { mode: "status", status: 500 })
      const answers = await burst(distinctCeps(BURST, 2100))

      expect(pricedFrom(answers)).toEqual(Array(BURST).fill("fallback"))
      expect(await circuit()).toMatchObject({ state: "open" })
      // Every call the circuit let through was refused by the API: none was answered.
      expect(
        quoteCalls()
          .filter((call) => call.status !== 500)
          .map((call) => call.status)
      ).toEqual([])
    })
  }),
}

export const burstHangCases: FreteConfiguredCases = {
  // Quotes one at a time: a deadline of a few seconds leaves Medusa's own part room, and each hang
  // costs the test a whole deadline.
  pluginOptions: {
    freight: { timeoutMs: HANG_TIMEOUT_MS, circuitBreaker: { failureThreshold: FAILURES_TO_OPEN, openMs: OPEN_MS } },
  },
  cases: burstFile(({ quote, pricedFrom, quoteCalls, circuit }, sandbox) => {
    it("an API that hangs is answered from the fallback table, one call per quote, and its hangs open the circuit", async () => {
      sandbox().setFault("freight", { mode: "hang" })
      const ceps = distinctCeps(FAILURES_TO_OPEN + 2, 3100)
      const answers: Answer[] = []
      // One after another: each hang had the whole deadline on the wire, so each is the API's failure.
      for (const [shopper, cep] of ceps.entries()) answers.push(await quote(cep, shopper))

      expect(pricedFrom(answers)).toEqual(Array(ceps.length).fill("fallback"))
      // A call per quote until the circuit opened (a timeout is not retried), none after: the
      // calls never answered (status null), and no call outlived its quote into a retry.
      expect(quoteCalls().map((call) => call.status)).toEqual(Array(FAILURES_TO_OPEN).fill(null))
      expect(await circuit()).toMatchObject({ state: "open", consecutive_failures: FAILURES_TO_OPEN })
    })
  }),
}
