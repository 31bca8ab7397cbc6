import { createSandbox, type Sandbox } from "../../../../sandbox/server"
import {
  InvalidAnswerError,
  InvalidCredentialsError,
  LateStartTimeoutError,
  NetworkError,
  NoTimeLeftError,
  QuotaExceededError,
  ServerError,
  TimeoutError,
} from "../../http/errors"
import { FreightClient } from "../client"
import { CepNotFoundError, FreightQueryRejectedError, InvalidFreightQueryError } from "../errors"
import { readQuotations, type FreightQuery } from "../schemas"
import { failureCollector } from "../../__tests__/expect-failure"
import { answerTo } from "../../__tests__/answer-to"
import { recordingLogger } from "../../__tests__/recording-logger"
import { rememberSecret } from "../../../../test-support/log-guard"

// Characters that change when URL-encoded, so the redaction of both forms is exercised.
const TOKEN = "Tok+en/With=Chars-9f8e7d"
rememberSecret(TOKEN)

const QUERY: FreightQuery = {
  originCep: "01310100",
  destinationCep: "20040002",
  invoiceValue: 250,
  volumes: [{ sku: "CAMISA-P", quantity: 2, price: 125, heightCm: 4, lengthCm: 30, widthCm: 20, weightKg: 0.3 }],
}

const VALID_WIRE = {
  cep_origem: "01310100",
  cep_destino: "20040002",
  valor_notafiscal: "250.00",
  volumes: [{ sku: "A", quantidade: "1", preco: "250", altura: "10", comprimento: "20", largura: "15", peso: "1" }],
}

describe("FreightClient against the sandbox", () => {
  let sandbox: Sandbox
  let logger: ReturnType<typeof recordingLogger>
  let client: FreightClient

  const newClient = (overrides: Partial<ConstructorParameters<typeof FreightClient>[0]> = {}) =>
    new FreightClient({ url: sandbox.url, token: TOKEN, timeoutMs: 2000, connections: 4, logger, ...overrides })

  const { errors, failure } = failureCollector()

  beforeAll(async () => {
    sandbox = await createSandbox({ freightToken: TOKEN })
    logger = recordingLogger()
  })

  beforeEach(() => {
    sandbox.reset()
    client = newClient()
  })

  afterEach(async () => {
    await client.close()
  })

  afterAll(async () => {
    await sandbox.close()
  })

  describe("a quote", () => {
    it("reads every quotation of the answer, prices in centavos from Brazilian notation", async () => {
      const quote = await client.quote(QUERY)
      const [call] = sandbox.calls({ service: "freight" })
      const answer = call.response as { consulta_token: string; cotacoes: Array<Record<string, unknown>> }

      expect(quote.consultaToken).toBe(answer.consulta_token)
      expect(quote.quotations).toHaveLength(answer.cotacoes.length)
      expect(quote.quotations.length).toBeGreaterThanOrEqual(3)
      quote.quotations.forEach((quotation, index) => {
        const wire = answer.cotacoes[index]
        expect(quotation.service).toBe(wire.servico_metaname)
        expect(quotation.serviceName).toBe(wire.servico_nome)
        expect(quotation.carrier).toBe(wire.transportadora_metaname)
        expect(quotation.priceCents).toBe(readQuotations([wire]).quotations[0].cotacao_preco)
        expect(quotation.code).toBe(String(wire.cotacao_codigo))
        expect(Number.isInteger(quotation.priceCents)).toBe(true)
      })
    })

    it("sends the query in the document's terms: CEP digits, volumes as text", async () => {
      await client.quote({ ...QUERY, extraDays: 2, extraPrice: 5.5, freeFreight: true })
      const [call] = sandbox.calls({ service: "freight" })
      expect(call.body).toEqual({
        cep_origem: "01310100",
        cep_destino: "20040002",
        valor_notafiscal: "250",
        prazo_adicional: "2",
        preco_adicional: "5.5",
        fretegratis: true,
        volumes: [{ sku: "CAMISA-P", quantidade: "2", preco: "125", altura: "4", comprimento: "30", largura: "20", peso: "0.3" }],
      })
    })

    it("reads prices of a thousand reais and more", async () => {
      const heavy: FreightQuery = {
        ...QUERY,
        destinationCep: "69900000",
        invoiceValue: 20000,
        volumes: [{ sku: "GELADEIRA", quantity: 3, price: 6000, heightCm: 180, lengthCm: 70, widthCm: 70, weightKg: 90 }],
      }
      const quote = await client.quote(heavy)
      const answer = sandbox.calls({ service: "freight" })[0].response as { cotacoes: Array<{ cotacao_preco: string }> }
      const thousands = answer.cotacoes.filter((wire) => /^\d{1,3}(\.\d{3})+,\d{2}$/.test(wire.cotacao_preco))
      expect(thousands.length).toBeGreaterThan(0)
      expect(Math.max(...quote.quotations.map((quotation) => quotation.priceCents))).toBeGreaterThanOrEqual(100000)
    })

    it("reads deadline 0 as same day and 101 as unknown", async () => {
      const sameCity = await client.quote({ ...QUERY, destinationCep: "01310200" })
      expect(sameCity.quotations.map((quotation) => quotation.days)).toContain(0)

      const north = await client.quote({ ...QUERY, destinationCep: "69900000" })
      const unknown = north.quotations.filter((quotation) => quotation.days === null)
      expect(unknown.length).toBeGreaterThan(0)
      const wire = sandbox.calls({ service: "freight" })[1].response as { cotacoes: Array<{ cotacao_prazo: number }> }
      expect(wire.cotacoes.map((quotation) => quotation.cotacao_prazo)).toContain(101)
    })

    it("keeps both quotations of an auction that share a servico_metaname", async () => {
      sandbox.configure({ auction: true })
      const quote = await client.quote(QUERY)
      const services = quote.quotations.map((quotation) => quotation.service)
      const repeated = services.filter((service, index) => services.indexOf(service) !== index)
      expect(repeated.length).toBeGreaterThan(0)
      const names = quote.quotations.filter((quotation) => quotation.service === repeated[0]).map((quotation) => quotation.serviceName)
      expect(new Set(names).size).toBe(names.length)
    })

    it("accepts an answer with no quotations", async () => {
      sandbox.setFault("freight", { mode: "empty-quotes" })
      const quote = await client.quote(QUERY)
      expect(quote.quotations).toEqual([])
    })

    it("refuses to send a query it built wrong", async () => {
      await expect(client.quote({ ...QUERY, destinationCep: "2004000" })).rejects.toThrow(InvalidFreightQueryError)
      await expect(client.quote({ ...QUERY, volumes: [] })).rejects.toThrow(InvalidFreightQueryError)
      await expect(client.quote({ ...QUERY, volumes: [{ ...QUERY.volumes[0], weightKg: Number.NaN }] })).rejects.toThrow(
        InvalidFreightQueryError
      )
      expect(sandbox.calls()).toHaveLength(0)
    })
  })

  describe("every error of the document's table", () => {
    it("401 erro_id 1: the token is refused, and not retried", async () => {
      sandbox.configure({ freightToken: "another" })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidCredentialsError)
      expect(error).toMatchObject({ status: 401, erroId: 1 })
      expect(sandbox.calls()).toHaveLength(1)
    })

    it("429 erro_id 2: the plan's limit, and not retried", async () => {
      sandbox.configure({ queryLimit: 1 })
      await client.quote(QUERY)
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(QuotaExceededError)
      expect(error).toMatchObject({ status: 429, erroId: 2 })
      expect(sandbox.calls()).toHaveLength(2)
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
      const error = await failure(answerTo("freight", sandbox.url, { path: `/v2/consulta?token=${encodeURIComponent(TOKEN)}`, body }, [TOKEN]))
      expect(error).toBeInstanceOf(FreightQueryRejectedError)
      expect(error).toMatchObject({ status: 400, erroId, errorName: name })
      expect(error.serviceMessage).toEqual(expect.any(String))
      expect(error instanceof CepNotFoundError).toBe(erroId === 101 || erroId === 102)
      expect(sandbox.calls()).toHaveLength(1)
    })

    it.each([
      [101, { originCep: "00000100" }],
      [102, { destinationCep: "99999999" }],
    ])("400 erro_id %i from a quote: the CEP is not in the service's base, and not retried", async (erroId, ceps) => {
      const error = await failure(client.quote({ ...QUERY, ...ceps }))
      expect(error).toBeInstanceOf(CepNotFoundError)
      expect(error).toMatchObject({ status: 400, erroId })
      expect(sandbox.calls()).toHaveLength(1)
    })

    it("500 erro_id 0: a server error, retried once", async () => {
      sandbox.setFault("freight", { mode: "status", status: 500 })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(ServerError)
      expect(error).toMatchObject({ status: 500, erroId: 0 })
      expect(sandbox.calls()).toHaveLength(2)
    })
  })

  describe("every fault the sandbox can make", () => {
    it("a 500 that heals is answered by the one retry", async () => {
      sandbox.setFault("freight", { mode: "status", status: 500, times: 1 })
      const quote = await client.quote(QUERY)
      expect(quote.quotations.length).toBeGreaterThan(0)
      expect(sandbox.calls().map((call) => call.status)).toEqual([500, 200])
    })

    it("a reset connection is a network error, retried once", async () => {
      sandbox.setFault("freight", { mode: "reset" })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(NetworkError)
      expect(sandbox.calls()).toHaveLength(2)
    })

    it("a reset that heals is answered by the retry", async () => {
      sandbox.setFault("freight", { mode: "reset", times: 1 })
      await expect(client.quote(QUERY)).resolves.toMatchObject({ consultaToken: expect.any(String) })
      expect(sandbox.calls()).toHaveLength(2)
    })

    it("a hang ends at the deadline as a timeout", async () => {
      client = newClient({ timeoutMs: 300 })
      sandbox.setFault("freight", { mode: "hang" })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(TimeoutError)
      expect(sandbox.calls()).toHaveLength(1)
    })

    it("a quote whose wait began long ago gets only what is left of the timeout: sent late, its timeout is not the service's", async () => {
      client = newClient({ timeoutMs: 2000 })
      sandbox.setFault("freight", { mode: "hang" })
      // 1,700 ms spent before the call: 300 ms left, less than half of the timeout on the wire.
      const error = await failure(client.quote(QUERY, { startedAt: Date.now() - 1700 }))
      expect(error).toBeInstanceOf(LateStartTimeoutError)
      expect(sandbox.calls()).toHaveLength(1)
    })

    it("a quote with less than 100 ms left of the timeout is not sent at all", async () => {
      const error = await failure(client.quote(QUERY, { startedAt: Date.now() - 1950 }))
      expect(error).toBeInstanceOf(NoTimeLeftError)
      expect((error as NoTimeLeftError).outcomeUnknown).toBe(false)
      expect(sandbox.calls()).toEqual([])
    })

    it("a service slower than the deadline is a timeout; one within it answers", async () => {
      client = newClient({ timeoutMs: 300 })
      sandbox.setFault("freight", { mode: "latency", ms: 1000 })
      expect(await failure(client.quote(QUERY))).toBeInstanceOf(TimeoutError)

      sandbox.setFault("freight", { mode: "latency", ms: 20 })
      await expect(client.quote(QUERY)).resolves.toMatchObject({ consultaToken: expect.any(String) })
    })

    it("a 503 HTML page is a server error", async () => {
      sandbox.setFault("freight", { mode: "html" })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(ServerError)
      expect(error.status).toBe(503)
    })

    it("an HTML page with status 200 is an invalid answer", async () => {
      sandbox.setFault("freight", { mode: "html", status: 200 })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidAnswerError)
      expect(error.message).toMatch(/HTML/)
    })

    it("malformed JSON is an invalid answer, not retried", async () => {
      sandbox.setFault("freight", { mode: "malformed-json" })
      expect(await failure(client.quote(QUERY))).toBeInstanceOf(InvalidAnswerError)
      expect(sandbox.calls()).toHaveLength(1)
    })

    it("JSON of the wrong shape is an invalid answer", async () => {
      sandbox.setFault("freight", { mode: "wrong-shape" })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidAnswerError)
      expect(error.message).toMatch(/documented shape/)
    })

    it("leaves out a malformed quotation alone, logged, and keeps the others", async () => {
      const healthy = await client.quote(QUERY)
      sandbox.setFault("freight", { mode: "broken-quotation", times: 1 })
      const before = logger.lines.length
      const quote = await client.quote(QUERY)
      expect(quote.quotations).toEqual(healthy.quotations.slice(1))
      const warning = logger.lines.slice(before).find((line) => line.includes("is left out"))
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
        .reply(200, { consulta_token: "tok-1", cotacoes: [{ servico_metaname: "correios-pac", servico_nome: "PAC", cotacao_preco: null, cotacao_prazo: 3 }] })
      client = newClient({ url: "http://freight.test", dispatcher: agent })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(InvalidAnswerError)
      expect(error.message).toMatch(/no readable quotation \(1 malformed\)/)
      await agent.close()
    })

    it("a refused connection is a network error whose request was never sent", async () => {
      const closed = await createSandbox()
      const url = closed.url
      await closed.close()
      client = newClient({ url })
      const error = await failure(client.quote(QUERY))
      expect(error).toBeInstanceOf(NetworkError)
      expect((error as NetworkError).outcomeUnknown).toBe(false)
    })
  })

  describe("the probe", () => {
    it("answers with the 400 an empty query gets when the token is good", async () => {
      expect(await client.probe()).toBe(400)
    })

    it.each([
      ["a refused token", () => sandbox.configure({ freightToken: "another" }), InvalidCredentialsError, 401],
      ["the plan's limit", () => sandbox.configure({ queryLimit: 0 }), QuotaExceededError, 429],
      ["a failing service", () => sandbox.setFault("freight", { mode: "status", status: 503 }), ServerError, 503],
    ])("throws %s as its typed error", async (_label, arrange, ErrorClass, status) => {
      arrange()
      const error = await failure(client.probe())
      expect(error).toBeInstanceOf(ErrorClass)
      expect(error.status).toBe(status)
    })
  })

  it("keeps its sockets within the pool's bound", async () => {
    client = newClient({ connections: 2 })
    sandbox.setFault("freight", { mode: "latency", ms: 30 })
    await Promise.all(Array.from({ length: 10 }, () => client.quote(QUERY)))
    expect(sandbox.stats().maxOpenSockets).toBeLessThanOrEqual(2)
    expect(sandbox.calls()).toHaveLength(10)
  })

  it("never lets the token into an error, a stack or a log line", () => {
    expect(errors.length).toBeGreaterThan(10)
    expect(logger.lines.length).toBeGreaterThan(10)
    const texts = [
      ...logger.lines,
      ...errors.flatMap((error) => [String(error), (error as Error).stack ?? "", JSON.stringify(error)]),
    ]
    for (const text of texts) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(encodeURIComponent(TOKEN))
    }
    expect(logger.lines).toContainEqual(expect.stringContaining("token=[REDACTED]"))
  })
})
