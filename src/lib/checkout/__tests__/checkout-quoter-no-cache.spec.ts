import { CheckoutQuoter } from "../checkout-quoter"
import type { FreightClient } from "../../freight/client"
import type { FreightQuery, FreightQuote } from "../../freight/schemas"
import { freteSettingsSchema } from "../../settings/schema"

const QUERY: FreightQuery = {
  originCep: "01310100",
  destinationCep: "20040002",
  invoiceValue: 100,
  volumes: [{ sku: "A", quantity: 1, price: 100, weightKg: 1, lengthCm: 20, widthCm: 15, heightCm: 10 }],
}
const QUOTE: FreightQuote = {
  consultaToken: "t",
  quotations: [
    {
      service: "correios-pac",
      serviceName: "Correios - PAC",
      carrier: "correios",
      priceCents: 2519,
      days: 5,
      code: "1",
    },
  ],
}

describe("the quoter with the cache turned off (the naive plugin the bench compares with)", () => {
  it("asks the freight API for every price, concurrent ones included", async () => {
    const quote = jest.fn(async () => QUOTE)
    const quoter = new CheckoutQuoter({
      cache: null,
      timeoutMs: 2_500,
      freightClient: () => ({ quote }) as unknown as FreightClient,
    })
    const settings = freteSettingsSchema.parse({})
    const results = await Promise.all([
      quoter.offers(QUERY, null, settings),
      quoter.offers(QUERY, null, settings),
      quoter.offers(QUERY, null, settings),
    ])
    expect(quote).toHaveBeenCalledTimes(3)
    expect(results.map((result) => result.offers[0].amountCents)).toEqual([2519, 2519, 2519])
  })
})
