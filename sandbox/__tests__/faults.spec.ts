import { createSandbox } from "../server"
import type { Sandbox, SandboxFault, SandboxService } from "../types"
import { FREIGHT_TOKEN, freightQuery, postFreight, postTracking, rawPost, trackingOrder, waitFor } from "./helpers"

describe("faults", () => {
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

  const call = (service: SandboxService) =>
    service === "freight" ? postFreight(sandbox, freightQuery()) : postTracking(sandbox, trackingOrder())

  describe("status", () => {
    it("answers a freight 5xx with erro 0", async () => {
      sandbox.setFault("freight", { mode: "status", status: 503 })
      const result = await call("freight")
      expect(result.status).toBe(503)
      expect(result.json).toEqual({ erro_id: 0, erro_mensagem: "Erro no servidor" })
    })

    it("answers a tracking 5xx with the document's 'contact support'", async () => {
      sandbox.setFault("tracking", { mode: "status", status: 500 })
      const result = await call("tracking")
      expect(result.status).toBe(500)
      expect(result.json).toEqual({ Success: false, Message: "Ocorreu um erro, contate o suporte" })
      expect(sandbox.trackingOrders()).toEqual([])
    })

    it("fail-after-create creates the tracking order, then answers 500: the client cannot tell it exists", async () => {
      sandbox.setFault("tracking", { mode: "fail-after-create", times: 1 })
      const result = await call("tracking")
      expect(result.status).toBe(500)
      expect(result.json).toEqual({ Success: false, Message: "Ocorreu um erro, contate o suporte" })
      expect(sandbox.trackingOrders()).toHaveLength(1)
      expect(sandbox.calls()[0]).toMatchObject({ status: 500, fault: "fail-after-create" })
    })

    it("fail-after-create lets a refusal through, and creates nothing then", async () => {
      sandbox.setFault("tracking", { mode: "fail-after-create", status: 502 })
      expect((await postTracking(sandbox, trackingOrder(), "Basic nope")).status).toBe(401)
      expect((await postTracking(sandbox, { ...trackingOrder(), Code: null })).status).toBe(400)
      expect((await call("tracking")).status).toBe(502)
      expect(sandbox.trackingOrders()).toHaveLength(1)
    })

    it("answers a freight 429 with the limit's erro 2", async () => {
      sandbox.setFault("freight", { mode: "status", status: 429 })
      expect((await call("freight")).json).toEqual({ erro_id: 2, erro_mensagem: "Limite de consultas atingido" })
    })

    it("acts before authentication, as a failing proxy would", async () => {
      sandbox.setFault("freight", { mode: "status", status: 502 })
      expect((await postFreight(sandbox, freightQuery(), "token=nope")).status).toBe(502)
      expect(sandbox.calls()[0]).toMatchObject({ status: 502, authorized: false, fault: "status" })
    })
  })

  it.each([["freight"], ["tracking"]] as const)(
    "html answers a %s call with an HTML page, 503 by default",
    async (service) => {
      sandbox.setFault(service, { mode: "html" })
      const result = await call(service)
      expect(result.status).toBe(503)
      expect(result.contentType).toContain("text/html")
      expect(result.text).toContain("<html>")
      expect(sandbox.calls()[0]).toMatchObject({ status: 503, response: null, fault: "html" })
    }
  )

  it("html takes another status", async () => {
    sandbox.setFault("freight", { mode: "html", status: 502 })
    expect((await call("freight")).status).toBe(502)
  })

  it.each([["freight"], ["tracking"]] as const)(
    "malformed-json answers a %s call 200 with truncated JSON",
    async (service) => {
      sandbox.setFault(service, { mode: "malformed-json" })
      const result = await call(service)
      expect(result.status).toBe(200)
      expect(result.contentType).toContain("application/json")
      expect(() => JSON.parse(result.text)).toThrow()
      expect(sandbox.calls()[0]).toMatchObject({ status: 200, response: null, fault: "malformed-json" })
    }
  )

  it.each([
    ["freight", { resultado: [] }],
    ["tracking", { ok: true }],
  ] as const)("wrong-shape answers a %s call 200 with JSON of another shape", async (service, body) => {
    sandbox.setFault(service, { mode: "wrong-shape" })
    const result = await call(service)
    expect(result.status).toBe(200)
    expect(result.json).toEqual(body)
  })

  it("empty-quotes answers a quote with no quotation, which does not count toward the limit", async () => {
    sandbox.setFault("freight", { mode: "empty-quotes" })
    const result = await call("freight")
    expect(result.status).toBe(200)
    expect(result.json).toEqual({ consulta_token: expect.any(String), cotacoes: [] })
    expect(sandbox.stats().queriesAnswered).toBe(0)
  })

  it("broken-quotation answers the real quote with its first quotation's price null and deadline missing", async () => {
    const healthy = (await call("freight")).json as { cotacoes: Array<Record<string, unknown>> }
    sandbox.setFault("freight", { mode: "broken-quotation", times: 1 })
    const broken = (await call("freight")).json as { cotacoes: Array<Record<string, unknown>> }
    expect(broken.cotacoes).toHaveLength(healthy.cotacoes.length)
    expect(broken.cotacoes[0].cotacao_preco).toBeNull()
    expect(broken.cotacoes[0]).not.toHaveProperty("cotacao_prazo")
    expect(broken.cotacoes[0].servico_metaname).toBe(healthy.cotacoes[0].servico_metaname)
    expect(broken.cotacoes.slice(1)).toEqual(healthy.cotacoes.slice(1))
  })

  it("refuses empty-quotes and broken-quotation for tracking, and malformed faults", () => {
    expect(() => sandbox.setFault("tracking", { mode: "empty-quotes" })).toThrow(/freight service only/)
    expect(() => sandbox.setFault("tracking", { mode: "broken-quotation" })).toThrow(/freight service only/)
    expect(() => sandbox.setFault("freight", { mode: "fail-after-create" })).toThrow(/tracking service only/)
    expect(() => sandbox.setFault("tracking", { mode: "fail-after-create", status: 200 })).toThrow(
      /Invalid sandbox fault/
    )
    expect(() => sandbox.setFault("freight", { mode: "status", status: 99 })).toThrow(/Invalid sandbox fault/)
    expect(() => sandbox.setFault("freight", { mode: "latency" } as SandboxFault)).toThrow(/Invalid sandbox fault/)
    expect(() => sandbox.setFault("freight", { mode: "status", status: 500, times: 0 })).toThrow(
      /Invalid sandbox fault/
    )
  })

  describe("times", () => {
    it("affects that many calls of the service, then clears itself", async () => {
      sandbox.setFault("freight", { mode: "status", status: 500, times: 2 })
      const statuses = [(await call("freight")).status, (await call("tracking")).status]
      statuses.push((await call("freight")).status, (await call("freight")).status)
      expect(statuses).toEqual([500, 200, 500, 200])
      expect(sandbox.calls({ service: "freight" }).map((entry) => entry.fault)).toEqual(["status", "status", null])
    })

    it("without times, lasts until cleared", async () => {
      sandbox.setFault("tracking", { mode: "wrong-shape" })
      for (let attempt = 0; attempt < 3; attempt += 1) {
        expect((await call("tracking")).json).toEqual({ ok: true })
      }
      sandbox.setFault("tracking", null)
      expect((await call("tracking")).json).toMatchObject({ Success: true })
    })
  })

  describe("latency", () => {
    it("holds the answer back, then answers normally", async () => {
      sandbox.setFault("freight", { mode: "latency", ms: 300, times: 1 })
      const pending = call("freight")
      await waitFor(() => sandbox.calls().length === 1, "the call to be logged")
      expect(sandbox.calls()[0]).toMatchObject({ status: null, fault: "latency" })
      expect((await pending).status).toBe(200)
      expect(sandbox.calls()[0].status).toBe(200)
      await call("freight")
      expect(sandbox.calls()[1].fault).toBeNull()
    })

    it("answers the calls it holds back at once when released, and later calls as the fault says", async () => {
      sandbox.setFault("tracking", { mode: "latency", ms: 600_000, times: 3 })
      const held = [call("tracking"), call("tracking")]
      await waitFor(() => sandbox.calls().length === 2, "both calls to be logged")
      sandbox.release("tracking")
      expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200])
      // The third call of the fault is held back again, until the next release.
      const third = call("tracking")
      await waitFor(() => sandbox.calls().length === 3, "the third call to be logged")
      expect(sandbox.calls()[2]).toMatchObject({ status: null, fault: "latency" })
      sandbox.release("tracking")
      expect((await third).status).toBe(200)
    })

    it("is configured for every answer of both services with latencyMs", async () => {
      sandbox.configure({ latencyMs: 300 })
      const pending = call("tracking")
      await waitFor(() => sandbox.calls().length === 1, "the call to be logged")
      expect(sandbox.calls()[0]).toMatchObject({ status: null, fault: null })
      expect((await pending).status).toBe(200)
    })
  })

  it("reset destroys the socket without an answer", async () => {
    sandbox.setFault("freight", { mode: "reset", times: 1 })
    const outcome = await rawPost(`${sandbox.url}/v2/consulta?token=${FREIGHT_TOKEN}`, freightQuery()).done
    expect(outcome).toEqual({ error: expect.objectContaining({ code: "ECONNRESET" }) })
    expect(sandbox.calls()[0]).toMatchObject({ status: null, response: null, fault: "reset" })
    expect((await call("freight")).status).toBe(200)
  })

  it("leaves the control API alone", async () => {
    sandbox.configure({ latencyMs: 60_000 })
    sandbox.setFault("freight", { mode: "hang" })
    sandbox.setFault("tracking", { mode: "reset" })
    const response = await fetch(`${sandbox.url}/__sandbox/stats`)
    expect(response.status).toBe(200)
  })
})

describe("the hang fault", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await createSandbox()
  })

  afterEach(async () => {
    await sandbox.close()
  })

  it("never answers, until close() ends the request", async () => {
    sandbox.setFault("tracking", { mode: "hang", times: 1 })
    const hung = rawPost(`${sandbox.url}/v1/tracking`, trackingOrder())
    await waitFor(() => sandbox.calls().length === 1, "the hung call to be logged")
    expect((await postTracking(sandbox, trackingOrder())).status).toBe(200)
    expect(sandbox.calls()[0]).toMatchObject({ status: null, durationMs: null, fault: "hang" })
    await sandbox.close()
    expect(await hung.done).toEqual({ error: expect.objectContaining({ code: "ECONNRESET" }) })
  })

  it("lets a client give up", async () => {
    sandbox.setFault("freight", { mode: "hang" })
    const hung = rawPost(`${sandbox.url}/v2/consulta?token=${FREIGHT_TOKEN}`, freightQuery())
    await waitFor(() => sandbox.calls().length === 1, "the hung call to be logged")
    hung.abort()
    expect(await hung.done).toEqual({ error: expect.objectContaining({ code: "ECONNRESET" }) })
    await waitFor(() => sandbox.stats().openSockets === 0, "the socket to close")
  })
})
