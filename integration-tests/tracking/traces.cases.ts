// Each freight quote and tracking call is a span under the active trace, through @opentelemetry/api: here a
// tracer provider with an in-memory exporter is registered, as a store's `instrumentation.ts` registers one, and
// undici's instrumentation as docs/deploying.md's snippet gives it. The spans carry what an operator filters by
// (cache tier, guard, status, attempt, fallback), and nothing personal or secret.
import { context, SpanKind, trace } from "@opentelemetry/api"
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks"
import { UndiciInstrumentation } from "@opentelemetry/instrumentation-undici"
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from "@opentelemetry/sdk-trace-base"
import { request } from "undici"
import deliverTrackingOrdersJob from "../../src/jobs/deliver-tracking-orders"
import {
  createTrackingStore,
  TRACKING_CREDENTIAL,
  trackingActions,
  type TrackingStore,
} from "../helpers/tracking-store"
import type { FreteCases } from "../helpers/frete-runner"

const CPF = "52998224725"
const CARRIER_GUID = "1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b"
/** What must reach no span: the shopper's data as the order holds it, the services' secrets. */
const NEVER = [
  CPF,
  "529.982.247-25",
  "maria@example.com.br",
  "Maria",
  "Silva",
  "21987654321",
  "Rio Branco",
  TRACKING_CREDENTIAL,
  "sandbox-freight-token",
]

export const tracesCases: FreteCases = ({ api, getContainer, sandbox }) => {
  let tracking: TrackingStore
  let undiciInstrumentation: UndiciInstrumentation
  const exporter = new InMemorySpanExporter()
  const named = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name)
  const attributesOf = (spans: ReadableSpan[]) => spans.map((span) => span.attributes)

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable())
    trace.setGlobalTracerProvider(new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }))
    // As the docs' snippet has it: no option, nothing the plugin asks of the store.
    undiciInstrumentation = new UndiciInstrumentation()
    tracking = await createTrackingStore(api, getContainer(), CARRIER_GUID)
  })

  afterAll(() => {
    undiciInstrumentation.disable()
    trace.disable()
    context.disable()
  })

  beforeEach(() => exporter.reset())

  const { ship, settled } = trackingActions(api, () => tracking)
  const quote = (cep: string) =>
    api.post(
      "/store/frete/quotes",
      { postal_code: cep, items: [{ variant_id: tracking.mug, quantity: 1 }] },
      tracking.store.store
    )

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
    expect(attributesOf(named("frete.freight.quote"))).toEqual([
      expect.objectContaining({ "frete.attempt": 2, "http.response.status_code": 200, "frete.outcome": "api" }),
    ])

    await api.post(
      "/admin/frete/settings",
      {
        fallback: [
          {
            service: "correios-pac",
            name: "PAC",
            carrier: "correios",
            bands: [{ max_weight_kg: 30, price: 39.9, days: 9 }],
          },
        ],
      },
      tracking.store.admin
    )
    exporter.reset()
    sandbox().setFault("freight", { mode: "status", status: 503, times: 2 })
    await quote("50010-000")
    const [span] = named("frete.freight.quote")
    expect(span.attributes).toMatchObject({
      "frete.cache.tier": "fallback",
      "frete.fallback": true,
      "frete.outcome": "table",
      "http.response.status_code": 503,
      "frete.attempt": 2,
    })
  })

  it("a quote priced from the learned prices says so: tier and outcome learned, an estimate", async () => {
    const quoteOf = (cep: string, quantity: number) =>
      api.post(
        "/store/frete/quotes",
        { postal_code: cep, items: [{ variant_id: tracking.mug, quantity }] },
        tracking.store.store
      )
    for (const quantity of [1, 2, 3, 4, 5]) await quoteOf(`80020-00${quantity}`, quantity)
    // Reading the figures writes what this instance learned.
    await api.get("/admin/frete/stats?range=24h", tracking.store.admin)
    exporter.reset()
    sandbox().setFault("freight", { mode: "status", status: 503 })
    try {
      expect((await quoteOf("80020-900", 3)).status).toBe(200)
    } finally {
      sandbox().setFault("freight", null)
    }
    const [span] = named("frete.freight.quote")
    expect(span.attributes).toMatchObject({
      "frete.cache.tier": "learned",
      "frete.fallback": true,
      "frete.outcome": "learned",
    })
  })

  it("a shipment's tracking call is a span, and no span carries the shopper's data or a secret", async () => {
    const { order } = await ship(CPF)
    await deliverTrackingOrdersJob(getContainer())
    expect((await settled(order.id))[0].status).toBe("created")
    const calls = named("frete.tracking.create")
    expect(calls.length).toBeGreaterThanOrEqual(1)
    expect(calls.every((span) => span.status.code !== 2)).toBe(true)
    // Every span the plugin made here: checkout's quotes of the order, and the tracking call.
    const all = JSON.stringify(
      exporter
        .getFinishedSpans()
        .map((span) => ({ name: span.name, attributes: span.attributes, status: span.status, events: span.events }))
    )
    expect(named("frete.freight.quote").length).toBeGreaterThan(0)
    // By their place in NEVER: a failure must not print the values it found.
    expect(NEVER.flatMap((value, index) => (all.includes(value) ? [index] : []))).toEqual([])
  })

  it("with undici's instrumentation as the docs register it, no span holds the token or the credential", async () => {
    const origin = new URL(sandbox().url).origin
    const fromUndici = (span: ReadableSpan) => span.instrumentationScope.name.endsWith("instrumentation-undici")
    // The instrumentation records what the plugin does not send: a URL with its query string whole.
    const { body } = await request(`${origin}/nada?senha=visivel`)
    await body.dump()
    const other = exporter.getFinishedSpans().filter(fromUndici)
    expect(other.map((span) => span.attributes["url.full"])).toEqual([`${origin}/nada?senha=visivel`])
    exporter.reset()

    // A product page's quote whose first attempt gets a 502, then an order placed, shipped and tracked.
    sandbox().setFault("freight", { mode: "status", status: 502, times: 1 })
    await quote("30130-010")
    const { order } = await ship(CPF)
    await deliverTrackingOrdersJob(getContainer())
    expect((await settled(order.id))[0].status).toBe("created")

    const spans = exporter.getFinishedSpans()
    // Named by their path only: a failure must not print what it found.
    const pathOf = (span: ReadableSpan) => new URL(String(span.attributes["url.full"])).pathname
    expect(spans.filter(fromUndici).map((span) => `${span.name} ${pathOf(span)}`)).toEqual([])
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span.name]))
    const parentOf = (span: ReadableSpan) => byId.get(span.parentSpanContext?.spanId ?? "")
    const freightCalls = named("POST /v2/consulta")
    expect(freightCalls.length).toBeGreaterThanOrEqual(3)
    expect(new Set(freightCalls.map((span) => span.kind))).toEqual(new Set([SpanKind.CLIENT]))
    const urls = new Set(freightCalls.map((span) => span.attributes["url.full"]))
    expect(urls).toEqual(new Set([`${origin}/v2/consulta?token=[REDACTED]`]))
    expect(new Set(freightCalls.map(parentOf))).toEqual(new Set(["frete.freight.quote"]))
    expect(freightCalls.slice(0, 2).map((span) => span.attributes["http.response.status_code"])).toEqual([502, 200])
    const described = (span: ReadableSpan) => ({ kind: span.kind, parent: parentOf(span), ...span.attributes })
    const trackingCalls = named("POST /v1/tracking").map(described)
    expect(trackingCalls).toEqual([
      expect.objectContaining({
        kind: SpanKind.CLIENT,
        parent: "frete.tracking.create",
        "url.full": `${origin}/v1/tracking`,
        "http.response.status_code": 200,
      }),
    ])

    const exported = JSON.stringify(spans.map((span) => [span.name, span.attributes, span.events, span.status]))
    const password = Buffer.from(TRACKING_CREDENTIAL, "base64").toString("utf8").split(":")[1]
    const secrets = { token: process.env.FRETE_FREIGHT_TOKEN ?? "", credential: TRACKING_CREDENTIAL, password }
    for (const [secret, value] of Object.entries(secrets)) {
      expect({ secret, known: value.length > 5 }).toEqual({ secret, known: true })
      const forms = [value, encodeURIComponent(value)]
      expect({ secret, inAnySpan: forms.some((form) => exported.includes(form)) }).toEqual({ secret, inAnySpan: false })
    }
    expect(exported.match(/token=[^[]/g)).toBeNull()
  })
}
