import { overlappingOptions, type Offer, type ProviderOption } from "../offers"

function offer(service: string, carrier: string, amountCents: number, days: number): Offer {
  return {
    service,
    name: service,
    carrier,
    amountCents,
    days,
    deliveryEstimate: null,
    isFallback: false,
    consultaToken: null,
    code: null,
  }
}

/** A quote where Jadlog is the cheapest and Azul the fastest. */
const OFFERS = [
  offer("correios-pac", "correios", 3990, 8),
  offer("correios-sedex", "correios", 5990, 2),
  offer("jadlog-package", "jadlog", 2590, 6),
  offer("azul-amanha", "azul-cargo", 8990, 1),
]

function option(name: string, id: string | null, zone = "serzo_1", profile: string | null = "sp_1"): ProviderOption {
  return { name, data: id === null ? null : { id }, service_zone_id: zone, shipping_profile_id: profile }
}

describe("the shipping options one quote makes the same offer", () => {
  it("names the options that resolve to one offer, in the order given, and none that stand alone", () => {
    const options = [
      option("Frete econômico", "cheapest"),
      option("SEDEX", "correios-sedex"),
      option("Jadlog .Package", "jadlog-package"),
      option("Frete expresso", "fastest"),
      option("Sem id", null),
    ]
    expect(overlappingOptions(options, OFFERS)).toEqual([
      { option_names: ["Frete econômico", "Jadlog .Package", "Sem id"] },
    ])
  })

  it("takes two options for the same fulfillment option as one, even when the quote lacks its service", () => {
    expect(
      overlappingOptions(
        [option("Loggi", "loggi-expresso"), option("Loggi de novo", "loggi-expresso"), option("PAC", "correios-pac")],
        OFFERS
      )
    ).toEqual([{ option_names: ["Loggi", "Loggi de novo"] }])
  })

  it("never groups options of different service zones or shipping profiles", () => {
    const options = [
      option("Econômico SP", "cheapest", "serzo_sp"),
      option("Econômico PR", "cheapest", "serzo_pr"),
      option("Econômico pesados", "cheapest", "serzo_sp", "sp_pesados"),
    ]
    expect(overlappingOptions(options, OFFERS)).toEqual([])
  })
})
