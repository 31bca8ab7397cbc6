import { describeOption, formatBRL, formatCarrier, formatCarrierLine, formatDeadline, formatDeliveryDate, formatPrice, formatServiceName } from "../format"

describe("pt-BR formatting of the storefront kit", () => {
  it.each([
    [33.14, "R$ 33,14"],
    [1234.5, "R$ 1.234,50"],
    [0.9, "R$ 0,90"],
    [12, "R$ 12,00"],
  ])("writes %p reais as %p", (amount, text) => {
    expect(formatBRL(amount)).toBe(text)
  })

  it('shows a price of 0 as "Grátis", any other as reais', () => {
    expect(formatPrice(0)).toBe("Grátis")
    expect(formatPrice(25.19)).toBe("R$ 25,19")
  })

  it.each([
    [4, "Receba em até 4 dias úteis"],
    [1, "Receba em até 1 dia útil"],
    [0, "Receba hoje"],
    [null, "Prazo a confirmar"],
    [101, "Prazo a confirmar"],
    [-1, "Prazo a confirmar"],
  ])("says a deadline of %p business days as %p", (days, text) => {
    expect(formatDeadline(days)).toBe(text)
  })

  it("writes the delivery date with the weekday, as a calendar date whatever the time zone", () => {
    expect(formatDeliveryDate("2026-11-26")).toBe("Chega até qui., 26 de nov.")
    expect(formatDeliveryDate("2027-01-04")).toBe("Chega até seg., 4 de jan.")
    expect(formatDeliveryDate(null)).toBeNull()
    expect(formatDeliveryDate("2026-02-30")).toBeNull()
    expect(formatDeliveryDate("amanhã")).toBeNull()
  })

  it("names carriers as a shopper reads them", () => {
    expect(formatCarrier("correios")).toBe("Correios")
    expect(formatCarrier("azul-cargo")).toBe("Azul Cargo")
    expect(formatCarrier("Jadlog")).toBe("Jadlog")
    expect(formatCarrier(null)).toBeNull()
    expect(formatCarrier("  ")).toBeNull()
  })

  it("describes a quote of the quote route and an option's facts alike", () => {
    const quote = { option_id: "so_sedex", service: "correios-sedex", name: "SEDEX", carrier: "correios", amount: 33.14, currency_code: "brl" as const, days: 4, delivery_estimate: "2026-11-26", is_fallback: false }
    expect(describeOption(quote)).toEqual({
      name: "SEDEX",
      carrier: "Correios",
      price: "R$ 33,14",
      deadline: "Receba em até 4 dias úteis",
      date: "Chega até qui., 26 de nov.",
      estimated: false,
      note: null,
    })
    const facts = { service: "correios-pac", service_name: "PAC", carrier: "correios", days: null, delivery_estimate: null, is_fallback: true, amount: 0 }
    expect(describeOption(facts)).toEqual({ name: "PAC", carrier: "Correios", price: "Grátis", deadline: "Prazo a confirmar", date: null, estimated: true, note: "Preço estimado" })
  })

  it("names a service without the API's carrier prefix and leading dots", () => {
    expect(formatServiceName("Jadlog - .Package", "jadlog")).toBe("Package")
    expect(formatServiceName("Jadlog .Package", "jadlog")).toBe("Package")
    expect(formatServiceName("Correios - SEDEX", "correios")).toBe("SEDEX")
    expect(formatServiceName("Azul Cargo - Amanhã", "azul-cargo")).toBe("Amanhã")
    expect(formatServiceName("Expresso .Com", null)).toBe("Expresso Com")
  })

  it("says the carrier of a checkout option, and its service only when the option's name does not", () => {
    const jadlog = { carrier: "jadlog", service_name: "Jadlog .Package" }
    expect(formatCarrierLine(jadlog, "Frete econômico")).toBe("Jadlog Package")
    expect(formatCarrierLine(jadlog, "Jadlog .Package")).toBe("Jadlog")
    expect(formatCarrierLine({ carrier: "correios", service_name: "SEDEX" }, "SEDEX")).toBe("Correios")
    expect(formatCarrierLine({ carrier: "correios", service_name: "Correios - SEDEX" }, "Frete expresso")).toBe("Correios SEDEX")
    expect(formatCarrierLine({ carrier: null, service_name: "Entrega própria" }, "Entrega própria")).toBeNull()
  })
})
