// Answers of the freight API that are partly wrong, or wrong because of the store's own
// configuration: one malformed quotation drops alone; an origin CEP the service does not know is
// the merchant's to fix, said in the log once and shown in the admin until it is fixed.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import type { FreteCases } from "../helpers/frete-runner"
import { capturedLines } from "../../test-support/log-guard"

type WireQuotation = { servico_metaname: string }
type Price = { calculated_amount: number; frete: { service: string; is_fallback: boolean } }

export const quoteAnswersCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let variantId: string
  const optionIds: Record<string, string> = {}

  beforeAll(async () => {
    store = await createCheckoutStore(
      { api, getContainer },
      {
        fallback: [
          {
            service: "correios-pac",
            name: "PAC",
            carrier: "correios",
            bands: [{ max_weight_kg: 30, price: 39.9, days: 9 }],
          },
        ],
      }
    )
    ;({ variantId } = await createProduct(api, store, SHIRT))
    optionIds.cheapest = await createFreteOption(api, store, "cheapest", "Frete econômico")
  })

  const calculate = async (optionId: string, cartId: string) =>
    (await api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, store.store)).data
      .shipping_option.calculated_price as Price
  const quoteRoute = async (cep: string) =>
    (
      await api.post(
        "/store/frete/quotes",
        { postal_code: cep, items: [{ variant_id: variantId, quantity: 1 }] },
        store.store
      )
    ).data.quotes as Array<{ option_id: string; service: string; is_fallback: boolean }>
  const moveOrigin = (postalCode: string) =>
    api.post(
      `/admin/stock-locations/${store.stockLocationId}`,
      {
        address: {
          address_1: "Avenida Paulista, 1000",
          city: "São Paulo",
          province: "SP",
          country_code: "br",
          postal_code: postalCode,
        },
      },
      store.admin
    )

  it("offers every other service when one quotation of the answer is malformed", async () => {
    sandbox().setFault("freight", { mode: "broken-quotation", times: 1 })
    // One option per service the sandbox quotes: the route answers each offer it can price (Jadlog's
    // under "Frete econômico", the same offer).
    for (const service of ["correios-pac", "correios-sedex", "jadlog-package", "azul-amanha"])
      await createFreteOption(api, store, service, service)
    const quotes = await quoteRoute("30130-010")
    const wire = (sandbox().calls({ service: "freight" })[0].response as { cotacoes: WireQuotation[] }).cotacoes
    expect(wire.length).toBeGreaterThan(1)
    expect(quotes.map((quote) => quote.service).sort()).toEqual(
      wire
        .slice(1)
        .map((quotation) => quotation.servico_metaname)
        .sort()
    )
    expect(quotes.filter((quote) => quote.is_fallback)).toEqual([])

    // Checkout for the same query shares that answer: real prices, not the fallback table.
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "30130-010",
      province: "MG",
    })
    const price = await calculate(optionIds.cheapest, cartId)
    expect(price.frete.is_fallback).toBe(false)
    expect(sandbox().calls({ service: "freight" })).toHaveLength(1)
    expect(capturedLines()).toContainEqual(
      expect.stringContaining(`quotation 0 (${wire[0].servico_metaname}) is left out`)
    )
  })

  it("tells the merchant, once in the log and in the admin, that the service does not know the origin CEP", async () => {
    await moveOrigin("99999-999")
    const logged = () => capturedLines().filter((line) => line.includes("not know the origin CEP 999**-***")).length
    const before = logged()
    const countAfterEachCart: number[] = []
    for (const cep of ["30130-010", "40010-000", "50010-000"]) {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: cep })
      const price = await calculate(optionIds.cheapest, cartId)
      // The shopper can still buy, at the store's own table: never silently, see below.
      expect(price).toMatchObject({ calculated_amount: 39.9, frete: { service: "correios-pac", is_fallback: true } })
      countAfterEachCart.push(logged() - before)
    }
    // Logged by the first refusal (the guard may see a line twice: logger and console), not by later ones.
    expect(countAfterEachCart[0]).toBeGreaterThan(0)
    expect(countAfterEachCart).toEqual([countAfterEachCart[0], countAfterEachCart[0], countAfterEachCart[0]])
    expect(sandbox().calls({ service: "freight" }).length).toBeGreaterThanOrEqual(3)

    const problem = {
      cep: "99999999",
      message: expect.stringMatching(
        /^A transportadora não reconhece o CEP de origem 99999-999\. Corrija o CEP do local de estoque/
      ),
      seen_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    }
    expect((await api.get("/admin/frete/settings", store.admin)).data.origin_problem).toEqual(problem)
    expect((await api.get("/admin/frete/status", store.admin)).data.freight.origin_problem).toEqual(problem)

    // Fixed by the merchant: the next answer of the service clears it.
    await moveOrigin("01310-100")
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "30130-010",
      province: "MG",
    })
    expect((await calculate(optionIds.cheapest, cartId)).frete.is_fallback).toBe(false)
    expect((await api.get("/admin/frete/settings", store.admin)).data.origin_problem).toBeNull()
  })
}
