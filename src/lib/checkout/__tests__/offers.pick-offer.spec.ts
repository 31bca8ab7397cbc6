// pickOffer: the cheapest, the fastest or a given service's offer, ties and unknown deadlines, and the list left as given.
import { CHEAPEST, FASTEST, pickOffer, type Offer } from "../offers"

function offer(overrides: Partial<Offer>): Offer {
  return {
    service: "s",
    name: "S",
    carrier: null,
    amountCents: 1000,
    days: 5,
    deliveryEstimate: null,
    isFallback: false,
    consultaToken: null,
    code: null,
    ...overrides,
  }
}

describe("pickOffer", () => {
  const pac = offer({ service: "correios-pac", amountCents: 2590, days: 7 })
  const sedex = offer({ service: "correios-sedex", amountCents: 4590, days: 2 })
  const unknownDeadline = offer({ service: "buslog", amountCents: 2590, days: null })
  const sameDaysAsSedex = offer({ service: "azul", amountCents: 3900, days: 2 })
  const auctionDear = offer({ service: "leilao", amountCents: 2200, days: 4, carrier: "loggi" })
  const auctionCheap = offer({ service: "leilao", amountCents: 2100, days: 6, carrier: "jadlog" })
  const all = [sedex, unknownDeadline, pac, sameDaysAsSedex, auctionDear, auctionCheap]

  it("picks the lowest price for `cheapest`", () => {
    expect(pickOffer(all, CHEAPEST)).toBe(auctionCheap)
  })

  it("breaks a tie on price for `cheapest` by fewer days, an unknown deadline last", () => {
    expect(pickOffer([unknownDeadline, pac], CHEAPEST)).toBe(pac)
    expect(pickOffer([pac, unknownDeadline], CHEAPEST)).toBe(pac)
  })

  it("picks the fewest days for `fastest`, then the lower price", () => {
    // SEDEX and Azul both take 2 days; Azul is the cheaper.
    expect(pickOffer(all, FASTEST)).toBe(sameDaysAsSedex)
    expect(pickOffer([sameDaysAsSedex, sedex], FASTEST)).toBe(sameDaysAsSedex)
  })

  it("puts an unknown deadline last for `fastest`, however cheap", () => {
    const cheapUnknown = offer({ service: "cheap", amountCents: 1, days: null })

    expect(pickOffer([cheapUnknown, pac], FASTEST)).toBe(pac)
    expect(pickOffer([cheapUnknown], FASTEST)).toBe(cheapUnknown)
  })

  it("picks a service by its metaname, the cheapest of its quotations in an auction", () => {
    expect(pickOffer(all, "correios-sedex")).toBe(sedex)
    expect(pickOffer(all, "leilao")).toBe(auctionCheap)
  })

  it("picks nothing for a service with no offer, or from no offers", () => {
    expect(pickOffer(all, "jadlog-package")).toBeUndefined()
    expect(pickOffer([], CHEAPEST)).toBeUndefined()
    expect(pickOffer([], FASTEST)).toBeUndefined()
  })

  it("leaves the list it is given in its order", () => {
    const given = [sedex, unknownDeadline, pac, auctionDear, auctionCheap]
    const order = given.map((o) => `${o.service}:${o.amountCents}`)

    pickOffer(given, CHEAPEST)
    pickOffer(given, FASTEST)
    pickOffer(given, "leilao")

    expect(given.map((o) => `${o.service}:${o.amountCents}`)).toEqual(order)
  })
})
