import { createSandbox } from "../server"
import type { Sandbox } from "../types"
import { postTracking, TRACKING_CREDENTIAL, trackingOrder } from "./helpers"

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe("POST /v1/tracking", () => {
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

  async function rejectionMessage(body: unknown): Promise<string> {
    const result = await postTracking(sandbox, body)
    expect(result.status).toBe(400)
    const answer = result.json as { Success: boolean; Message: string }
    expect(answer.Success).toBe(false)
    expect(sandbox.trackingOrders()).toEqual([])
    return answer.Message
  }

  it("creates and stores an order, answering its Id", async () => {
    const order = trackingOrder()
    const result = await postTracking(sandbox, order)
    const answer = result.json as { Id: string; Success: boolean; Message: string }
    expect(result.status).toBe(200)
    expect(answer).toEqual({ Id: expect.stringMatching(UUID), Success: true, Message: "Pedido de rastreamento criado" })
    expect(sandbox.trackingOrders()).toEqual([{ id: answer.Id, receivedAt: expect.any(String), order }])
  })

  it("needs only OrderNumber, Code and CustomerName, and takes null as absent", async () => {
    const minimal = { OrderNumber: "1", Code: "QB1", CustomerName: "Ana", CustomerEmail: null }
    expect((await postTracking(sandbox, minimal)).status).toBe(200)
  })

  describe("authentication", () => {
    it.each([
      ["no header", null],
      ["a wrong credential", "Basic wrong"],
      ["another scheme", `Bearer ${TRACKING_CREDENTIAL}`],
      ["an extra space", `Basic  ${TRACKING_CREDENTIAL}`],
    ])("answers 401 to %s", async (_, authorization) => {
      const result = await postTracking(sandbox, trackingOrder(), authorization)
      expect(result.status).toBe(401)
      expect(result.json).toEqual({ Success: false, Message: "Credenciais inválidas" })
      expect(sandbox.trackingOrders()).toEqual([])
    })

    it("reads the scheme case-insensitively", async () => {
      expect((await postTracking(sandbox, trackingOrder(), `basic ${TRACKING_CREDENTIAL}`)).status).toBe(200)
    })

    it("answers the GET probe 401 without a good credential and 405 with one", async () => {
      expect((await postTracking(sandbox, undefined, null, "GET")).status).toBe(401)
      expect((await postTracking(sandbox, undefined, "Basic wrong", "GET")).status).toBe(401)
      const probe = await postTracking(sandbox, undefined, `Basic ${TRACKING_CREDENTIAL}`, "GET")
      expect(probe.status).toBe(405)
      expect(sandbox.trackingOrders()).toEqual([])
    })
  })

  describe("400 answers naming the field", () => {
    it.each([
      ["not JSON", '{"OrderNumber":'],
      ["an array", "[]"],
    ])("rejects a body that is %s", async (_, body) => {
      expect(await rejectionMessage(body)).toMatch(/corpo da requisição/)
    })

    it("rejects an unknown field", async () => {
      expect(await rejectionMessage(trackingOrder({ Foo: "bar" }))).toBe("Campo desconhecido: Foo")
    })

    it("treats names as case-sensitive and points at the right spelling", async () => {
      const order = trackingOrder({ customerName: "Maria" })
      delete order.CustomerName
      expect(await rejectionMessage(order)).toContain("você quis dizer CustomerName?")
    })

    it.each([["OrderNumber"], ["Code"], ["CustomerName"]])("requires %s", async (field) => {
      const order = trackingOrder()
      delete order[field]
      expect(await rejectionMessage(order)).toBe(`O campo ${field} é obrigatório`)
      expect(await rejectionMessage(trackingOrder({ [field]: "  " }))).toBe(`O campo ${field} é obrigatório`)
    })

    it.each([
      ["OrderNumber", 1042],
      ["OrderSalesValue", "189.90"],
      ["FreightCost", true],
      ["SendSms", "yes"],
      ["AutomaticDateDelivered", 1],
      ["CustomerCity", ["São Paulo"]],
    ])("rejects %s of the wrong type (%p)", async (field, value) => {
      expect(await rejectionMessage(trackingOrder({ [field]: value }))).toContain(`O campo ${field} deve ser`)
    })

    it.each([
      ["DatePosted", "20/11/2026"],
      ["DatePosted", "2026-02-30"],
      ["DateToDelivery", "2026-11-20T25:00"],
      ["DateToDelivery", "2026-11-20T14"],
      ["CustomerDateOfBirth", "1990-13-01"],
    ])("rejects the date %s %p", async (field, value) => {
      expect(await rejectionMessage(trackingOrder({ [field]: value }))).toContain(`O campo ${field} deve ser uma data`)
    })

    it.each([
      ["CompanyDocumentNumber", "12.345.678/0001-95"],
      ["CustomerDocumentNumber", "123"],
      ["CustomerPostalCode", "01310-100"],
      ["CompanyPostalCode", "1310100"],
      ["CustomerPhone", "987654321"],
      ["CustomerPhone", "(11) 98765-4321"],
      ["CustomerEmail", "maria@"],
      ["CustomerEmail", ""],
    ])("rejects %s %p by its format", async (field, value) => {
      expect(await rejectionMessage(trackingOrder({ [field]: value }))).toContain(`O campo ${field} deve ser um`)
    })
  })

  it.each([
    ["DatePosted", "2026-11-20"],
    ["DatePosted", "2026-11-20T14:30"],
    ["DatePosted", "2026-11-20 14:30:00"],
    ["DateToDelivery", "2026-11-20T14:30:00-03:00"],
    ["DateToDelivery", "2026-11-20T14:30:00.123Z"],
    ["CustomerPhone", "1133334444"],
    ["SendEmail", "false"],
    ["SendSms", true],
  ])("accepts %s %p", async (field, value) => {
    expect((await postTracking(sandbox, trackingOrder({ [field]: value }))).status).toBe(200)
  })
})
