// FreightClient against the sandbox: every error of the document's table, every fault the sandbox can make, the probe,
// and the token kept out of every error, stack and log line.
import { createSandbox } from "../../../../sandbox/server"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  LateStartTimeoutError,
  NetworkError,
  NoTimeLeftError,
  OwnWaitTimeoutError,
  QuotaExceededError,
  ServerError,
  TimeoutError,
} from "../../http/errors"
import { MIN_CALL_BUDGET_MS } from "../client"
import { startDeadline } from "../../http/deadline"
import { CepNotFoundError, FreightQueryRejectedError } from "../errors"
import { failureCollector } from "../../__tests__/expect-failure"
import { answerTo } from "../../__tests__/answer-to"
import { QUERY, sandboxClientTest, TOKEN } from "./client.fixtures"

const VALID_WIRE = {
  cep_origem: "01310100",
  cep_destino: "20040002",
  valor_notafiscal: "250.00",
  volumes: [{ sku: "A", quantidade: "1", preco: "250", altura: "10", comprimento: "20", largura: "15", peso: "1" }],
}

describe("FreightClient against the sandbox", () => {
  const t = sandboxClientTest()

  const { errors, failure } = failureCollector()

  describe("every error of the document's table", () => {
    it("401 erro_id 1: the token is refused, and not retried", async () => {
      t.sandbox.configure({ freightToken: "another" })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidCredentialsError)
      expect(error).toMatchObject({ status: 401, erroId: 1 })
      expect(t.sandbox.calls()).toHaveLength(1)
    })

    it("429 erro_id 2: the plan's limit, and not retried", async () => {
      t.sandbox.configure({ queryLimit: 1 })
      await t.client.quote(QUERY)
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(QuotaExceededError)
      expect(error).toMatchObject({ status: 429, erroId: 2 })
      expect(t.sandbox.calls()).toHaveLength(2)
    })

    const volume = VALID_WIRE.volumes[0]
    it.each([
      [101, "CEP_ORIGEM_NAO_ENCONTRADO", { ...VALID_WIRE, cep_origem: "00000100" }],
      [102, "CEP_DESTINO_NAO_ENCONTRADO", { ...VALID_WIRE, cep_destino: "99999999" }],
      [103, "VALOR_NOTA_INVALIDO", { ...VALID_WIRE, valor_notafiscal: "muito" }],
      [104, "VOLUMES_INVALIDO", { ...VALID_WIRE, volumes: [] }],
      [104, "VOLUMES_INVALIDO", { ...VALID_WIRE, volumes: [{ ...volume, quantidade: "0" }] }],
      [106, "COMPRIMENTO_INVALIDO", { ...VALID_WIRE, volumes: [{ ...volume, comprimento: "x" }] }],
      [107, "LARGURA_INVALIDA", { ...VALID_WIRE, volumes: [{ ...volume, largura: "-1" }] }],
      [108, "ALTURA_INVALIDA", { ...VALID_WIRE, volumes: [{ ...volume, altura: "" }] }],
      [109, "PESO_INVALIDO", { ...VALID_WIRE, volumes: [{ ...volume, peso: "0" }] }],
      [1000, "PRECO_INVALIDO", { ...VALID_WIRE, volumes: [{ ...volume, preco: "caro" }] }],
      [301, "POST_ERRADO", { cep_origem: "01310100", cep_destino: "20040002" }],
      [303, "JSON_INVALIDO", { ...VALID_WIRE, volumes: "nenhum" }],
      [304, "REQUISICAO_INVALIDA", {}],
    ])("400 erro_id %i %s", async (erroId, name, body) => {
      const error = await failure(
        answerTo("freight", t.sandbox.url, { path: `/v2/consulta?token=${encodeURIComponent(TOKEN)}`, body }, [TOKEN])
      )
      expect(error).toBeInstanceOf(FreightQueryRejectedError)
      expect(error).toMatchObject({ status: 400, erroId, errorName: name })
      expect(error.serviceMessage).toEqual(expect.any(String))
      expect(error instanceof CepNotFoundError).toBe(erroId === 101 || erroId === 102)
      expect(t.sandbox.calls()).toHaveLength(1)
    })

    it.each([
      [101, { originCep: "00000100" }],
      [102, { destinationCep: "99999999" }],
    ])("400 erro_id %i from a quote: the CEP is not in the service's base, and not retried", async (erroId, ceps) => {
      const error = await failure(t.client.quote({ ...QUERY, ...ceps }))
      expect(error).toBeInstanceOf(CepNotFoundError)
      expect(error).toMatchObject({ status: 400, erroId })
      expect(t.sandbox.calls()).toHaveLength(1)
    })

    it("500 erro_id 0: a server error, retried once", async () => {
      t.sandbox.setFault("freight", { mode: "status", status: 500 })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(ServerError)
      expect(error).toMatchObject({ status: 500, erroId: 0 })
      expect(t.sandbox.calls()).toHaveLength(2)
    })
  })

  describe("every fault the sandbox can make", () => {
    it("a 500 that heals is answered by the one retry", async () => {
      t.sandbox.setFault("freight", { mode: "status", status: 500, times: 1 })
      const quote = await t.client.quote(QUERY)
      expect(quote.quotations.length).toBeGreaterThan(0)
      expect(t.sandbox.calls().map((call) => call.status)).toEqual([500, 200])
    })

    it("a reset connection is a network error, retried once", async () => {
      t.sandbox.setFault("freight", { mode: "reset" })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(NetworkError)
      expect(t.sandbox.calls()).toHaveLength(2)
    })

    it("a reset that heals is answered by the retry", async () => {
      t.sandbox.setFault("freight", { mode: "reset", times: 1 })
      await expect(t.client.quote(QUERY)).resolves.toMatchObject({ consultaToken: expect.any(String) })
      expect(t.sandbox.calls()).toHaveLength(2)
    })

    it("a hang ends at the deadline as a timeout", async () => {
      t.client = t.newClient({ timeoutMs: 300 })
      t.sandbox.setFault("freight", { mode: "hang" })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(TimeoutError)
      expect(t.sandbox.calls()).toHaveLength(1)
    })

    it("a quote whose wait began long ago gets only what is left of the timeout: sent late, its timeout is not the service's", async () => {
      t.client = t.newClient({ timeoutMs: 2000 })
      t.sandbox.setFault("freight", { mode: "hang" })
      // 1,700 ms spent before the call: 300 ms left, less than half of the timeout on the wire.
      const error = await failure(
        t.client.quote(QUERY, { deadline: startDeadline(2000, undefined, Date.now() - 1700) })
      )
      expect(error).toBeInstanceOf(LateStartTimeoutError)
      expect(t.sandbox.calls()).toHaveLength(1)
    })

    it("a quote with less than 100 ms left of the timeout is not sent at all: the plugin's own wait, nothing sent", async () => {
      const error = await failure(
        t.client.quote(QUERY, { deadline: startDeadline(2000, undefined, Date.now() - 1950) })
      )
      expect(error).toBeInstanceOf(NoTimeLeftError)
      expect(error).toBeInstanceOf(OwnWaitTimeoutError)
      expect((error as NoTimeLeftError).outcomeUnknown).toBe(false)
      const lastMs = {
        signal: new AbortController().signal,
        remaining: () => MIN_CALL_BUDGET_MS - 1,
        expired: () => false,
      }
      expect((await failure(t.client.quote(QUERY, { deadline: lastMs }))).message).toBe(
        "the freight API was not asked: 99 ms were left of freight.timeoutMs (2000 ms) since the request arrived"
      )
      expect(t.sandbox.calls()).toEqual([])
    })

    it("a service slower than the deadline is a timeout; one within it answers", async () => {
      t.client = t.newClient({ timeoutMs: 300 })
      t.sandbox.setFault("freight", { mode: "latency", ms: 1000 })
      expect(await failure(t.client.quote(QUERY))).toBeInstanceOf(TimeoutError)

      t.sandbox.setFault("freight", { mode: "latency", ms: 20 })
      await expect(t.client.quote(QUERY)).resolves.toMatchObject({ consultaToken: expect.any(String) })
    })

    it("a 503 HTML page is a server error", async () => {
      t.sandbox.setFault("freight", { mode: "html" })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(ServerError)
      expect(error.status).toBe(503)
    })

    it("an HTML page with status 200 is an invalid answer", async () => {
      t.sandbox.setFault("freight", { mode: "html", status: 200 })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidAnswerError)
      expect(error.message).toMatch(/HTML/)
    })

    it("malformed JSON is an invalid answer, not retried", async () => {
      t.sandbox.setFault("freight", { mode: "malformed-json" })
      expect(await failure(t.client.quote(QUERY))).toBeInstanceOf(InvalidAnswerError)
      expect(t.sandbox.calls()).toHaveLength(1)
    })

    it("JSON of the wrong shape is an invalid answer", async () => {
      t.sandbox.setFault("freight", { mode: "wrong-shape" })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidAnswerError)
      expect(error.message).toMatch(/documented shape/)
    })

    it("leaves out a malformed quotation alone, logged, and keeps the others", async () => {
      const healthy = await t.client.quote(QUERY)
      t.sandbox.setFault("freight", { mode: "broken-quotation", times: 1 })
      const before = t.logger.lines.length
      const quote = await t.client.quote(QUERY)
      expect(quote.quotations).toEqual(healthy.quotations.slice(1))
      const warning = t.logger.lines.slice(before).find((line) => line.includes("is left out"))
      expect(warning).toContain(`quotation 0 (${healthy.quotations[0].service})`)
      expect(warning).toMatch(/cotacao_preco/)
      expect(warning).toMatch(/cotacao_prazo/)
    })

    it("an answer whose every quotation is malformed is an invalid answer", async () => {
      const { MockAgent } = await import("undici")
      const agent = new MockAgent()
      agent.disableNetConnect()
      agent
        .get("http://freight.test")
        .intercept({ path: /^\/v2\/consulta/, method: "POST" })
        .reply(200, {
          consulta_token: "tok-1",
          cotacoes: [{ servico_metaname: "correios-pac", servico_nome: "PAC", cotacao_preco: null, cotacao_prazo: 3 }],
        })
      t.client = t.newClient({ url: "http://freight.test", dispatcher: agent })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidAnswerError)
      expect(error.message).toMatch(/no readable quotation \(1 malformed\)/)
      await agent.close()
    })

    it("a refused connection is a network error whose request was never sent", async () => {
      const closed = await createSandbox()
      const url = closed.url
      await closed.close()
      t.client = t.newClient({ url })
      const error = await failure(t.client.quote(QUERY))
      expect(error).toBeInstanceOf(NetworkError)
      expect((error as NetworkError).outcomeUnknown).toBe(false)
    })
  })

  describe("the probe", () => {
    it("answers with the 400 an empty query gets when the token is good", async () => {
      expect(await t.client.probe()).toBe(400)
    })

    it.each([
      ["a refused token", () => t.sandbox.configure({ freightToken: "another" }), InvalidCredentialsError, 401],
      ["the plan's limit", () => t.sandbox.configure({ queryLimit: 0 }), QuotaExceededError, 429],
      ["a failing service", () => t.sandbox.setFault("freight", { mode: "status", status: 503 }), ServerError, 503],
    ])("throws %s as its typed error", async (_label, arrange, ErrorClass, status) => {
      arrange()
      const error = await failure(t.client.probe())
      expect(error).toBeInstanceOf(ErrorClass)
      expect(error.status).toBe(status)
    })
  })

  it("never lets the token into an error, a stack or a log line", () => {
    expect(errors.length).toBeGreaterThan(10)
    expect(t.logger.lines.length).toBeGreaterThan(10)
    const texts = [
      ...t.logger.lines,
      ...errors.flatMap((error) => [String(error), (error as Error).stack ?? "", JSON.stringify(error)]),
    ]
    for (const text of texts) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(encodeURIComponent(TOKEN))
    }
    expect(t.logger.lines).toContainEqual(expect.stringContaining("token=[REDACTED]"))
  })
})
