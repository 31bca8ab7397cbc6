import { SandboxControl } from "../control-client"
import { createSandbox } from "../server"
import type { Sandbox } from "../types"
import { freightQuery, postFreight, postTracking, rawPost, trackingOrder, waitFor } from "./helpers"
import { rememberSecret } from "../../test-support/log-guard"

describe("the control API through SandboxControl", () => {
  let sandbox: Sandbox
  let control: SandboxControl

  beforeAll(async () => {
    sandbox = await createSandbox()
    control = new SandboxControl(`${sandbox.url}/`)
  })

  beforeEach(async () => {
    await control.reset()
  })

  afterAll(async () => {
    await sandbox.close()
  })

  it("lists the calls, filtered by service, and clears them", async () => {
    await postFreight(sandbox, freightQuery())
    await postTracking(sandbox, trackingOrder())
    expect((await control.calls()).map((call) => call.service)).toEqual(["freight", "tracking"])
    const [tracking] = await control.calls({ service: "tracking" })
    expect(tracking).toMatchObject({
      seq: 2,
      method: "POST",
      path: "/v1/tracking",
      status: 200,
      authorized: true,
      fault: null,
    })
    expect(tracking.body).toEqual(trackingOrder())
    await control.clearCalls()
    expect(await control.calls()).toEqual([])
  })

  it("sets and clears a fault", async () => {
    await control.setFault("freight", { mode: "status", status: 500 })
    expect((await postFreight(sandbox, freightQuery())).status).toBe(500)
    await control.setFault("freight", null)
    expect((await postFreight(sandbox, freightQuery())).status).toBe(200)
  })

  it("releases the calls a latency fault holds back", async () => {
    await control.setFault("freight", { mode: "latency", ms: 600_000, times: 1 })
    const held = postFreight(sandbox, freightQuery())
    await waitFor(() => sandbox.calls().length === 1, "the call to be logged")
    await control.release("freight")
    expect((await held).status).toBe(200)
  })

  it("rejects an invalid fault or config with the sandbox's message", async () => {
    await expect(control.setFault("tracking", { mode: "empty-quotes" })).rejects.toThrow(/400.*freight service only/)
    await expect(control.configure({ latencyMs: -1 })).rejects.toThrow(/400.*Invalid sandbox config/)
  })

  it("configures the token, the limit and the auction", async () => {
    await control.configure({ freightToken: "another-token", queryLimit: 1, auction: true })
    expect((await postFreight(sandbox, freightQuery())).status).toBe(401)
    const quote = await postFreight(sandbox, freightQuery(), "token=another-token")
    expect((quote.json as { cotacoes: unknown[] }).cotacoes).toHaveLength(5)
    expect((await postFreight(sandbox, freightQuery(), "token=another-token")).status).toBe(429)
    expect(await control.stats()).toMatchObject({ queriesAnswered: 1 })
  })

  it("lists the tracking orders", async () => {
    const created = await postTracking(sandbox, trackingOrder())
    const orders = await control.trackingOrders()
    expect(orders).toEqual([
      { id: (created.json as { Id: string }).Id, receivedAt: expect.any(String), order: trackingOrder() },
    ])
  })

  it("resets calls, faults, quota, orders and config to what createSandbox got", async () => {
    await control.configure({ queryLimit: 1, trackingCredential: "changed" })
    await control.setFault("tracking", { mode: "wrong-shape" })
    await postFreight(sandbox, freightQuery())
    await control.setFault("tracking", null)
    await postTracking(sandbox, trackingOrder(), "Basic changed")
    await control.setFault("tracking", { mode: "wrong-shape" })
    await control.reset()
    expect(await control.calls()).toEqual([])
    expect(await control.trackingOrders()).toEqual([])
    expect((await control.stats()).queriesAnswered).toBe(0)
    expect((await postTracking(sandbox, trackingOrder())).json).toMatchObject({ Success: true })
    expect((await control.calls())[0].seq).toBe(1)
  })

  it("answers 404 to an unknown control route and 405 to a wrong method", async () => {
    expect((await fetch(`${sandbox.url}/__sandbox/nothing`)).status).toBe(404)
    expect((await fetch(`${sandbox.url}/__sandbox/stats`, { method: "POST" })).status).toBe(405)
    expect((await fetch(`${sandbox.url}/__sandbox/calls?service=mail`)).status).toBe(400)
    expect((await fetch(`${sandbox.url}/__sandbox/faults/freight`, { method: "PUT", body: "{" })).status).toBe(400)
  })
})

describe("secrets", () => {
  const TOKEN = "tok-3f9a1c7e-secret"
  const CREDENTIAL = "Y3JlZGVudGlhbDpzZWNyZXQ="
  rememberSecret(TOKEN, CREDENTIAL)
  let sandbox: Sandbox

  beforeAll(async () => {
    sandbox = await createSandbox({ freightToken: TOKEN, trackingCredential: CREDENTIAL })
  })

  afterAll(async () => {
    await sandbox.close()
  })

  it("never reach the call log, even when a client puts them in a body", async () => {
    await postFreight(sandbox, freightQuery(), `token=${TOKEN}`)
    await postFreight(sandbox, freightQuery(), `token=${TOKEN}x`)
    await postFreight(sandbox, { ...freightQuery(), [TOKEN]: `token=${TOKEN}` }, `token=${TOKEN}`)
    await postTracking(sandbox, trackingOrder(), `Basic ${CREDENTIAL}`)
    await postTracking(sandbox, trackingOrder({ Description: `credential ${CREDENTIAL}` }), `Basic ${CREDENTIAL}`)
    sandbox.setFault("freight", { mode: "reset", times: 1 })
    await rawPost(`${sandbox.url}/v2/consulta?token=${TOKEN}`, freightQuery()).done

    const logged = [JSON.stringify(sandbox.calls()), await (await fetch(`${sandbox.url}/__sandbox/calls`)).text()]
    for (const text of logged) {
      expect(text).not.toContain(TOKEN)
      expect(text).not.toContain(CREDENTIAL)
    }
    expect(sandbox.calls()).toHaveLength(6)
    expect(sandbox.calls()[4].body).toMatchObject({ Description: "credential [REDACTED]" })
  })
})

describe("socket stats", () => {
  let sandbox: Sandbox

  beforeEach(async () => {
    sandbox = await createSandbox()
  })

  afterEach(async () => {
    await sandbox.close()
  })

  it("counts the sockets open now and the most open at once since reset", async () => {
    sandbox.setFault("freight", { mode: "hang" })
    const hung = [1, 2, 3].map(() => rawPost(`${sandbox.url}/v2/consulta?token=x`, freightQuery()))
    await waitFor(() => sandbox.calls().length === 3, "three hung calls")
    expect(sandbox.stats()).toMatchObject({ openSockets: 3, maxOpenSockets: 3 })

    hung.forEach((request) => request.abort())
    await Promise.all(hung.map((request) => request.done))
    await waitFor(() => sandbox.stats().openSockets === 0, "the sockets to close")
    expect(sandbox.stats().maxOpenSockets).toBe(3)
    sandbox.reset()
    expect(sandbox.stats()).toEqual({ openSockets: 0, maxOpenSockets: 0, queriesAnswered: 0 })
  })
})
