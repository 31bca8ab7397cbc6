// FreightClient against the sandbox: a quote, read from the answer and sent in the document's terms, and the pool's bound on sockets.
import { InvalidFreightQueryError } from "../errors"
import { readQuotations, type FreightQuery } from "../schemas"
import { QUERY, sandboxClientTest } from "./client.fixtures"

describe("FreightClient against the sandbox", () => {
  const t = sandboxClientTest()

  describe("a quote", () => {
    it("reads every quotation of the answer, prices in centavos from Brazilian notation", async () => {
      const quote = await t.client.quote(QUERY)
      const [call] = t.sandbox.calls({ service: "freight" })
      const answer = call.response as { consulta_token: string; cotacoes: Array<Record<string, unknown>> }

      expect(quote.consultaToken).toBe(answer.consulta_token)
      expect(quote.quotations).toHaveLength(answer.cotacoes.length)
      expect(quote.quotations.length).toBeGreaterThanOrEqual(3)
      quote.quotations.forEach((quotation, index) => {
        const wire = answer.cotacoes[index]
        expect(quotation.service).toBe(wire.servico_metaname)
        expect(quotation.serviceName).toBe(wire.servico_nome)
        expect(quotation.carrier).toBe(wire.transportadora_metaname)
        expect(quotation.priceCents).toBe(readQuotations([wire]).quotations[0].priceCents)
        expect(quotation.code).toBe(String(wire.cotacao_codigo))
        expect(Number.isInteger(quotation.priceCents)).toBe(true)
      })
    })

    it("sends the query in the document's terms: CEP digits, volumes as text", async () => {
      await t.client.quote({ ...QUERY, extraDays: 2 })
      const [call] = t.sandbox.calls({ service: "freight" })
      expect(call.body).toEqual({
        cep_origem: "01310100",
        cep_destino: "20040002",
        valor_notafiscal: "250",
        prazo_adicional: "2",
        volumes: [
          {
            sku: "CAMISA-P",
            quantidade: "2",
            preco: "125",
            altura: "4",
            comprimento: "30",
            largura: "20",
            peso: "0.3",
          },
        ],
      })
    })

    it("reads prices of a thousand reais and more", async () => {
      const heavy: FreightQuery = {
        ...QUERY,
        destinationCep: "69900000",
        invoiceValue: 20000,
        volumes: [
          { sku: "GELADEIRA", quantity: 3, price: 6000, heightCm: 180, lengthCm: 70, widthCm: 70, weightKg: 90 },
        ],
      }
      const quote = await t.client.quote(heavy)
      const answer = t.sandbox.calls({ service: "freight" })[0].response as {
        cotacoes: Array<{ cotacao_preco: string }>
      }
      const thousands = answer.cotacoes.filter((wire) => /^\d{1,3}(\.\d{3})+,\d{2}$/.test(wire.cotacao_preco))
      expect(thousands.length).toBeGreaterThan(0)
      expect(Math.max(...quote.quotations.map((quotation) => quotation.priceCents))).toBeGreaterThanOrEqual(100000)
    })

    it("reads deadline 0 as same day and 101 as unknown", async () => {
      const sameCity = await t.client.quote({ ...QUERY, destinationCep: "01310200" })
      expect(sameCity.quotations.map((quotation) => quotation.days)).toContain(0)

      const north = await t.client.quote({ ...QUERY, destinationCep: "69900000" })
      const unknown = north.quotations.filter((quotation) => quotation.days === null)
      expect(unknown.length).toBeGreaterThan(0)
      const wire = t.sandbox.calls({ service: "freight" })[1].response as { cotacoes: Array<{ cotacao_prazo: number }> }
      expect(wire.cotacoes.map((quotation) => quotation.cotacao_prazo)).toContain(101)
    })

    it("keeps both quotations of an auction that share a servico_metaname", async () => {
      t.sandbox.configure({ auction: true })
      const quote = await t.client.quote(QUERY)
      const services = quote.quotations.map((quotation) => quotation.service)
      const repeated = services.filter((service, index) => services.indexOf(service) !== index)
      expect(repeated.length).toBeGreaterThan(0)
      const names = quote.quotations
        .filter((quotation) => quotation.service === repeated[0])
        .map((quotation) => quotation.serviceName)
      expect(new Set(names).size).toBe(names.length)
    })

    it("accepts an answer with no quotations", async () => {
      t.sandbox.setFault("freight", { mode: "empty-quotes" })
      const quote = await t.client.quote(QUERY)
      expect(quote.quotations).toEqual([])
    })

    it("refuses to send a query it built wrong", async () => {
      await expect(t.client.quote({ ...QUERY, destinationCep: "2004000" })).rejects.toThrow(InvalidFreightQueryError)
      await expect(t.client.quote({ ...QUERY, volumes: [] })).rejects.toThrow(InvalidFreightQueryError)
      await expect(
        t.client.quote({ ...QUERY, volumes: [{ ...QUERY.volumes[0], weightKg: Number.NaN }] })
      ).rejects.toThrow(InvalidFreightQueryError)
      expect(t.sandbox.calls()).toHaveLength(0)
    })
  })

  it("keeps its sockets within the pool's bound", async () => {
    t.client = t.newClient({ connections: 2 })
    t.sandbox.setFault("freight", { mode: "latency", ms: 30 })
    await Promise.all(Array.from({ length: 10 }, () => t.client.quote(QUERY)))
    expect(t.sandbox.stats().maxOpenSockets).toBeLessThanOrEqual(2)
    expect(t.sandbox.calls()).toHaveLength(10)
  })
})
