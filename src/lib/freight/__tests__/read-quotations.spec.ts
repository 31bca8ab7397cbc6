import { readQuotations } from "../schemas"

const GOOD = {
  servico_metaname: "correios-pac",
  servico_nome: "PAC",
  transportadora_metaname: "correios",
  cotacao_preco: "25,19",
  cotacao_prazo: 7,
}

describe("readQuotations", () => {
  it("keeps every quotation of the documented shape", () => {
    const { quotations, dropped } = readQuotations([
      GOOD,
      { ...GOOD, servico_metaname: "correios-sedex", cotacao_preco: 45.9, cotacao_prazo: "2" },
    ])
    expect(quotations.map((quotation) => [quotation.service, quotation.priceCents, quotation.days])).toEqual([
      ["correios-pac", 2519, 7],
      ["correios-sedex", 4590, 2],
    ])
    expect(dropped).toEqual([])
  })

  it.each([
    ["a null price", { cotacao_preco: null }, /cotacao_preco/],
    ["a missing deadline", { cotacao_prazo: undefined }, /cotacao_prazo/],
    ["a price that is no number", { cotacao_preco: "R$ vinte" }, /cotacao_preco is not a decimal number/],
    ["a negative price", { cotacao_preco: "-5,00" }, /cotacao_preco/],
    ["a price too large to count in centavos", { cotacao_preco: "9".repeat(400) }, /cotacao_preco/],
    ["a deadline that is no whole number", { cotacao_prazo: "3 dias" }, /cotacao_prazo/],
    ["an empty service name", { servico_nome: " " }, /servico_nome/],
  ])("drops a quotation with %s alone, naming its service and what was wrong", (_label, change, problem) => {
    const broken = { ...GOOD, servico_metaname: "jadlog-package", ...change }
    const { quotations, dropped } = readQuotations([GOOD, broken])
    expect(quotations.map((quotation) => quotation.service)).toEqual(["correios-pac"])
    expect(dropped).toEqual([{ index: 1, service: "jadlog-package", problem: expect.stringMatching(problem) }])
  })

  it("drops what is not a quotation at all, with no service to name", () => {
    const { quotations, dropped } = readQuotations([null, "PAC", 7, GOOD])
    expect(quotations).toHaveLength(1)
    expect(dropped.map(({ index, service }) => [index, service])).toEqual([
      [0, null],
      [1, null],
      [2, null],
    ])
  })

  it("says what was wrong without repeating the value the service sent", () => {
    const echoed = "s3cr3t-valor-que-nao-sai"
    const { dropped } = readQuotations([{ ...GOOD, cotacao_preco: echoed, cotacao_prazo: echoed }])
    expect(dropped).toHaveLength(1)
    expect(dropped[0].problem).not.toContain("s3cr3t")
    expect(dropped[0].problem).toMatch(/cotacao_preco.*cotacao_prazo/)
  })

  it("names a service by at most 100 characters of its slug", () => {
    const { dropped } = readQuotations([{ ...GOOD, servico_metaname: "x".repeat(5000), cotacao_preco: null }])
    expect(dropped[0].service).toBe("x".repeat(100))
  })
})
