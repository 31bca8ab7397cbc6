// POST /admin/frete/simulate: the merchant's freight simulator. For a cart of some products to a
// CEP, every option of this provider checkout lists, the settings that changed it in the order
// the plugin applies them, and three prices: the API's (only when asked, bounded per minute), the
// estimate checkout charges while the API cannot answer, and the fallback table's. Each is checked
// against what checkout itself answers (`calculate`, the store quote route), never recomputed here.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import { createCart, createFreteOption, createProduct, listAndCalculate } from "../../scripts/lib/store-api"
import type { SimulateAnswer, SimulatedOption } from "../../src/lib/admin-contract"
import type { FreteCases } from "../helpers/frete-runner"

/** Rio de Janeiro: the second free-freight rule's state. */
const RIO = { postal_code: "20040-002", province: "RJ", city: "Rio de Janeiro" }
const UNAVAILABLE = "Não foi possível calcular o frete agora. Tente novamente em instantes."

type Calculated = {
  calculated_amount: number
  frete: { service: string; carrier: string | null; days: number | null; delivery_estimate: string | null }
}
type Answer = { status: number; data: Record<string, unknown>; headers: Record<string, string> }

export const freightSimulatorCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let store: BrazilianStore
  let shirt: string
  const optionIds: Record<string, string> = {}

  beforeAll(async () => {
    store = await createCheckoutStore(
      { api, getContainer },
      {
        extra_days: 2,
        extra_price: { type: "percent", value: 10 },
        free_freight_rules: [
          { min_subtotal: 1000, states: ["SP"] },
          { min_subtotal: 200, states: ["RJ"] },
        ],
        services: [
          { metaname: "correios-pac", name: "Correios - PAC" },
          { metaname: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX" },
          { metaname: "jadlog-package", name: "Jadlog - .Package" },
          { metaname: "azul-amanha", name: "Azul Cargo - Amanhã", enabled: false },
        ],
        fallback: [
          {
            service: "correios-pac",
            name: "PAC",
            carrier: "correios",
            bands: [{ max_weight_kg: 30, price: 29.9, days: 8 }],
          },
          {
            service: "correios-sedex",
            name: "SEDEX",
            carrier: "correios",
            bands: [{ max_weight_kg: 30, price: 49.9, days: 3 }],
          },
        ],
      }
    )
    const product = await createProduct(api, store, SHIRT)
    shirt = product.variantId
    // Made to order: 3 days before it leaves.
    await api.post(`/admin/products/${product.productId}`, { metadata: { frete_handling_days: "3" } }, store.admin)
    optionIds.cheapest = await createFreteOption(api, store, "cheapest", "Frete econômico")
    optionIds.fastest = await createFreteOption(api, store, "fastest", "Frete expresso")
    optionIds.sedex = await createFreteOption(api, store, "correios-sedex", "SEDEX")
    optionIds.azul = await createFreteOption(api, store, "azul-amanha", "Azul Amanhã")
  })

  const freightCalls = () => sandbox().calls({ service: "freight" })
  const simulate = async (body: unknown): Promise<Answer> => {
    const answer = await api.post("/admin/frete/simulate", body, { ...store.admin, validateStatus: () => true })
    return { status: answer.status, data: answer.data, headers: answer.headers as Record<string, string> }
  }
  const simulated = async (body: Record<string, unknown>) => {
    const answer = await simulate(body)
    expect(answer.status).toBe(200)
    return answer.data as SimulateAnswer
  }
  const optionNamed = (answer: SimulateAnswer, name: string) =>
    answer.options.find((option) => option.name === name) as SimulatedOption
  const twoShirtsTo = (cep: string, askApi: boolean) => ({
    postal_code: cep,
    items: [{ variant_id: shirt, quantity: 2 }],
    ask_api: askApi,
  })

  it("lists the options checkout lists, each priced as calculate prices it, from the one freight call checkout then reuses", async () => {
    const answer = await simulated(twoShirtsTo("20040002", true))
    expect(answer.asked_api).toBe(true)
    expect(freightCalls()).toHaveLength(1)

    const cartId = await createCart(api, store, [{ variant_id: shirt, quantity: 2 }], RIO)
    const { options, prices } = await listAndCalculate(api, store, cartId)
    const listed = (options as Array<{ id: string; provider_id?: string }>).filter(
      (option) => option.provider_id === "frete_frete"
    )
    expect(answer.options.map((option) => option.option_id).sort()).toEqual(listed.map((option) => option.id).sort())
    for (const option of answer.options) {
      const price = prices.find((candidate) => candidate.id === option.option_id)
      if (price?.status !== 200) {
        expect(option.api).toEqual({ status: "not_offered", message: null, price: null })
        continue
      }
      const calculated = price.body.shipping_option.calculated_price as Calculated
      expect(option.api.status).toBe("answered")
      expect(option.api.price).toMatchObject({
        amount: calculated.calculated_amount,
        service: calculated.frete.service,
        carrier: calculated.frete.carrier,
        days: calculated.frete.days,
        delivery_estimate: calculated.frete.delivery_estimate,
        estimated_from: null,
      })
    }
    // Only the disabled service's option is not offered.
    expect(answer.options.filter((option) => !option.api.price).map((option) => option.name)).toEqual(["Azul Amanhã"])
    expect(freightCalls()).toHaveLength(1)
  })

  it("lists the settings applied in the order the plugin applies them, with what each did", async () => {
    const answer = await simulated(twoShirtsTo("20040-002", true))
    // The old settings, carried over as rules: the extra price, the extra days, then the free-freight rules.
    // Every service the API priced (Jadlog does not serve São Paulo in the sandbox).
    const priced = expect.arrayContaining(["correios-pac", "correios-sedex"])
    const price = { setting: "rule", index: 0, name: "Preço adicional", services: priced }
    const extra = [
      { ...price, action: { type: "subtotal_percent", value: 10 } },
      { ...price, index: 1, name: "Prazo adicional", action: { type: "days", value: 2 } },
    ]
    const handling = { setting: "handling_days", days: 3, skus: ["CAMISETA-P"], metadata_key: "frete_handling_days" }
    // R$ 240 to Rio de Janeiro: the second free-freight rule frees the cheapest service.
    const freed = {
      setting: "rule",
      index: 3,
      name: "Frete grátis 2",
      action: { type: "free_cheapest" },
      services: ["jadlog-package"],
    }
    const disabled = { setting: "service_disabled", service: "azul-amanha", name: "Azul Cargo - Amanhã" }
    const cheapest = optionNamed(answer, "Frete econômico")
    expect(cheapest.sent).toEqual({ prazo_adicional: 3, subtotal: 240, weight_kg: 0.8, state: "RJ" })
    expect(cheapest.applied).toEqual([
      handling,
      ...extra,
      freed,
      disabled,
      { setting: "option_pick", pick: "cheapest", service: "jadlog-package" },
    ])
    expect(cheapest.api.price?.amount).toBe(0)
    expect(optionNamed(answer, "Frete expresso").applied).toEqual([
      handling,
      ...extra,
      freed,
      disabled,
      { setting: "service_renamed", service: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX" },
      { setting: "option_pick", pick: "fastest", service: "correios-sedex" },
    ])
    // No rule changed the disabled service's option.
    expect(optionNamed(answer, "Azul Amanhã").applied).toEqual([
      handling,
      disabled,
      { setting: "option_pick", pick: "azul-amanha", service: null },
    ])

    // One shirt to São Paulo: R$ 120, below that state's rule; a percent of its own subtotal.
    const saoPaulo = await simulated({ postal_code: "01310-100", items: [{ variant_id: shirt, quantity: 1 }] })
    const sedex = optionNamed(saoPaulo, "SEDEX")
    expect(sedex.sent).toEqual({ prazo_adicional: 3, subtotal: 120, weight_kg: 0.4, state: "SP" })
    expect(sedex.applied).toEqual([
      handling,
      ...extra,
      { setting: "service_renamed", service: "correios-sedex", name: "Correios - SEDEX", display_name: "SEDEX" },
      { setting: "option_pick", pick: "correios-sedex", service: "correios-sedex" },
    ])
  })

  it("makes no freight call without ask_api: the estimate and the table, the API's price left out", async () => {
    const answer = await simulated(twoShirtsTo("30130-010", false))
    expect(answer.asked_api).toBe(false)
    expect(freightCalls()).toEqual([])
    const sedex = optionNamed(answer, "SEDEX")
    expect(sedex.api).toEqual({ status: "not_asked", message: null, price: null })
    // Nothing learned yet: the estimate is the table, plus the extra price (10% of R$ 240) and days (3 + 2 + 3).
    const table = { service: "correios-sedex", service_name: "SEDEX", carrier: "correios", amount: 73.9, days: 8 }
    expect(sedex.table).toMatchObject({ ...table, estimated_from: "table" })
    expect(sedex.estimate).toEqual(sedex.table)
    expect(optionNamed(answer, "Frete econômico").estimate).toMatchObject({ service: "correios-pac", amount: 53.9 })
  })

  it("while the freight API fails, answers the estimate the store quote route charges", async () => {
    sandbox().setFault("freight", { mode: "status", status: 500 })
    const answer = await simulated(twoShirtsTo("40010-000", true))
    const { data } = await api.post(
      "/store/frete/quotes",
      { postal_code: "40010-000", items: [{ variant_id: shirt, quantity: 2 }] },
      store.store
    )
    const quotes = data.quotes as Array<{ option_id: string; amount: number; service: string; days: number }>
    expect(quotes.length).toBeGreaterThan(0)
    for (const quote of quotes) {
      const option = answer.options.find((candidate) => candidate.option_id === quote.option_id) as SimulatedOption
      expect(option.api).toEqual({ status: "unavailable", message: UNAVAILABLE, price: null })
      expect(option.estimate).toMatchObject({ amount: quote.amount, service: quote.service, days: quote.days })
    }
  })

  it("says of a CEP the freight API does not know that checkout would refuse it, as checkout words it", async () => {
    const answer = await simulated(twoShirtsTo("99999-999", true))
    const message = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."
    expect(answer.options).toHaveLength(4)
    for (const option of answer.options) expect(option.api).toEqual({ status: "cep_not_served", message, price: null })
  })

  it("refuses a bad body in Portuguese, before any freight call", async () => {
    const refusals: Array<[unknown, string]> = [
      [[shirt], "Simulação inválida: corpo: envie um objeto JSON com postal_code e items"],
      [
        { postal_code: "123", items: [{ variant_id: shirt, quantity: 1 }] },
        "Simulação inválida: postal_code: CEP inválido: informe os 8 dígitos, como 01310-100",
      ],
      [{ postal_code: "20040-002" }, "Simulação inválida: items: informe os itens como uma lista"],
      [
        { postal_code: "20040-002", items: [{ variant_id: shirt, quantity: 0 }] },
        "Simulação inválida: items.0.quantity: a quantidade deve ser maior que zero",
      ],
      [
        { postal_code: "20040-002", items: [{ variant_id: shirt, quantity: 1 }], ask_api: "sim" },
        "Simulação inválida: ask_api: ask_api deve ser verdadeiro ou falso",
      ],
      [
        { postal_code: "20040-002", items: [{ variant_id: "variant_nao_existe", quantity: 1 }], ask_api: true },
        "Produto não encontrado: variant_nao_existe",
      ],
      [
        { postal_code: "20040-002", items: [{ variant_id: shirt, quantity: 1 }], sales_channel_id: "sc_nenhum" },
        "Canal de vendas não encontrado: sc_nenhum",
      ],
      [
        { postal_code: "20040-002", items: [{ variant_id: shirt, quantity: 1 }], sales_channel_id: "sc_\u0000" },
        "Simulação inválida: sales_channel_id: canal de vendas inválido",
      ],
    ]
    for (const [body, message] of refusals) {
      expect(await simulate(body)).toMatchObject({ status: 400, data: { type: "invalid_data", message } })
    }
    expect(freightCalls()).toEqual([])
  })

  it("asks the API for at most 6 new carts a minute, keeping an answer 10 s; past that a 429 with Retry-After", async () => {
    const ceps = ["50010-000", "60010-000", "70040-010", "80010-000", "88010-000", "90010-000"]
    for (const cep of ceps) await simulated(twoShirtsTo(cep, true))
    // The first cart again: kept, no new ask.
    await simulated(twoShirtsTo(ceps[0], true))
    expect(freightCalls()).toHaveLength(6)

    const refused = await simulate(twoShirtsTo("69005-070", true))
    expect(refused.status).toBe(429)
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0)
    expect(refused.data).toEqual({
      type: "not_allowed",
      code: "too_many_simulations",
      message: `Muitas simulações com consulta à API de frete neste minuto. Tente de novo em ${refused.headers["retry-after"]} s.`,
    })
    // Without ask_api the simulator still answers, with no call.
    await simulated(twoShirtsTo("69005-070", false))
    expect(freightCalls()).toHaveLength(6)
  })
}
