import { createSandbox } from "../server"
import type { Sandbox } from "../types"
import { FREIGHT_TOKEN, freightQuery, freightVolume, postFreight } from "./helpers"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("POST /v2/consulta", () => {
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await createSandbox()
  })

  beforeEach(() => {
    sandbox.reset()
  })

  afterAll(async () => {
    await sandbox.close()
  })

  async function rejection(
    body: unknown,
    query?: string
  ): Promise<{ erro_id: number; erro_nome?: string; erro_mensagem: string }> {
    const result = await postFreight(sandbox, body, query)
    expect(result.status).toBe(400)
    return result.json as { erro_id: number; erro_nome?: string; erro_mensagem: string }
  }

  describe("an accepted query", () => {
    it("answers the same quotations every time, under a fresh consulta_token", async () => {
      const first = await postFreight(sandbox, freightQuery())
      const second = await postFreight(sandbox, freightQuery())
      const [a, b] = [first.json, second.json] as Array<{ consulta_token: string; cotacoes: unknown[] }>
      expect(first.status).toBe(200)
      expect(first.contentType).toContain("application/json")
      expect(a.cotacoes).toEqual(b.cotacoes)
      expect(a.consulta_token).toMatch(UUID)
      expect(b.consulta_token).toMatch(UUID)
      expect(a.consulta_token).not.toBe(b.consulta_token)
    })

    it("reads JSON numbers, dot-decimal text and decimal-comma text alike", async () => {
      const asText = await postFreight(
        sandbox,
        freightQuery({ valor_notafiscal: "1234.5", volumes: [freightVolume({ peso: "2.5" })] })
      )
      const asComma = await postFreight(
        sandbox,
        freightQuery({ valor_notafiscal: "1.234,50", volumes: [freightVolume({ peso: "2,5" })] })
      )
      const asNumber = await postFreight(
        sandbox,
        freightQuery({ valor_notafiscal: 1234.5, volumes: [freightVolume({ peso: 2.5, quantidade: 1 })] })
      )
      const cotacoes = [asText, asComma, asNumber].map((result) => (result.json as { cotacoes: unknown[] }).cotacoes)
      expect(cotacoes[0]).toEqual(cotacoes[1])
      expect(cotacoes[0]).toEqual(cotacoes[2])
    })

    it("quotes with the auction bid once configured", async () => {
      sandbox.configure({ auction: true })
      const result = await postFreight(sandbox, freightQuery())
      const names = (result.json as { cotacoes: Array<{ servico_metaname: string; servico_nome: string }> }).cotacoes
        .filter((quotation) => quotation.servico_metaname === "jadlog-package")
        .map((quotation) => quotation.servico_nome)
      expect(names).toEqual(["Jadlog - .Package", "Jadlog - .Package (leilão)"])
    })
  })

  describe("authentication and the plan's limit", () => {
    it.each([
      ["no token", ""],
      ["a wrong token", "token=nope"],
      ["an empty token", "token="],
    ])("answers 401 erro 1 to %s", async (_, query) => {
      const result = await postFreight(sandbox, freightQuery(), query)
      expect(result.status).toBe(401)
      expect(result.json).toEqual({ erro_id: 1, erro_mensagem: "Erro de autenticação" })
    })

    it("checks the token before the limit and the body", async () => {
      sandbox.configure({ queryLimit: 0 })
      expect((await postFreight(sandbox, "not json", "token=nope")).status).toBe(401)
    })

    it("answers 429 erro 2 once the limit is reached, counting only quotes answered 200", async () => {
      sandbox.configure({ queryLimit: 2 })
      expect((await postFreight(sandbox, freightQuery())).status).toBe(200)
      expect((await postFreight(sandbox, {})).status).toBe(400)
      expect((await postFreight(sandbox, freightQuery())).status).toBe(200)
      const over = await postFreight(sandbox, freightQuery())
      expect(over.status).toBe(429)
      expect(over.json).toEqual({ erro_id: 2, erro_mensagem: "Limite de consultas atingido" })
      expect(sandbox.stats().queriesAnswered).toBe(2)
    })

    it("checks the limit before the body", async () => {
      sandbox.configure({ queryLimit: 0 })
      expect((await postFreight(sandbox, "not json")).status).toBe(429)
    })

    it("answers 302 POST_URL_MAL_FORMATA when the token is given twice", async () => {
      const error = await rejection(freightQuery(), `token=${FREIGHT_TOKEN}&token=${FREIGHT_TOKEN}`)
      expect(error).toMatchObject({ erro_id: 302, erro_nome: "POST_URL_MAL_FORMATA" })
    })

    it("does not let a repeated token smuggle in a wrong one", async () => {
      expect((await postFreight(sandbox, freightQuery(), `token=nope&token=${FREIGHT_TOKEN}`)).status).toBe(401)
    })

    it("answers 405 to another method", async () => {
      const response = await fetch(`${sandbox.url}/v2/consulta?token=${FREIGHT_TOKEN}`)
      expect(response.status).toBe(405)
    })
  })

  describe("400 answers, each under its own condition", () => {
    it.each([
      ["a body that is not JSON", '{"cep_origem": '],
      ["a JSON array", "[]"],
      ["a JSON string", '"01310100"'],
      ["volumes that are not an array", JSON.stringify(freightQuery({ volumes: "1" }))],
      ["a volume that is not an object", JSON.stringify(freightQuery({ volumes: ["1"] }))],
      ["fretegratis that is not a boolean", JSON.stringify(freightQuery({ fretegratis: 1 }))],
      ["a CEP sent as a number", JSON.stringify(freightQuery({ cep_origem: 1310100 }))],
      ["valor_notafiscal as a boolean", JSON.stringify(freightQuery({ valor_notafiscal: true }))],
      ["valor_notafiscal as null", JSON.stringify(freightQuery({ valor_notafiscal: null }))],
      ["a volume member as an object", JSON.stringify(freightQuery({ volumes: [freightVolume({ peso: { kg: 1 } })] }))],
      ["prazo_adicional that is not whole days", JSON.stringify(freightQuery({ prazo_adicional: "dois" }))],
    ])("303 JSON_INVALIDO for %s", async (_, body) => {
      expect(await rejection(body)).toMatchObject({ erro_id: 303, erro_nome: "JSON_INVALIDO" })
    })

    it.each([
      ["an empty object", {}],
      ["only optional members", { fretegratis: true, prazo_adicional: "1" }],
    ])("304 REQUISICAO_INVALIDA for %s", async (_, body) => {
      expect(await rejection(body)).toMatchObject({ erro_id: 304, erro_nome: "REQUISICAO_INVALIDA" })
    })

    it.each([["cep_origem"], ["cep_destino"], ["valor_notafiscal"], ["volumes"]])(
      "301 POST_ERRADO without %s",
      async (member) => {
        const body = freightQuery()
        delete body[member]
        const error = await rejection(body)
        expect(error).toMatchObject({ erro_id: 301, erro_nome: "POST_ERRADO" })
        expect(error.erro_mensagem).toContain(member)
      }
    )

    it.each([["0131010"], ["01310-100"], ["00999999"], ["abcdefgh"]])("101 for the origin CEP %p", async (cep) => {
      expect(await rejection(freightQuery({ cep_origem: cep }))).toMatchObject({
        erro_id: 101,
        erro_nome: "CEP_ORIGEM_NAO_ENCONTRADO",
      })
    })

    it.each([["99999999"], ["00000000"], ["2004000"]])("102 for the destination CEP %p", async (cep) => {
      expect(await rejection(freightQuery({ cep_destino: cep }))).toMatchObject({
        erro_id: 102,
        erro_nome: "CEP_DESTINO_NAO_ENCONTRADO",
      })
    })

    it.each([["abc"], ["-1"], ["1,234.56"], [-0.01]])("103 for the invoice value %p", async (value) => {
      expect(await rejection(freightQuery({ valor_notafiscal: value }))).toMatchObject({
        erro_id: 103,
        erro_nome: "VALOR_NOTA_INVALIDO",
      })
    })

    it.each([
      ["no volume", []],
      ["a quantity of 0", [freightVolume({ quantidade: "0" })]],
      ["a fractional quantity", [freightVolume(), freightVolume({ quantidade: "1.5" })]],
      ["a negative quantity", [freightVolume({ quantidade: -2 })]],
      ["a missing quantity", [freightVolume({ quantidade: undefined })]],
    ])("104 VOLUMES_INVALIDO for %s", async (_, volumes) => {
      expect(await rejection(freightQuery({ volumes }))).toMatchObject({ erro_id: 104, erro_nome: "VOLUMES_INVALIDO" })
    })

    it.each([
      ["comprimento", "0", 106, "COMPRIMENTO_INVALIDO"],
      ["largura", "-3", 107, "LARGURA_INVALIDA"],
      ["altura", "x", 108, "ALTURA_INVALIDA"],
      ["peso", "0,0", 109, "PESO_INVALIDO"],
      ["preco", "-1", 1000, "PRECO_INVALIDO"],
      ["preco", "dez", 1000, "PRECO_INVALIDO"],
    ])("reports %s %p of the second volume as %p", async (member, value, id, name) => {
      const error = await rejection(freightQuery({ volumes: [freightVolume(), freightVolume({ [member]: value })] }))
      expect(error).toMatchObject({ erro_id: id, erro_nome: name })
      expect(error.erro_mensagem).toContain("volume 2")
    })

    it("accepts a volume priced 0", async () => {
      expect((await postFreight(sandbox, freightQuery({ volumes: [freightVolume({ preco: "0" })] }))).status).toBe(200)
    })

    it("reports the first error in the document's order", async () => {
      expect((await rejection(freightQuery({ cep_origem: "00000000", valor_notafiscal: "x" }))).erro_id).toBe(101)
      expect((await rejection(freightQuery({ valor_notafiscal: "x", volumes: [] }))).erro_id).toBe(103)
      const volumes = [freightVolume({ peso: "0" }), freightVolume({ comprimento: "0", quantidade: "0" })]
      expect((await rejection(freightQuery({ volumes }))).erro_id).toBe(104)
      expect(
        (
          await rejection(
            freightQuery({ volumes: [freightVolume({ peso: "0" }), freightVolume({ comprimento: "0" })] })
          )
        ).erro_id
      ).toBe(106)
    })
  })

  it("answers 404 in JSON elsewhere", async () => {
    const response = await fetch(`${sandbox.url}/v2/other`)
    expect(response.status).toBe(404)
    expect(response.headers.get("content-type")).toContain("application/json")
  })
})
