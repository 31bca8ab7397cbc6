import {
  cepErrorMessage,
  describeOption,
  formatBRL,
  formatCarrier,
  formatCarrierLine,
  formatDeadline,
  formatDeliveryDate,
  formatPrice,
  formatServiceName,
  formatShippingTotal,
  sortByPrice,
} from "../format"

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
    const quote = {
      option_id: "so_sedex",
      service: "correios-sedex",
      name: "SEDEX",
      carrier: "correios",
      amount: 33.14,
      currency_code: "brl" as const,
      days: 4,
      delivery_estimate: "2026-11-26",
      is_fallback: false,
    }
    expect(describeOption(quote)).toEqual({
      name: "SEDEX",
      carrier: "Correios",
      price: "R$ 33,14",
      deadline: "Receba em até 4 dias úteis",
      date: "Chega até qui., 26 de nov.",
      estimated: false,
      note: null,
    })
    const facts = {
      service: "correios-pac",
      service_name: "PAC",
      carrier: "correios",
      days: null,
      delivery_estimate: null,
      is_fallback: true,
      amount: 0,
    }
    expect(describeOption(facts)).toEqual({
      name: "PAC",
      carrier: "Correios",
      price: "Grátis",
      deadline: "Prazo a confirmar",
      date: null,
      estimated: true,
      note: "Preço estimado",
    })
  })

  it("names a service without the API's carrier prefix and leading dots", () => {
    expect(formatServiceName("Jadlog - .Package", "jadlog")).toBe("Package")
    expect(formatServiceName("Jadlog .Package", "jadlog")).toBe("Package")
    expect(formatServiceName("Correios - SEDEX", "correios")).toBe("SEDEX")
    expect(formatServiceName("Azul Cargo - Amanhã", "azul-cargo")).toBe("Amanhã")
    expect(formatServiceName("Expresso .Com", null)).toBe("Expresso Com")
  })

  it("says the same carrier line for a quote of the product page and for a checkout option's facts", () => {
    const quote = {
      option_id: "so_eco",
      service: "jadlog-package",
      name: "Frete econômico",
      carrier: "jadlog",
      amount: 33.14,
      currency_code: "brl" as const,
      days: 7,
      delivery_estimate: "2026-12-03",
      is_fallback: false,
    }
    const facts = {
      service: "jadlog-package",
      service_name: "Jadlog - .Package",
      carrier: "jadlog",
      days: 7,
      delivery_estimate: "2026-12-03",
      is_fallback: false,
    }
    expect(formatCarrierLine(quote)).toBe("Jadlog")
    expect(formatCarrierLine(facts)).toBe("Jadlog")
    const described = {
      name: "Frete econômico",
      carrier: "Jadlog",
      price: "R$ 33,14",
      deadline: "Receba em até 7 dias úteis",
      date: "Chega até qui., 3 de dez.",
      estimated: false,
      note: null,
    }
    expect(describeOption(quote)).toEqual(described)
    expect(describeOption({ ...facts, amount: 33.14 }, "Frete econômico")).toEqual(described)
    expect(formatCarrierLine({ carrier: "azul-cargo" })).toBe("Azul Cargo")
    expect(formatCarrierLine({ carrier: null })).toBeNull()
  })

  it("orders options by price, cheapest first, ties by name, the unpriced last in the order given", () => {
    const options = [
      { name: "SEDEX", price: 41.9 },
      { name: "Retirada", price: null },
      { name: "Jadlog .Package", price: 33.14 },
      { name: "Frete econômico", price: 33.14 },
      { name: "Grátis no PR", price: 0 },
      { name: "Azul", price: undefined },
    ]
    const sorted = sortByPrice(options, (option) => option.price)
    expect(sorted.map((option) => option.name)).toEqual([
      "Grátis no PR",
      "Frete econômico",
      "Jadlog .Package",
      "SEDEX",
      "Retirada",
      "Azul",
    ])
    // A new array: the store's list stays as it was.
    expect(options[0].name).toBe("SEDEX")
  })

  it('says "a calcular" for the shipping line until a method is chosen, then its price, "Grátis" for 0', () => {
    expect(formatShippingTotal({ shipping_methods: [], shipping_subtotal: 0 })).toBe("a calcular")
    expect(formatShippingTotal({ shipping_methods: null })).toBe("a calcular")
    expect(formatShippingTotal({ shipping_subtotal: 0 })).toBe("a calcular")
    expect(formatShippingTotal(null)).toBe("a calcular")
    expect(formatShippingTotal({ shipping_methods: [{ amount: 33.14 }], shipping_subtotal: 33.14 })).toBe("R$ 33,14")
    expect(formatShippingTotal({ shipping_methods: [{ amount: 20 }, { amount: 13.5 }] })).toBe("R$ 33,50")
    expect(formatShippingTotal({ shipping_methods: [{ amount: 0 }], shipping_subtotal: 0 })).toBe("Grátis")
  })

  it("finds the CEP-level error among options' errors, in any form a storefront has it", () => {
    const notFound = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."
    expect(
      cepErrorMessage([undefined, { code: "cep_not_served", message: notFound, status: 400, retryAfterSeconds: null }])
    ).toBe(notFound)
    expect(cepErrorMessage([notFound])).toBe(notFound)
    expect(
      cepErrorMessage([
        null,
        { code: "invalid_cep", message: "CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100." },
      ])
    ).toBe("CEP inválido. Informe os 8 dígitos do CEP, por exemplo 01310-100.")
    expect(
      cepErrorMessage([
        {
          code: "option_unavailable",
          message: "Esta opção de frete não está disponível para o CEP informado. Escolha outra opção.",
        },
      ])
    ).toBeNull()
    expect(cepErrorMessage([undefined, null])).toBeNull()
  })
})
