import type { SandboxFault } from "../../sandbox/server"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import {
  completeCart,
  createCart,
  createFreteOption,
  createManualOption,
  createProduct,
} from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"

const FALLBACK = [
  {
    service: "correios-pac",
    name: "PAC (tabela da loja)",
    carrier: "correios",
    bands: [
      { max_weight_kg: 1, price: 29.9, days: 6 },
      { max_weight_kg: 30, price: 59.9, days: 8 },
    ],
  },
  {
    service: "correios-sedex",
    name: "SEDEX (tabela da loja)",
    carrier: "correios",
    bands: [{ max_weight_kg: 30, price: 79.9, days: 3 }],
  },
]

export const failurePolicyCases: FreteConfiguredCases = {
  // Answers go stale at once, so that the stale path can be shown; a hang ends at 5 s. The
  // deadline runs from the request's arrival: enough of it must be left, once Medusa's own time
  // (long on a busy test machine) is spent, for the retry the tests count. Each fault is shown on
  // its own, so the circuit breaker (outage-and-abuse.cases.ts) is off here.
  pluginOptions: { freight: { timeoutMs: 5000, cache: { successTtlMs: 1 }, circuitBreaker: { enabled: false } } },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    const optionIds: Record<string, string> = {}

    beforeAll(async () => {
      store = await createCheckoutStore({ api, getContainer }, { fallback: FALLBACK })
      ;({ variantId } = await createProduct(api, store, SHIRT))
      optionIds.cheapest = await createFreteOption(api, store, "cheapest", "Frete econômico")
      optionIds.fastest = await createFreteOption(api, store, "fastest", "Frete expresso")
      optionIds.manual = await createManualOption(api, store, 15)
    })

    const calculate = (optionId: string, cartId: string) =>
      api
        .post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, store.store)
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
    const amountOf = (answer: { data: { shipping_option: { calculated_price: { calculated_amount: number } } } }) =>
      answer.data.shipping_option.calculated_price.calculated_amount
    const addMethod = async (cartId: string, optionId: string) => {
      const { data } = await api.post(
        `/store/carts/${cartId}/shipping-methods`,
        { option_id: optionId },
        { ...store.store, params: { fields: "+shipping_methods.data" } }
      )
      return data.cart.shipping_methods[0]
    }

    it("serves the last answer to the same query when the service fails", async () => {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 2 }], {
        postal_code: "40010-000",
        province: "BA",
      })
      const fresh = await calculate(optionIds.cheapest, cartId)
      expect(fresh.status).toBe(200)

      sandbox().setFault("freight", { mode: "status", status: 500 })
      const stale = await calculate(optionIds.cheapest, cartId)
      expect(stale.status).toBe(200)
      expect(amountOf(stale)).toBe(amountOf(fresh))
      // The first answer, then one failed call and its one retry.
      expect(
        sandbox()
          .calls({ service: "freight" })
          .map((call) => call.status)
      ).toEqual([200, 500, 500])
      expect(await addMethod(cartId, optionIds.cheapest)).toMatchObject({
        amount: amountOf(fresh),
        data: { is_fallback: false },
      })
    })

    it("uses the fallback table when no answer was ever had, and says so on the shipping method", async () => {
      sandbox().setFault("freight", { mode: "status", status: 503 })
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 2 }], {
        postal_code: "80010-000",
        province: "PR",
      })
      // 2 × max(0.3 kg, 30 × 20 × 4 / 6000 = 0.4 kg) = 0.8 kg: the first band.
      expect(amountOf(await calculate(optionIds.cheapest, cartId))).toBe(29.9)
      expect(amountOf(await calculate(optionIds.fastest, cartId))).toBe(79.9)
      const method = await addMethod(cartId, optionIds.cheapest)
      expect(method.amount).toBe(29.9)
      expect(method.data).toMatchObject({
        service: "correios-pac",
        service_name: "PAC (tabela da loja)",
        is_fallback: true,
        days: 6,
        consulta_token: null,
      })
      expect(method.data.delivery_estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    })

    it("answers from the fallback table when the service hangs, at its timeout", async () => {
      sandbox().setFault("freight", { mode: "hang" })
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
        postal_code: "88010-000",
        province: "SC",
      })
      const answer = await calculate(optionIds.cheapest, cartId)
      expect(answer.status).toBe(200)
      expect(amountOf(answer)).toBe(29.9)
      expect(sandbox().calls({ service: "freight" })).toHaveLength(1)
    })

    const faults: Array<[string, SandboxFault, string]> = [
      ["a reset connection", { mode: "reset" }, "90010-000"],
      ["an HTML error page", { mode: "html" }, "60010-000"],
      ["malformed JSON", { mode: "malformed-json" }, "50010-000"],
      ["JSON of the wrong shape", { mode: "wrong-shape" }, "70040-010"],
      ["an answer with no quotation", { mode: "empty-quotes" }, "66010-000"],
      ["the plan's query limit (429)", { mode: "status", status: 429 }, "64000-000"],
    ]
    it.each(faults)("never prices 0 because of %s: the fallback table answers", async (_name, fault, cep) => {
      sandbox().setFault("freight", fault)
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: cep })
      const answer = await calculate(optionIds.cheapest, cartId)
      expect(answer.status).toBe(200)
      expect(amountOf(answer)).toBe(29.9)
    })

    it("with neither an earlier answer nor a fallback, refuses the option in Portuguese; the manual option still sells", async () => {
      await api.post("/admin/frete/settings", { fallback: [] }, store.admin)
      sandbox().setFault("freight", { mode: "status", status: 500 })
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
        postal_code: "69900-000",
        province: "AC",
      })
      const refused = await calculate(optionIds.cheapest, cartId)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toBe("Não foi possível calcular o frete agora. Tente novamente em instantes.")

      const method = await addMethod(cartId, optionIds.manual)
      expect(method.amount).toBe(15)
      const completed = await completeCart(api, store, cartId)
      expect(completed.type).toBe("order")
    })

    it("refuses a destination CEP the service does not know, with no fallback price", async () => {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
        postal_code: "99999-999",
      })
      const refused = await calculate(optionIds.cheapest, cartId)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toBe("Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.")
      expect(sandbox().calls({ service: "freight" })[0].status).toBe(400)
    })

    it("with the circuit breaker off, keeps calling a failing service, and the status shows no circuit", async () => {
      sandbox().setFault("freight", { mode: "status", status: 500 })
      for (const cep of ["30130-010", "31010-000", "32010-000", "33010-000", "34010-000", "35010-000"]) {
        const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: cep })
        expect(amountOf(await calculate(optionIds.cheapest, cartId))).toBe(29.9)
      }
      // Six failed quotes, each a call and its retry: past the default threshold of 5, still calling.
      expect(
        sandbox()
          .calls({ service: "freight" })
          .filter((call) => JSON.stringify(call.body) !== "{}")
      ).toHaveLength(12)
      const { data } = await api.get("/admin/frete/status", store.admin)
      expect(data.freight.circuit).toBeNull()
      expect(data.freight.cache).toMatchObject({ max_entries: 10_000 })
    })

    it("refuses a malformed CEP before any call", async () => {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "1234-56" })
      const refused = await calculate(optionIds.cheapest, cartId)
      expect(refused.status).toBe(400)
      expect(refused.data.message).toMatch(/^CEP inválido/)
      expect(sandbox().calls({ service: "freight" })).toHaveLength(0)
    })
  },
}
