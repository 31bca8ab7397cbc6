// What a storefront gets from Medusa's own route, `POST /store/shipping-options/:id/calculate`:
// beside the price, the quote's facts under `calculated_price.frete`; and when an option cannot be
// priced, a pt-BR message with a code that tells "fix the CEP" from "try again".
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct } from "../../scripts/lib/store-api"
import type { FreteCases } from "../helpers/frete-runner"

type WireQuotation = {
  servico_metaname: string
  servico_nome: string
  transportadora_metaname: string
  cotacao_prazo: number
}
type ErrorBody = { type: string; code?: string; message: string }

export const shopperFactsCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let variantId: string
  const optionIds: Record<string, string> = {}

  beforeAll(async () => {
    store = await createCheckoutStore(
      { api, getContainer },
      {
        extra_days: 2,
        services: [{ metaname: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX rápido" }],
        fallback: [],
      }
    )
    ;({ variantId } = await createProduct(api, store, SHIRT))
    optionIds.cheapest = await createFreteOption(api, store, "cheapest", "Frete econômico")
    optionIds.sedex = await createFreteOption(api, store, "correios-sedex", "SEDEX")
  })

  const calculate = (optionId: string, cartId: string) =>
    api
      .post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, store.store)
      .catch((error: { response: { status: number; data: ErrorBody } }) => error.response)

  it("passes the quote's service, carrier, deadline and date through with the price", async () => {
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "30130-010",
      province: "MG",
      city: "Belo Horizonte",
    })
    const answer = await calculate(optionIds.sedex, cartId)
    expect(answer.status).toBe(200)
    const wire = (sandbox().calls({ service: "freight" })[0].response as { cotacoes: WireQuotation[] }).cotacoes
    const sedex = wire.find((quotation) => quotation.servico_metaname === "correios-sedex") as WireQuotation
    const price = answer.data.shipping_option.calculated_price
    expect(price.frete).toEqual({
      service: "correios-sedex",
      service_name: "SEDEX rápido",
      carrier: sedex.transportadora_metaname,
      // The settings' 2 extra days (a rule) on the service's deadline.
      days: sedex.cotacao_prazo + 2,
      delivery_estimate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      is_fallback: false,
      estimated_from: null,
    })
    // The date counts business days from today.
    expect(new Date(`${price.frete.delivery_estimate}T12:00:00Z`).getTime()).toBeGreaterThan(Date.now())
    expect(answer.data.shipping_option.amount).toBe(price.calculated_amount)

    // `cheapest` names the service it picked, so the storefront can show which carrier it is.
    const cheapest = (await calculate(optionIds.cheapest, cartId)).data.shipping_option.calculated_price
    expect(wire.map((quotation) => quotation.servico_metaname)).toContain(cheapest.frete.service)
    expect(cheapest.frete.carrier).toBe(
      wire.find((quotation) => quotation.servico_metaname === cheapest.frete.service)?.transportadora_metaname
    )
    expect(sandbox().calls({ service: "freight" })).toHaveLength(1)
  })

  it("marks a price from the fallback table as such", async () => {
    await api.post(
      "/admin/frete/settings",
      {
        fallback: [
          {
            service: "correios-sedex",
            name: "SEDEX",
            carrier: "correios",
            bands: [{ max_weight_kg: 30, price: 49.9, days: 3 }],
          },
        ],
      },
      store.admin
    )
    sandbox().setFault("freight", { mode: "status", status: 503 })
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "80010-000",
      province: "PR",
    })
    const price = (await calculate(optionIds.sedex, cartId)).data.shipping_option.calculated_price
    expect(price.calculated_amount).toBe(49.9)
    expect(price.frete).toMatchObject({ service: "correios-sedex", carrier: "correios", days: 5, is_fallback: true })
  })

  it("tells the shopper to fix a CEP the service does not know", async () => {
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], { postal_code: "99999-999" })
    const answer = await calculate(optionIds.cheapest, cartId)
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      type: "invalid_data",
      code: "cep_not_served",
      message: "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente.",
    })
  })

  it("tells the shopper to try again when the service is down and no fallback price applies", async () => {
    sandbox().setFault("freight", { mode: "status", status: 503 })
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "40010-000",
      province: "BA",
    })
    const answer = await calculate(optionIds.cheapest, cartId)
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      type: "not_allowed",
      code: "freight_unavailable",
      message: "Não foi possível calcular o frete agora. Tente novamente em instantes.",
    })
  })

  it("tells the shopper to choose another option when the service does not deliver this one", async () => {
    await api.post(
      "/admin/frete/settings",
      { services: [{ metaname: "correios-sedex", name: "Correios - SEDEX", enabled: false }] },
      store.admin
    )
    const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 1 }], {
      postal_code: "30130-010",
      province: "MG",
    })
    const answer = await calculate(optionIds.sedex, cartId)
    expect(answer.status).toBe(400)
    expect(answer.data).toMatchObject({
      type: "not_allowed",
      code: "option_unavailable",
      message: expect.stringMatching(/Escolha outra opção/),
    })
    expect((await calculate(optionIds.cheapest, cartId)).status).toBe(200)
  })
}
