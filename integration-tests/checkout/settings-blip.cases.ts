// A database blip while the plugin reads its settings again (every `settingsRefreshMs`) does not
// fail checkout: the settings last read stay in force, and the log says so once, then once more
// when a read succeeds again. A process that has read none yet never prices from the defaults
// (a failure, like a migration's lock in settings-lock.cases.ts): checkout is refused until a read
// succeeds. Here the blip is the settings table gone for a moment (renamed), and every price reads
// the settings again (settingsRefreshMs 0).
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { ContainerRegistrationKeys } from "@medusajs/framework/utils"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { capturedLines } from "../../test-support/log-guard"

const FAILED = "frete: reading the settings failed"
const RECOVERED = "frete: the settings are read again"

export const settingsBlipCases: FreteConfiguredCases = {
  pluginOptions: { settingsRefreshMs: 0 },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let optionId: string

    beforeAll(async () => {
      // A rule of the merchant's that changes the query, so that defaults in its place would show.
      store = await createCheckoutStore({ api, getContainer }, { extra_price: { type: "fixed", value: 7.5 } })
      ;({ variantId } = await createProduct(api, store, SHIRT))
      optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    const calculate = (cartId: string) =>
      api
        .post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, store.store)
        .catch((error: { response: { status: number; data: { message: string } } }) => error.response)
    const amountOf = (answer: { data: { shipping_option: { calculated_price: { calculated_amount: number } } } }) =>
      answer.data.shipping_option.calculated_price.calculated_amount
    const freightCalls = () => sandbox().calls({ service: "freight" })
    /** What the merchant's extra price added to the API's cheapest price of the last freight call, in reais. */
    const extraCharged = (answer: Parameters<typeof amountOf>[0]) => {
      const last = freightCalls().at(-1)?.response as { cotacoes: Array<{ cotacao_preco: string }> }
      const cheapest = Math.min(...last.cotacoes.map((quotation) => Number(quotation.cotacao_preco.replace(",", "."))))
      return Math.round((amountOf(answer) - cheapest) * 100) / 100
    }
    // The logger's own calls: run alone, jest also captures the JSON line the logger prints.
    const linesWith = (text: string) => capturedLines().filter((line) => line.startsWith(text))
    const knex = () => getContainer().resolve<Knex>(ContainerRegistrationKeys.PG_CONNECTION)

    it("prices checkout with the settings last read while the settings cannot be read, and logs it once", async () => {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
        postal_code: "40010-000",
        province: "BA",
      })
      const before = await calculate(cartId)
      expect(before.status).toBe(200)
      expect({ freightCalls: freightCalls().length, extraCharged: extraCharged(before) }).toEqual({
        freightCalls: 1,
        extraCharged: 7.5,
      })
      // The app's log outlives the test (other files of its group log too): what this test caused is the difference.
      const failedBefore = linesWith(FAILED).length
      const recoveredBefore = linesWith(RECOVERED).length

      await knex().raw("alter table frete_settings rename to frete_settings_blip")
      try {
        const otherCart = await createCart(api, store, [{ variant_id: variantId, quantity: 3 }], {
          postal_code: "80010-000",
          province: "PR",
        })
        for (const id of [cartId, otherCart, cartId]) {
          const during = await calculate(id)
          expect({ status: during.status, message: during.data.message }).toEqual({ status: 200, message: undefined })
          expect(amountOf(during)).toBeGreaterThan(0)
        }
        expect(amountOf(await calculate(cartId))).toBe(amountOf(before))
        // The new cart was priced with the merchant's extra price, not the defaults' (its answer kept: no new call).
        expect({ freightCalls: freightCalls().length, extraCharged: extraCharged(await calculate(otherCart)) }).toEqual(
          {
            freightCalls: 2,
            extraCharged: 7.5,
          }
        )
        expect(linesWith(FAILED).length - failedBefore).toBe(1)
        expect(linesWith(FAILED).slice(-1)[0]).toMatch(/stay in force until a read succeeds/)
        expect(linesWith(RECOVERED).length - recoveredBefore).toBe(0)
      } finally {
        await knex().raw("alter table frete_settings_blip rename to frete_settings")
      }

      expect((await calculate(cartId)).status).toBe(200)
      expect(linesWith(RECOVERED).length - recoveredBefore).toBe(1)
      expect(linesWith(FAILED).length - failedBefore).toBe(1)
    })

    it("refuses checkout rather than price from the defaults when the first read of a process fails, and prices with the saved settings once a read succeeds", async () => {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
        postal_code: "40010-000",
        province: "BA",
      })
      await knex().raw("alter table frete_settings rename to frete_settings_blip")
      let during: Awaited<ReturnType<typeof calculate>>
      try {
        getContainer().resolve<FreteModuleService>(FRETE_MODULE).forgetInProcessState()
        during = await calculate(cartId)
      } finally {
        await knex().raw("alter table frete_settings_blip rename to frete_settings")
      }
      expect({ status: during.status, message: during.data.message, freightCalls: freightCalls().length }).toEqual({
        status: 500,
        message: "An unknown error occurred.",
        freightCalls: 0,
      })

      const after = await calculate(cartId)
      expect({ status: after.status, freightCalls: freightCalls().length, extraCharged: extraCharged(after) }).toEqual({
        status: 200,
        freightCalls: 1,
        extraCharged: 7.5,
      })
    })
  },
}
