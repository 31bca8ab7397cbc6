// The kit's client against a real HTTP server on loopback that answers as the plugin's store
// routes do, through plain fetch and through @medusajs/js-sdk.
import Medusa from "@medusajs/js-sdk"
import { loopbackStore } from "./loopback-store"
import { createFreteClient, readFreteFacts } from "../client"
import { errorMessage, FreteError } from "../errors"

const FACTS = {
  service: "correios-sedex",
  service_name: "SEDEX",
  carrier: "correios",
  days: 4,
  delivery_estimate: "2026-11-26",
  is_fallback: false,
}
const QUOTES = [
  {
    option_id: "so_pac",
    service: "correios-pac",
    name: "PAC",
    carrier: "correios",
    amount: 21.5,
    currency_code: "brl",
    days: 8,
    delivery_estimate: "2026-12-02",
    is_fallback: false,
  },
]

describe("the storefront kit's client", () => {
  const store = loopbackStore((req, body) => ({
    method: req.method,
    url: req.url,
    key: req.headers["x-publishable-api-key"],
    body,
  }))
  const received = store.received

  const clients = () => ({
    fetch: createFreteClient({ baseUrl: `${store.url}/`, publishableKey: "pk_vitrine" }),
    sdk: createFreteClient({ sdk: new Medusa({ baseUrl: store.url, publishableKey: "pk_vitrine" }) }),
  })

  it.each(["fetch", "sdk"] as const)("quotes a CEP through %s with the publishable key", async (transport) => {
    store.reply = { status: 200, body: { quotes: QUOTES } }
    const quotes = await clients()[transport].quote({
      postal_code: "30130-010",
      items: [{ variant_id: "variant_1", quantity: 2 }],
    })
    expect(quotes).toEqual(QUOTES)
    expect(received).toEqual([
      {
        method: "POST",
        url: "/store/frete/quotes",
        key: "pk_vitrine",
        body: { postal_code: "30130-010", items: [{ variant_id: "variant_1", quantity: 2 }] },
      },
    ])
  })

  it.each(["fetch", "sdk"] as const)("reads an option's price and the plugin's facts through %s", async (transport) => {
    store.reply = {
      status: 200,
      body: {
        shipping_option: {
          id: "so_1",
          amount: 33.14,
          calculated_price: { calculated_amount: 33.14, is_calculated_price_tax_inclusive: false, frete: FACTS },
        },
      },
    }
    const price = await clients()[transport].calculateOption("so_1", { cart_id: "cart_1" })
    expect(price).toMatchObject({ amount: 33.14, facts: FACTS })
    expect(received[0]).toMatchObject({
      url: "/store/shipping-options/so_1/calculate",
      body: { cart_id: "cart_1", data: {} },
    })
  })

  it("keeps a price of 0 as a price: free freight is not 'no price'", async () => {
    store.reply = {
      status: 200,
      body: { shipping_option: { id: "so_1", amount: 0, calculated_price: { calculated_amount: 0, frete: FACTS } } },
    }
    expect((await clients().fetch.calculateOption("so_1", { cart_id: "cart_1" })).amount).toBe(0)
  })

  it.each(["fetch", "sdk"] as const)(
    "tells a CEP the service does not know from a service that is down, through %s",
    async (transport) => {
      const notFound = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."
      store.reply = { status: 400, body: { type: "invalid_data", code: "cep_not_served", message: notFound } }
      const client = clients()[transport]
      const cepError = await client.calculateOption("so_1", { cart_id: "cart_1" }).catch((error: unknown) => error)
      expect(cepError).toBeInstanceOf(FreteError)
      expect(cepError).toMatchObject({ code: "cep_not_served", status: 400, message: notFound, isCepProblem: true })

      store.reply = {
        status: 400,
        body: {
          type: "not_allowed",
          code: "freight_unavailable",
          message: "Não foi possível calcular o frete agora. Tente novamente em instantes.",
        },
      }
      const down = await client.calculateOption("so_1", { cart_id: "cart_1" }).catch((error: unknown) => error)
      expect(down).toMatchObject({ code: "freight_unavailable", isCepProblem: false })
    }
  )

  it("says how long to wait after a 429, from Retry-After", async () => {
    store.reply = {
      status: 429,
      body: {
        type: "not_allowed",
        code: "too_many_quotes",
        message: "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente.",
      },
      headers: { "retry-after": "42" },
    }
    const error = await clients()
      .fetch.quote({ postal_code: "01310-100", cart_id: "cart_1" })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: "too_many_quotes",
      retryAfterSeconds: 42,
      message: "Muitas consultas de frete em pouco tempo. Tente novamente em 42 segundos.",
    })
    // The SDK keeps no headers: the server's own message.
    const throughSdk = await clients()
      .sdk.quote({ postal_code: "01310-100", cart_id: "cart_1" })
      .catch((caught: unknown) => caught)
    expect(throughSdk).toMatchObject({
      code: "too_many_quotes",
      message: "Muitas consultas de frete em pouco tempo. Aguarde um minuto e tente novamente.",
    })
  })

  it("refuses a malformed CEP before any request", async () => {
    const error = await clients()
      .fetch.quote({ postal_code: "1234-567", cart_id: "cart_1" })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: "invalid_cep",
      message: "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.",
    })
    expect(received).toHaveLength(0)
  })

  it("says the store cannot be reached when the network fails, and never shows a server's 5xx text", async () => {
    const closed = createFreteClient({ baseUrl: "http://127.0.0.1:1" })
    const error = await closed.quote({ postal_code: "01310-100", cart_id: "cart_1" }).catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: "network",
      message: "Não foi possível falar com a loja. Verifique sua conexão e tente novamente.",
    })

    store.reply = { status: 500, body: { type: "unknown_error", message: "An unknown error occurred." } }
    const failed = await clients()
      .fetch.quote({ postal_code: "01310-100", cart_id: "cart_1" })
      .catch((caught: unknown) => caught)
    expect(failed).toMatchObject({
      code: "unknown",
      status: 500,
      message: "Não foi possível calcular o frete. Tente novamente.",
    })
    expect(errorMessage(failed)).toBe("Não foi possível calcular o frete. Tente novamente.")
  })

  it("reads the message of an error passed as a plain object, as a server action returns it", () => {
    const error = new FreteError("cep_not_served")
    expect(errorMessage({ code: error.code, message: error.message })).toBe(
      "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."
    )
    expect(errorMessage({})).toBe("Não foi possível calcular o frete. Tente novamente.")
  })

  it("reads the facts of a shipping option or of its calculated_price, and none of another provider's", () => {
    expect(readFreteFacts({ calculated_price: { calculated_amount: 1, frete: FACTS } })).toEqual(FACTS)
    expect(readFreteFacts({ calculated_amount: 1, frete: { ...FACTS, days: null } })).toEqual({ ...FACTS, days: null })
    expect(readFreteFacts({ calculated_price: { calculated_amount: 15 } })).toBeNull()
    expect(readFreteFacts({ calculated_price: { frete: { service: 1 } } })).toBeNull()
    expect(readFreteFacts(null)).toBeNull()
  })

  it("says which estimate a price is when the plugin says it: learned from the API's answers, or the table's", () => {
    const learned = { ...FACTS, is_fallback: true, estimated_from: "learned" }
    expect(readFreteFacts({ calculated_price: { frete: learned } })).toEqual(learned)
    expect(readFreteFacts({ frete: { ...FACTS, estimated_from: "guess" } })).toEqual(FACTS)
  })
})
