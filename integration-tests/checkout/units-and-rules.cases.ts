import type { BrazilianStore } from "../helpers/brazilian-store"
import { createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct, eventually, listAndCalculate } from "../../scripts/lib/store-api"
import type { FreteConfiguredCases } from "../helpers/frete-runner"

/** A wire price in centavos: the sandbox always writes two decimals ("1.234,56"), so its digits are the centavos. */
const priceCents = (quotation: { cotacao_preco: string }) => Number(quotation.cotacao_preco.replace(/\D/g, ""))

type WireQuotation = { servico_metaname: string; cotacao_preco: string; cotacao_prazo: number }
type WireQuery = {
  volumes: Array<Record<string, string>>
  prazo_adicional?: string
  preco_adicional?: string
  fretegratis?: boolean
  valor_notafiscal: string
}

export const unitsAndRulesCases: FreteConfiguredCases = {
  // A store that keeps weights in kilograms and dimensions in millimetres.
  pluginOptions: { units: { weight: "kg", dimension: "mm" } },
  cases: ({ api, getContainer, sandbox, dbConnection }) => {
    let store: BrazilianStore
    let cheapestOption: string

    beforeAll(async () => {
      store = await createCheckoutStore(
        { api, getContainer },
        { default_package: { weight_kg: 0.5, length_cm: 25, width_cm: 18, height_cm: 9 } }
      )
      cheapestOption = await createFreteOption(api, store, "cheapest", "Frete econômico")
    })

    const freightCalls = () => sandbox().calls({ service: "freight" })
    const volumesBySku = () =>
      Object.fromEntries((freightCalls()[0].body as WireQuery).volumes.map((volume) => [volume.sku, volume]))

    it("converts kilograms and millimetres, and falls back to the product's weight, then the default package", async () => {
      const full = await createProduct(api, store, {
        title: "Luminária",
        sku: "LUMINARIA",
        price: 89.9,
        weight: 1.5,
        length: 305,
        width: 200,
        height: 42,
      })
      const productWeight = await createProduct(api, store, { title: "Vaso", sku: "VASO", price: 60, productWeight: 2 })
      const nothing = await createProduct(api, store, { title: "Cartão", sku: "CARTAO", price: 5 })
      const partial = await createProduct(api, store, {
        title: "Tapete",
        sku: "TAPETE",
        price: 150,
        weight: 3.25,
        length: 1200,
      })
      const cartId = await createCart(api, store, [
        { variant_id: full.variantId, quantity: 1 },
        { variant_id: productWeight.variantId, quantity: 2 },
        { variant_id: nothing.variantId, quantity: 3 },
        { variant_id: partial.variantId, quantity: 1 },
      ])
      const { prices } = await listAndCalculate(api, store, cartId)
      expect(prices[0].status).toBe(200)

      expect(volumesBySku()).toEqual({
        LUMINARIA: {
          sku: "LUMINARIA",
          quantidade: "1",
          preco: "89.9",
          peso: "1.5",
          comprimento: "30.5",
          largura: "20",
          altura: "4.2",
        },
        VASO: { sku: "VASO", quantidade: "2", preco: "60", peso: "2", comprimento: "25", largura: "18", altura: "9" },
        CARTAO: {
          sku: "CARTAO",
          quantidade: "3",
          preco: "5",
          peso: "0.5",
          comprimento: "25",
          largura: "18",
          altura: "9",
        },
        // A variant with only some dimensions gets the default package's, and keeps its weight.
        TAPETE: {
          sku: "TAPETE",
          quantidade: "1",
          preco: "150",
          peso: "3.25",
          comprimento: "25",
          largura: "18",
          altura: "9",
        },
      })
      expect((freightCalls()[0].body as WireQuery).valor_notafiscal).toBe("374.9")
    })

    it("reads prices of a thousand reais and more in Brazilian notation, to the centavo", async () => {
      const fridge = await createProduct(api, store, {
        title: "Geladeira",
        sku: "GELADEIRA",
        price: 4299.9,
        weight: 95,
        length: 1800,
        width: 700,
        height: 700,
      })
      const cartId = await createCart(api, store, [{ variant_id: fridge.variantId, quantity: 2 }], {
        postal_code: "69010-000",
        province: "AM",
        city: "Manaus",
      })
      const { prices } = await listAndCalculate(api, store, cartId)
      const wire = (freightCalls()[0].response as { cotacoes: WireQuotation[] }).cotacoes
      const cheapest = Math.min(...wire.map((quotation) => priceCents(quotation)))
      expect(wire.map((quotation) => quotation.cotacao_preco)).toContainEqual(
        expect.stringMatching(/^\d{1,3}(\.\d{3})+,\d{2}$/)
      )
      expect(cheapest).toBeGreaterThan(100_000)
      expect(
        prices.find((price) => price.id === cheapestOption)?.body.shipping_option.calculated_price.calculated_amount
      ).toBe(cheapest / 100)
    })

    it("adds the settings' extra days, percentage price and free freight (rules) to what the service answers, sending none", async () => {
      await api.post(
        "/admin/frete/settings",
        {
          extra_days: 2,
          extra_price: { type: "percent", value: 10 },
          free_freight_rules: [{ min_subtotal: 200, states: ["RJ", "SP"] }],
        },
        store.admin
      )
      const shirt = await createProduct(api, store, {
        title: "Camiseta",
        sku: "CAMISETA",
        price: 120,
        weight: 0.3,
        length: 300,
        width: 200,
        height: 40,
      })

      // R$ 240 to Rio de Janeiro: the rule applies.
      const free = await createCart(api, store, [{ variant_id: shirt.variantId, quantity: 2 }], {
        postal_code: "20040-002",
        province: "RJ",
      })
      const freePrices = await listAndCalculate(api, store, free)
      const sent = (call: number) => {
        const { prazo_adicional, preco_adicional, fretegratis } = freightCalls()[call].body as WireQuery
        return { prazo_adicional, preco_adicional, fretegratis }
      }
      const nothing = { prazo_adicional: undefined, preco_adicional: undefined, fretegratis: undefined }
      expect(sent(0)).toEqual(nothing)
      expect(freePrices.prices[0].body.shipping_option.calculated_price.calculated_amount).toBe(0)

      // R$ 240 to Minas Gerais: not a state of the rule.
      const paid = await createCart(api, store, [{ variant_id: shirt.variantId, quantity: 2 }], {
        postal_code: "30130-010",
        province: "MG",
      })
      const paidPrices = await listAndCalculate(api, store, paid)
      expect(sent(1)).toEqual(nothing)
      const wire = (freightCalls()[1].response as { cotacoes: WireQuotation[] }).cotacoes
      const cheapest = wire.reduce((best, quotation) => (priceCents(quotation) < priceCents(best) ? quotation : best))
      // 10% of R$ 240,00 on the API's price, 2 days on its deadline.
      expect(paidPrices.prices[0].body.shipping_option.calculated_price).toMatchObject({
        calculated_amount: (priceCents(cheapest) + 2400) / 100,
        frete: { days: cheapest.cotacao_prazo + 2 },
      })

      // R$ 120 to Rio: under the rule's minimum.
      const small = await createCart(api, store, [{ variant_id: shirt.variantId, quantity: 1 }], {
        postal_code: "20040-002",
        province: "RJ",
      })
      const smallPrices = await listAndCalculate(api, store, small)
      expect(sent(2)).toEqual(nothing)
      const smallWire = (freightCalls()[2].response as { cotacoes: WireQuotation[] }).cotacoes
      const smallest = Math.min(...smallWire.map((quotation) => priceCents(quotation)))
      expect(smallPrices.prices[0].body.shipping_option.calculated_price.calculated_amount).toBe(
        (smallest + 1200) / 100
      )
    })

    it("applies settings another instance saved at the next quote, with no restart", async () => {
      const shirt = await createProduct(api, store, {
        title: "Camiseta",
        sku: "CAMISETA",
        price: 120,
        weight: 0.3,
        length: 300,
        width: 200,
        height: 40,
      })
      const cartId = await createCart(api, store, [{ variant_id: shirt.variantId, quantity: 1 }], {
        postal_code: "30130-010",
        province: "MG",
      })
      const amount = async () =>
        (await listAndCalculate(api, store, cartId)).prices[0].body.shipping_option.calculated_price
          .calculated_amount as number
      const before = await amount()
      const wire = (freightCalls()[0].response as { cotacoes: WireQuotation[] }).cotacoes
      const cheapestService = wire.reduce((best, quotation) =>
        priceCents(quotation) < priceCents(best) ? quotation : best
      )
      expect(before).toBe(priceCents(cheapestService) / 100)

      // Another Medusa instance saves the settings: this one only shares the database.
      const { rows } = await dbConnection.raw(`select settings from frete_settings`)
      const saved = {
        ...rows[0].settings,
        services: [
          { metaname: cheapestService.servico_metaname, name: "desativado", enabled: false, display_name: null },
        ],
      }
      await dbConnection.raw(`update frete_settings set settings = ?::jsonb`, [JSON.stringify(saved)])

      // Each instance reads the settings again every settingsRefreshMs (2 s by default).
      const after = await eventually(
        async () => {
          const amountNow = await amount()
          return amountNow === before ? undefined : amountNow
        },
        200,
        "the price to change with the settings saved in the database"
      )
      const nextCheapest = Math.min(
        ...wire.filter((quotation) => quotation !== cheapestService).map((quotation) => priceCents(quotation))
      )
      expect(after).toBe(nextCheapest / 100)
      // The same query: prices re-read from the kept answer, no new freight call.
      expect(freightCalls()).toHaveLength(1)
    })

    it("refuses settings with a bad value, naming the field in Portuguese, and saves nothing", async () => {
      const before = (await api.get("/admin/frete/settings", store.admin)).data.settings
      const answer = await api
        .post(
          "/admin/frete/settings",
          { extra_days: -1, origin_cep: "123", fallback: [{ service: "x", name: "X", bands: [] }] },
          store.admin
        )
        .catch(
          (error: {
            response: { status: number; data: { message: string; issues: Array<{ field: string; message: string }> } }
          }) => error.response
        )
      expect(answer.status).toBe(400)
      const issues = answer.data.issues as Array<{ field: string; message: string }>
      expect(issues.map((issue) => issue.field).sort()).toEqual(["extra_days", "fallback.0.bands", "origin_cep"])
      expect(issues.find((issue) => issue.field === "origin_cep")?.message).toMatch(/^CEP inválido/)
      expect((await api.get("/admin/frete/settings", store.admin)).data.settings).toEqual(before)
    })

    it("refuses to store a secret when no encryption key is set, and says why", async () => {
      const answer = await api
        .post("/admin/frete/settings", { secrets: { freight_token: "um-token" } }, store.admin)
        .catch(
          (error: { response: { status: number; data: { issues: Array<{ field: string; message: string }> } } }) =>
            error.response
        )
      expect(answer.status).toBe(400)
      expect(answer.data.issues).toEqual([
        { field: "secrets.freight_token", message: expect.stringMatching(/FRETE_ENCRYPTION_KEY/) },
      ])
      const { data } = await api.get("/admin/frete/settings", store.admin)
      expect(data.credentials.encryption_available).toBe(false)
      expect(JSON.stringify(data)).not.toContain("um-token")
    })

    it("refuses the settings routes without admin authentication", async () => {
      for (const call of [
        () => api.get("/admin/frete/settings"),
        () => api.post("/admin/frete/settings", { extra_days: 1 }),
        () => api.get("/admin/frete/settings", store.store),
      ]) {
        const answer = await call().catch((error: { response: { status: number } }) => error.response)
        expect(answer.status).toBe(401)
      }
    })
  },
}
