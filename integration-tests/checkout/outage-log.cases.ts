// A freight outage as an operator reads it: 60 shoppers priced by the fallback table while the API fails are a
// handful of lines (each state once when it starts, once with a count when it ends), with no shopper's CEP in any
// line of the app, in any shape, and no name or address in the plugin's.
import type { Logger } from "@medusajs/framework/types"
import { capturedLines } from "../../test-support/log-guard"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"

const PAC = { service: "correios-pac", name: "PAC (tabela da loja)", carrier: "correios" }
const FALLBACK = [{ ...PAC, bands: [{ max_weight_kg: 30, price: 29.9, days: 6 }] }]
const SHOPPERS = 60
/** Sixty shoppers' CEPs in Rio de Janeiro, each its own: 20000-000, 20001-000, ... 20059-000. */
const CEPS = Array.from({ length: SHOPPERS }, (_, index) => `${20000 + index}-000`)
/** A CEP as a log line could write it: 8 digits, 5-3 with a dash, 2.3-3. */
const shapesOf = (cep: string) => {
  const digits = cep.replace(/\D/g, "")
  const [region, rest, suffix] = [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5)]
  return [digits, `${region}${rest}-${suffix}`, `${region}.${rest}-${suffix}`]
}
const PERSONAL = ["Maria", "Silva", "Rio Branco", "Sala 101", "98765-4321"]

export const outageLogCases: FreteConfiguredCases = {
  // The circuit opens after 3 failures and tries again every second: its trials fail all along the outage.
  pluginOptions: { freight: { timeoutMs: 5000, circuitBreaker: { failureThreshold: 3, openMs: 1000 } } },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let optionId: string

    beforeAll(async () => {
      store = await createCheckoutStore({ api, getContainer }, { fallback: FALLBACK })
      ;({ variantId } = await createProduct(api, store, SHIRT))
      optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    const cartTo = (postal_code: string) =>
      createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code })
    const calculate = async (cartId: string) => {
      const body = { cart_id: cartId, data: {} }
      const answer = await api.post(`/store/shipping-options/${optionId}/calculate`, body, store.store)
      return answer.data.shipping_option.calculated_price.calculated_amount as number
    }
    const waitForTrial = async () => {
      const { circuit } = (await api.get("/admin/frete/status", store.admin)).data.freight
      const retryAt = Date.parse(circuit.retry_at ?? "")
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, retryAt - Date.now()) + 50))
    }

    it("an outage 60 shoppers are priced through is a handful of lines, with no CEP, name or address", async () => {
      const carts = []
      for (const cep of CEPS) carts.push(await cartTo(cep))
      const recovered = await cartTo("30130-010")
      // What an operator reads at Medusa's default level: the app logger's info, warnings and errors, in order.
      const logger = getContainer().resolve<Logger>("logger")
      const spies = [jest.spyOn(logger, "info"), jest.spyOn(logger, "warn"), jest.spyOn(logger, "error")]
      const calls = (spy: (typeof spies)[number]) =>
        spy.mock.calls.map(([message], index) => ({ message, at: spy.mock.invocationCallOrder[index] }))
      const read = () =>
        spies
          .flatMap(calls)
          .sort((a, b) => a.at - b.at)
          .map(({ message }) => (message instanceof Error ? message.message : message))
      const plugin: string[] = []
      const everyLine = capturedLines().length
      try {
        sandbox().setFault("freight", { mode: "status", status: 500 })
        for (const cartId of carts) expect(await calculate(cartId)).toBe(29.9)
        sandbox().setFault("freight", null)
        await waitForTrial()
        expect(await calculate(recovered)).not.toBe(29.9)
      } finally {
        plugin.push(...read().filter((line) => line.startsWith("frete")))
        spies.forEach((spy) => spy.mockRestore())
      }

      const opened = /^frete: circuit opened: the freight API failed 3 times in a row \(ServerError, HTTP 500\)/
      expect(plugin).toEqual([
        "frete: fallback pricing started: quotes priced by the table (ServerError, HTTP 500)",
        expect.stringMatching(opened),
        expect.stringMatching(/^frete: circuit closed: the freight API answers again after \d+ (s|min) open/),
        expect.stringMatching(new RegExp(`^frete: fallback pricing ended: ${SHOPPERS} quotes priced by the table`)),
      ])
      // Every line this test caused, at any level, the plugin's or Medusa's: none quotes a shopper's CEP in any shape.
      const lines = capturedLines().slice(everyLine)
      expect(CEPS.flatMap(shapesOf).filter((shape) => lines.some((line) => line.includes(shape)))).toEqual([])
      expect(PERSONAL.filter((value) => plugin.some((line) => line.includes(value)))).toEqual([])
    }, 300_000)
  },
}
