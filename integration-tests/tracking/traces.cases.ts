// Each freight quote and tracking call is a span under the active trace, through @opentelemetry/api: here a
// tracer provider with an in-memory exporter is registered, as a store's `instrumentation.ts` registers one.
// The spans carry what an operator filters by (cache tier, guard, status, attempt, fallback), and nothing
// personal or secret.
import { context, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from "@opentelemetry/sdk-trace-base"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import { createTrackingStore, TRACKING_CREDENTIAL, trackingActions, type TrackingStore } from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CPF = "52998224725"
const CARRIER_GUID = "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b"
/** What must reach no span: the shopper's data as the order holds it, the services' secrets. */
const NEVER = [CPF, "529.982.247-25", "maria@example.com.br", "Maria", "Silva", "21987654321", "Rio Branco", TRACKING_CREDENTIAL, "sandbox-freight-token"]

export const tracesCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let tracking: TrackingStore
  const exporter = new InMemorySpanExporter()
  const named = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name)
  const attributesOf = (spans: ReadableSpan[]) => spans.map((span) => span.attributes)

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }))
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
  })

  afterAll(() => {
    trace.disable()
    context.disable()
  })

  beforeEach(() => exporter.reset())

  const { ship, settled } = trackingActions(api, () => tracking)
  const quote = (cep: string) => api.post("/store/frete/quotes", { postal_code: cep, items: [{ variant_id: tracking.mug, quantity: 1 }] }, tracking.store.store)

  it("a cold quote is one freight span with the API's status and the guard's admission; a warm one, a span saying the cache answered", async () => {
    await quote("30130-010")
    expect(attributesOf(named("frete.freight.quote"))).toEqual([
      expect.objectContaining({
        "frete.channel": "page",
        "frete.cache.tier": "upstream",
        "frete.guard": "admitted",
        "frete.attempt": 1,
        "http.response.status_code": 200,
        "frete.fallback": false,
        "frete.outcome": "api",
        "frete.upstream_ms": expect.any(Number),
      }),
    ])
    exporter.reset()
    await quote("30130-010")
    const warm = attributesOf(named("frete.freight.quote"))
    expect(warm).toEqual([expect.objectContaining({ "frete.cache.tier": "cache", "frete.fallback": false })])
    expect(warm[0]).not.toHaveProperty("frete.outcome")
    expect(warm[0]).not.toHaveProperty("frete.guard")
  })

  it("a 5xx retried is attempt 2; a quote the API cannot answer is priced by the table, said by the span", async () => {
    sandbox().setFault("freight", { mode: "status", status: 502, times: 1 })
    await quote("40010-000")
    expect(attributesOf(named("frete.freight.quote"))).toEqual([expect.objectContaining({ "frete.attempt": 2, "http.response.status_code": 200, "frete.outcome": "api" })])

    await api.post("/admin/frete/settings", { fallback: [{ service: "correios-pac", name: "PAC", carrier: "correios", bands: [{ max_weight_kg: 30, price: 39.9, days: 9 }] }] }, tracking.store.admin)
    exporter.reset()
    sandbox().setFault("freight", { mode: "status", status: 503, times: 2 })
    await quote("50010-000")
    const [span] = named("frete.freight.quote")
    expect(span.attributes).toMatchObject({ "frete.cache.tier": "fallback", "frete.fallback": true, "frete.outcome": "table", "http.response.status_code": 503, "frete.attempt": 2 })
  })

  it("a shipment's tracking call is a span, and no span carries the shopper's data or a secret", async () => {
    const { order } = await ship(CPF)
    await deliverTrackingOrdersJob(getContainer())
    expect((await settled(order.id))[0].status).toBe("created")
    const calls = named("frete.tracking.create")
    expect(calls.length).toBeGreaterThanOrEqual(1)
    expect(calls.every((span) => span.status.code !== 2)).toBe(true)
    // Every span the plugin made here: checkout's quotes of the order, and the tracking call.
    const all = JSON.stringify(exporter.getFinishedSpans().map((span) => ({ name: span.name, attributes: span.attributes, status: span.status, events: span.events })))
    expect(named("frete.freight.quote").length).toBeGreaterThan(0)
    for (const value of NEVER) expect(all).not.toContain(value)
  })
}
