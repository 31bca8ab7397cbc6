import { parseBrazilianMoneyCents } from "../../src/lib/brazilian-decimal"
import { createBrazilianStore, type BrazilianStore } from "../helpers/brazilian-store"
import { SHOPPER_ADDRESS, completeCart, createCart, createFreteOption, createManualOption, createProduct, listAndCalculate } from "../helpers/checkout"
import { freteIntegrationTestRunner } from "../helpers/frete-runner"

type WireQuotation = { servico_metaname: string; servico_nome: string; cotacao_preco: string; cotacao_prazo: number }

freteIntegrationTestRunner({
  testSuite: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let variantId: string
    let otherVariantId: string
    const optionIds: Record<string, string> = {}

    beforeEach(async () => {
      sandbox().reset()
      store = await createBrazilianStore(api, getContainer(), { fulfillmentProviders: ["manual_manual", "frete_frete"] })
      await api.post(
        "/admin/frete/settings",
        {
          services: [
            { metaname: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX rápido" },
            { metaname: "correios-pac", name: "Correios - PAC" },
            { metaname: "azul-amanha", name: "Azul Cargo - Amanhã", enabled: false },
          ],
        },
        store.admin
      )
      ;({ variantId } = await createProduct(api, store, { title: "Camiseta", sku: "CAMISETA-P", price: 120, weight: 300, length: 30, width: 20, height: 4 }))
      ;({ variantId: otherVariantId } = await createProduct(api, store, { title: "Caneca", sku: "CANECA", price: 45, weight: 450, length: 12, width: 12, height: 10 }))
      optionIds.cheapest = await createFreteOption(api, store, "cheapest", "Frete econômico")
      optionIds.fastest = await createFreteOption(api, store, "fastest", "Frete expresso")
      optionIds.sedex = await createFreteOption(api, store, "correios-sedex", "SEDEX")
      optionIds.manual = await createManualOption(api, store, 15)
    })

    const freightCalls = () => sandbox().calls({ service: "freight" })
    const lastQuotations = () => (freightCalls().at(-1)?.response as { cotacoes: WireQuotation[] }).cotacoes

    it("prices every option from one freight call, and one more per new CEP or new item", async () => {
      const cartId = await createCart(api, store, [{ variant_id: variantId, quantity: 2 }])
      const { options, prices } = await listAndCalculate(api, store, cartId)

      expect(options.map((option) => option.id).sort()).toEqual(Object.values(optionIds).sort())
      expect(prices.map((price) => price.status)).toEqual([200, 200, 200])
      expect(freightCalls()).toHaveLength(1)

      const quoted = lastQuotations().filter((quotation) => quotation.servico_metaname !== "azul-amanha")
      const cents = (quotation: WireQuotation) => parseBrazilianMoneyCents(quotation.cotacao_preco) as number
      const cheapest = Math.min(...quoted.map(cents))
      const fastestDays = Math.min(...quoted.map((quotation) => quotation.cotacao_prazo))
      const fastest = Math.min(...quoted.filter((quotation) => quotation.cotacao_prazo === fastestDays).map(cents))
      const sedex = cents(quoted.find((quotation) => quotation.servico_metaname === "correios-sedex") as WireQuotation)
      const amountOf = (id: string) => prices.find((price) => price.id === id)?.body.shipping_option.calculated_price.calculated_amount
      expect(amountOf(optionIds.cheapest)).toBe(cheapest / 100)
      expect(amountOf(optionIds.fastest)).toBe(fastest / 100)
      expect(amountOf(optionIds.sedex)).toBe(sedex / 100)
      expect(options.find((option) => option.id === optionIds.manual)?.amount).toBe(15)

      const { data: withMethod } = await api.post(
        `/store/carts/${cartId}/shipping-methods`,
        { option_id: optionIds.sedex },
        { ...store.store, params: { fields: "+shipping_methods.data" } }
      )
      expect(withMethod.cart.shipping_methods).toHaveLength(1)
      expect(withMethod.cart.shipping_methods[0].amount).toBe(sedex / 100)
      expect(withMethod.cart.shipping_methods[0].data).toMatchObject({
        service: "correios-sedex",
        service_name: "SEDEX rápido",
        carrier: "correios",
        consulta_token: (freightCalls()[0].response as { consulta_token: string }).consulta_token,
        is_fallback: false,
      })
      expect(withMethod.cart.shipping_methods[0].data.delivery_estimate).toMatch(/^\d{4}-\d{2}-\d{2}$/)

      // A change that leaves the query as it was re-prices the method from the cache.
      await api.post(`/store/carts/${cartId}`, { email: "maria.silva@example.com.br" }, store.store)
      expect(freightCalls()).toHaveLength(1)

      // A new CEP is a new query: one call, and the method is re-priced from it.
      const { data: moved } = await api.post(`/store/carts/${cartId}`, { shipping_address: { ...SHOPPER_ADDRESS, postal_code: "30130-010", province: "MG", city: "Belo Horizonte" } }, store.store)
      expect(freightCalls()).toHaveLength(2)
      const sedexToMg = cents(lastQuotations().find((quotation) => quotation.servico_metaname === "correios-sedex") as WireQuotation)
      expect(moved.cart.shipping_methods[0].amount).toBe(sedexToMg / 100)

      // A new item too.
      await api.post(`/store/carts/${cartId}/line-items`, { variant_id: otherVariantId, quantity: 1 }, store.store)
      expect(freightCalls()).toHaveLength(3)
      await listAndCalculate(api, store, cartId)
      expect(freightCalls()).toHaveLength(3)

      const completed = await completeCart(api, store, cartId)
      expect(completed.type).toBe("order")
      const { data: order } = await api.get(`/admin/orders/${completed.order.id}`, { ...store.admin, params: { fields: "+shipping_methods.data" } })
      expect(order.order.shipping_methods[0].data).toMatchObject({ service: "correios-sedex", is_fallback: false })
      expect(freightCalls()).toHaveLength(3)
    })
  },
})
