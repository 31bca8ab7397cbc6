import { FreightClient } from "../client"
import { CepNotFoundError, FreightQueryRejectedError } from "../errors"
import type { FreightQuery } from "../schemas"
import { failureCollector } from "../../__tests__/expect-failure"
import { mockAgentPerTest } from "../../__tests__/mock-agent"

const QUERY: FreightQuery = {
  originCep: "01310100",
  destinationCep: "20040002",
  invoiceValue: 100,
  volumes: [{ sku: "A", quantity: 1, price: 100, heightCm: 10, lengthCm: 20, widthCm: 15, weightKg: 1 }],
}

describe("the freight API's refusals", () => {
  const agent = mockAgentPerTest()
  const { failure } = failureCollector()

  const refusal = async (body: object) => {
    agent()
      .get("http://freight.test")
      .intercept({ path: /^\/v2\/consulta/, method: "POST" })
      .reply(400, body)
    const client = new FreightClient({
      url: "http://freight.test",
      token: "t0ken-abc",
      timeoutMs: 1000,
      connections: 1,
      dispatcher: agent(),
    })
    return failure(client.quote(QUERY))
  }

  it("names every 400 and tells the CEP errors apart", async () => {
    const origin = await refusal({ erro_id: 101, erro_mensagem: "x" })
    const destination = await refusal({ erro_id: "102", erro_msg: "CEP de destino não encontrado" })
    const weight = await refusal({ erro_id: 109 })
    expect(origin).toBeInstanceOf(CepNotFoundError)
    expect((origin as CepNotFoundError).which).toBe("origin")
    expect((destination as CepNotFoundError).which).toBe("destination")
    expect((destination as CepNotFoundError).errorName).toBe("CEP_DESTINO_NAO_ENCONTRADO")
    expect(destination.serviceMessage).toBe("CEP de destino não encontrado")
    expect(weight).toBeInstanceOf(FreightQueryRejectedError)
    expect(weight).not.toBeInstanceOf(CepNotFoundError)
    expect((weight as FreightQueryRejectedError).errorName).toBe("PESO_INVALIDO")
    expect(weight.erroId).toBe(109)
    expect(weight.message).toBe("Freight API refused the query: PESO_INVALIDO (HTTP 400, erro_id 109)")
  })

  it("reads erro_msg as well as erro_mensagem", async () => {
    expect((await refusal({ erro_id: 103, erro_msg: "Valor inválido" })).serviceMessage).toBe("Valor inválido")
    expect((await refusal({ erro_id: 103, erro_mensagem: "Valor inválido" })).serviceMessage).toBe("Valor inválido")
  })

  it("names an erro_id the document does not list DESCONHECIDO", async () => {
    const unknown = await refusal({ erro_id: 999 })
    expect(unknown).toBeInstanceOf(FreightQueryRejectedError)
    expect((unknown as FreightQueryRejectedError).errorName).toBe("DESCONHECIDO")
  })
})
