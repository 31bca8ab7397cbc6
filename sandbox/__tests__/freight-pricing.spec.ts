import { formatBrazilianMoney, parseQueryNumber } from "../decimal-notation"
import { validateFreightQuery, type FreightQuery } from "../freight"
import { billableWeightKg, quoteFreight, UNKNOWN_DEADLINE, type FreightQuotation } from "../freight-pricing"
import { freightQuery, freightVolume } from "./helpers"

const CEP = {
  paulista: "01310100",
  paulistaNeighbour: "01310200",
  campinas: "13010000",
  rio: "20040002",
  curitiba: "80010000",
  portoAlegre: "90010000",
  salvador: "40010000",
  manaus: "69005000",
  belem: "66010000",
}

function parsed(overrides: Record<string, unknown> = {}): FreightQuery {
  const validation = validateFreightQuery(JSON.stringify(freightQuery(overrides)))
  if (!validation.ok) {
    throw new Error(`fixture rejected: ${validation.error.erro_mensagem}`)
  }
  return validation.query
}

function quote(overrides: Record<string, unknown> = {}, auction = false): FreightQuotation[] {
  return quoteFreight(parsed(overrides), { auction })
}

function byService(quotations: FreightQuotation[]): Record<string, FreightQuotation> {
  return Object.fromEntries(quotations.map((quotation) => [quotation.servico_metaname, quotation]))
}

const reais = (text: string) => Number(parseQueryNumber(text))

describe("quoteFreight", () => {
  it("follows the README's formula for a one-kilo parcel within the Southeast", () => {
    const quotes = byService(quote({ valor_notafiscal: "100" }))
    expect(quotes["correios-pac"]).toMatchObject({ cotacao_preco: "30,20", cotacao_custo: "25,67", cotacao_prazo: 7 })
    expect(quotes["correios-sedex"]).toMatchObject({ cotacao_preco: "43,30", cotacao_prazo: 3 })
    expect(quotes["jadlog-package"]).toMatchObject({ cotacao_preco: "25,50", cotacao_prazo: 6 })
    expect(quotes["azul-amanha"]).toMatchObject({ cotacao_preco: "52,40", cotacao_prazo: 1 })
  })

  it("gives the same quotations to the same query", () => {
    expect(quote({ valor_notafiscal: "1.234,56" })).toEqual(quote({ valor_notafiscal: "1.234,56" }))
  })

  it("carries exactly the members of the field notes, numbered from 1", () => {
    const quotations = quote()
    expect(quotations.map((quotation) => quotation.cotacao_codigo)).toEqual([1, 2, 3, 4])
    for (const quotation of quotations) {
      expect(Object.keys(quotation).sort()).toEqual(
        [
          "cotacao_codigo",
          "cotacao_custo",
          "cotacao_prazo",
          "cotacao_preco",
          "servico_logo",
          "servico_metaname",
          "servico_nome",
          "servico_transporte",
          "transportadora_metaname",
        ].sort()
      )
    }
    expect(new Set(quotations.map((quotation) => quotation.transportadora_metaname)).size).toBe(3)
  })

  it("charges more and promises no less as the route gets longer", () => {
    const routes = [
      [CEP.paulista, CEP.paulistaNeighbour],
      [CEP.paulista, CEP.campinas],
      [CEP.paulista, CEP.rio],
      [CEP.paulista, CEP.curitiba],
      [CEP.portoAlegre, CEP.salvador],
    ]
    const pacs = routes.map(([from, to]) => byService(quote({ cep_origem: from, cep_destino: to }))["correios-pac"])
    for (let index = 1; index < pacs.length; index += 1) {
      expect(reais(pacs[index].cotacao_preco)).toBeGreaterThan(reais(pacs[index - 1].cotacao_preco))
      expect(pacs[index].cotacao_prazo).toBeGreaterThan(pacs[index - 1].cotacao_prazo)
    }
  })

  it("promises same-day SEDEX (deadline 0) within one city only", () => {
    expect(byService(quote({ cep_destino: CEP.paulistaNeighbour }))["correios-sedex"].cotacao_prazo).toBe(0)
    expect(byService(quote({ cep_destino: CEP.campinas }))["correios-sedex"].cotacao_prazo).toBeGreaterThan(0)
  })

  it("answers 101 (unknown deadline) for Azul Cargo to the North, and only there", () => {
    expect(byService(quote({ cep_destino: CEP.manaus }))["azul-amanha"].cotacao_prazo).toBe(UNKNOWN_DEADLINE)
    expect(byService(quote({ cep_destino: CEP.belem }))["azul-amanha"].cotacao_prazo).toBe(UNKNOWN_DEADLINE)
    expect(byService(quote({ cep_destino: CEP.salvador }))["azul-amanha"].cotacao_prazo).not.toBe(UNKNOWN_DEADLINE)
  })

  it("adds prazo_adicional to every deadline except 101", () => {
    const plain = quote({ cep_destino: CEP.manaus })
    const later = quote({ cep_destino: CEP.manaus, prazo_adicional: "3" })
    later.forEach((quotation, index) => {
      const expected =
        plain[index].cotacao_prazo === UNKNOWN_DEADLINE ? UNKNOWN_DEADLINE : plain[index].cotacao_prazo + 3
      expect(quotation.cotacao_prazo).toBe(expected)
    })
    expect(
      byService(quote({ cep_destino: CEP.paulistaNeighbour, prazo_adicional: 2 }))["correios-sedex"].cotacao_prazo
    ).toBe(2)
  })

  it("adds preco_adicional to every price shown, not to the cost", () => {
    const plain = quote()
    const dearer = quote({ preco_adicional: "2,50" })
    dearer.forEach((quotation, index) => {
      expect(reais(quotation.cotacao_preco)).toBeCloseTo(reais(plain[index].cotacao_preco) + 2.5, 2)
      expect(quotation.cotacao_custo).toBe(plain[index].cotacao_custo)
    })
  })

  it("makes only the cheapest quotation free with fretegratis", () => {
    const plain = byService(quote())
    const free = byService(quote({ fretegratis: true }))
    expect(free["jadlog-package"].cotacao_preco).toBe("0,00")
    expect(free["correios-pac"].cotacao_preco).toBe(plain["correios-pac"].cotacao_preco)
    expect(free["jadlog-package"].cotacao_custo).toBe(plain["jadlog-package"].cotacao_custo)
    expect(quote({ fretegratis: "false" })).toEqual(quote())
    expect(byService(quote({ fretegratis: "true" }))["jadlog-package"].cotacao_preco).toBe("0,00")
  })

  it("writes prices over R$ 1.000 with a thousands dot for heavy, far parcels", () => {
    const fridge = freightVolume({ quantidade: "2", peso: "75", altura: "180", comprimento: "70", largura: "70" })
    const quotations = quote({ cep_destino: CEP.manaus, valor_notafiscal: "8.999,90", volumes: [fridge] })
    const thousands = quotations.filter((quotation) => /^\d{1,3}(\.\d{3})+,\d{2}$/.test(quotation.cotacao_preco))
    expect(thousands.length).toBeGreaterThanOrEqual(2)
    expect(thousands.filter((quotation) => !(reais(quotation.cotacao_preco) > 1000))).toEqual([])
  })

  it("keeps the cheapest and the fastest service apart on every route", () => {
    for (const destination of [CEP.paulistaNeighbour, CEP.campinas, CEP.rio, CEP.curitiba, CEP.salvador, CEP.manaus]) {
      const quotations = quote({ cep_destino: destination })
      const cheapest = [...quotations].sort((a, b) => reais(a.cotacao_preco) - reais(b.cotacao_preco))[0]
      const known = quotations.filter((quotation) => quotation.cotacao_prazo !== UNKNOWN_DEADLINE)
      const fastest = [...known].sort((a, b) => a.cotacao_prazo - b.cotacao_prazo)[0]
      expect(cheapest.servico_metaname).not.toBe(fastest.servico_metaname)
    }
  })

  it("adds an auction bid that shares jadlog-package's metaname but not its name or price", () => {
    const quotations = quote({}, true)
    const jadlog = quotations.filter((quotation) => quotation.servico_metaname === "jadlog-package")
    expect(quotations).toHaveLength(5)
    expect(jadlog.map((quotation) => quotation.servico_nome)).toEqual([
      "Jadlog - .Package",
      "Jadlog - .Package (leilão)",
    ])
    expect(jadlog[0].cotacao_preco).not.toBe(jadlog[1].cotacao_preco)
    expect(quotations.map((quotation) => quotation.cotacao_codigo)).toEqual([1, 2, 3, 4, 5])
  })
})

describe("billableWeightKg", () => {
  const volume = (overrides: Record<string, number>) => ({
    quantidade: 1,
    preco: 10,
    altura: 10,
    comprimento: 10,
    largura: 10,
    peso: 1,
    ...overrides,
  })

  it("charges a light, bulky box by its cubic weight (cm³ / 6000)", () => {
    expect(billableWeightKg([volume({ altura: 60, comprimento: 60, largura: 60, peso: 0.1 })])).toBeCloseTo(36)
  })

  it("charges a dense box by its real weight, times its quantity, summed over volumes", () => {
    expect(billableWeightKg([volume({ peso: 2, quantidade: 3 }), volume({ peso: 0.5 })])).toBeCloseTo(6.5)
  })
})

describe("numbers in the query and the answer", () => {
  it.each([
    [12.5, 12.5],
    ["12.5", 12.5],
    ["1.234,56", 1234.56],
    ["123,45", 123.45],
    [" 7 ", 7],
    ["1.234", 1.234],
  ])("reads %p as %p", (input, expected) => {
    expect(parseQueryNumber(input)).toBe(expected)
  })

  it.each([["abc"], [""], ["1,234.56"], ["12,3,4"], [true], [null], [Number.NaN]])("rejects %p", (input) => {
    expect(parseQueryNumber(input)).toBeNull()
  })

  it.each([
    [0, "0,00"],
    [5, "0,05"],
    [2519, "25,19"],
    [123456, "1.234,56"],
    [123456789, "1.234.567,89"],
  ])("writes %p centavos as %p", (cents, text) => {
    expect(formatBrazilianMoney(cents)).toBe(text)
  })
})
