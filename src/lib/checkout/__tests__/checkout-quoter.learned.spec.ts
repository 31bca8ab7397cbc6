// CheckoutQuoter and the learned prices: every API answer taught once, and while the API fails a query never answered
// is priced per service from what was learned, else from the table; free freight frees the cheapest of them all.
import type { LearnedEstimate } from "../../learned/learned-prices"
import { freteSettingsSchema } from "../../settings/schema"
import { amounts, CART, FREE_FREIGHT, QUERY, QUOTE, serverError, SETTINGS, setup } from "./checkout-quoter.fixtures"

const PAC: LearnedEstimate = {
  service: "correios-pac",
  name: "PAC",
  carrier: "correios",
  amountCents: 2480,
  days: 6,
  level: "region",
}

function learning(estimates: LearnedEstimate[]) {
  return { learn: jest.fn(), estimate: jest.fn(async () => estimates) }
}

describe("CheckoutQuoter with learned prices", () => {
  it("teaches each answer of the API once, not the kept ones", async () => {
    const learned = learning([])
    const { quoter, client } = setup({ learned })
    client.quote.mockResolvedValue(QUOTE)
    await quoter.offers(QUERY, null, SETTINGS)
    await quoter.offers(QUERY, null, SETTINGS)
    expect(learned.learn.mock.calls).toEqual([[QUERY, QUOTE, SETTINGS]])
  })

  it("prices a failed query from what was learned, the other services from the table, flagged as learned", async () => {
    const learned = learning([PAC])
    const { quoter, client, logger } = setup({ learned })
    client.quote.mockRejectedValue(serverError())
    // A day of handling, which the API would have added; R$ 1,50 more by a rule, as on the API's answer.
    const query = { ...QUERY, extraDays: 1 }
    const extraPrice = freteSettingsSchema.parse({ extra_price: { type: "fixed", value: 1.5 } }).rules
    const result = await quoter.offers(query, CART, { ...SETTINGS, rules: extraPrice })
    expect(result.source).toBe("learned")
    expect(result.offers).toEqual([
      expect.objectContaining({ service: "correios-pac", amountCents: 2630, days: 7, isFallback: true, learned: true }),
      expect.objectContaining({ service: "correios-sedex", name: "SEDEX (tabela)", amountCents: 8140, days: 4 }),
    ])
    expect(result.offers[1].learned).toBeUndefined()
    expect(logger.lines).toEqual([
      "warn frete: fallback pricing started: quotes priced from learned prices (ServerError, HTTP 503)",
    ])
  })

  it("frees the cheapest of the learned and table prices once, with free freight", async () => {
    const sedex = { ...PAC, service: "correios-sedex", name: "SEDEX", amountCents: 9000 }
    const { quoter, client } = setup({ learned: learning([sedex]) })
    client.quote.mockRejectedValue(serverError())
    const result = await quoter.offers(QUERY, CART, FREE_FREIGHT)
    expect(amounts(result.offers)).toEqual(["correios-pac:0", "correios-sedex:9000"])
  })

  it("leaves out a learned service the merchant disabled, and prices from the table when nothing was learned", async () => {
    const jadlog = { ...PAC, service: "jadlog-package", name: ".Package" }
    const { quoter, client } = setup({ learned: learning([jadlog]) })
    client.quote.mockRejectedValue(serverError())
    const result = await quoter.offers(QUERY, null, SETTINGS)
    expect(result.source).toBe("fallback")
    expect(amounts(result.offers)).toEqual(["correios-pac:2990", "correios-sedex:7990"])
  })
})
