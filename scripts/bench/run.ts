// `npm run bench`: the plugin's performance figures, measured in one run on a real Medusa server
// (the plugin packed and installed into a store, `medusa build` then `medusa start`, over Postgres,
// on Medusa's Redis modules; a second server for figure 8) with the services' sandbox over HTTP. Figures are medians and
// ratios of things measured side by side here, never times compared across runs. `--json` prints
// one JSON object instead of the table. It asserts nothing.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { createSandbox, type Sandbox } from "../../sandbox/server"
import { ROOT, startMedusaServer, type MedusaServer } from "../demo/medusa-server"
import { freePort } from "../demo/processes"
import { table, writeProgressTo, step } from "../demo/progress"
import { seedDemoStore, type DemoStore } from "../demo/seed"
import { DEMO_SHOPPER } from "../demo/storefront-play"
import { measureStorefrontKit } from "../lib/storefront-size"
import { completeCart, createCart, eventually, STORE_OPTION_RULES } from "../lib/store-api"
import { startRedis, type TestRedis } from "../../test-support/redis"
import { buildBenchStore } from "./built-store"
import { distinctCeps, groupRssMiB, median, percentile, round, timed } from "./measure"
import { warmDeliveryStep } from "./warm-delivery-step"

const JSON_OUTPUT = process.argv.includes("--json")
/** `--only=warm-delivery`, `--only=burst` or `--only=load-ratio`: figure 9, 10 or 5's ratio alone (the store is still built and seeded). */
const ONLY = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length)
const LOGS = path.join(ROOT, ".cache", "bench-logs")
const WARM_SAMPLES = 100
const COLD_SAMPLES = 20
const COLD_LATENCY_MS = 200
const LOAD = 200
const LOAD_LATENCY_MS = 100
const TRACKING_SAMPLES = 5
/** The bench server's quote cache bound (`freight.cache.maxEntries`): small, so that figure 5 fills it. */
const BENCH_CACHE_ENTRIES = 1000
/** Figure 5's memory under a heap cap: the heap limit, and rounds enough to fill the cache twice. */
const CAPPED_HEAP_MIB = 256
const CAPPED_ROUNDS = 12

type Context = { server: MedusaServer; sandbox: Sandbox; store: DemoStore; baselineOption: string }

/** Where each request of a checkout goes: one server, or each in turn, as a load balancer would. */
type Servers = MedusaServer[]

const calculate = (c: Context, optionId: string, cartId: string) =>
  c.server.api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, c.store.store)

const moveCart = (c: Context, cartId: string, cep: string) =>
  c.server.api.post(`/store/carts/${cartId}`, { shipping_address: { ...DEMO_SHOPPER, postal_code: cep } }, c.store.store)

/**
 * 1 and 8. The storefront flow with three calculated options, three updates that keep the query,
 * one that changes it (to `movedTo`). With several servers, the requests go to each in turn.
 */
async function freightCallsPerCheckout(c: Context, cep: string, movedTo: string, servers: Servers = [c.server]): Promise<number> {
  c.sandbox.clearCalls()
  let turn = 0
  const next = () => ({ ...c, server: servers[turn++ % servers.length] })
  const cartId = await createCart(next().server.api, c.store, [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }], { ...DEMO_SHOPPER, postal_code: cep })
  const options = [c.store.optionIds.cheapest, c.store.optionIds.fastest, c.store.optionIds["correios-sedex"]]
  await next().server.api.get("/store/shipping-options", { ...c.store.store, params: { cart_id: cartId } })
  await Promise.all(options.map((option) => calculate(next(), option, cartId)))
  await next().server.api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: c.store.optionIds.cheapest }, c.store.store)
  for (const update of [{ email: "ana@example.com.br" }, { metadata: { origem: "bench" } }, { email: "ana.souza@example.com.br" }]) {
    await next().server.api.post(`/store/carts/${cartId}`, update, c.store.store)
  }
  await moveCart(next(), cartId, movedTo)
  return c.sandbox.calls({ service: "freight" }).length
}

/**
 * 2. A warm calculate of this provider against the same route on a provider that answers a
 * constant at once (the manual provider refuses that route), alternated request by request.
 */
async function warmOverhead(c: Context) {
  const cartId = await createCart(c.server.api, c.store, [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }], DEMO_SHOPPER)
  await calculate(c, c.store.optionIds.cheapest, cartId)
  const frete: number[] = []
  const baseline: number[] = []
  await calculate(c, c.baselineOption, cartId)
  for (let sample = 0; sample < WARM_SAMPLES; sample += 1) {
    frete.push((await timed(() => calculate(c, c.store.optionIds.cheapest, cartId))).ms)
    baseline.push((await timed(() => calculate(c, c.baselineOption, cartId))).ms)
  }
  return {
    frete_median_ms: round(median(frete)),
    frete_p95_ms: round(percentile(frete, 95)),
    baseline_median_ms: round(median(baseline)),
    baseline_p95_ms: round(percentile(baseline, 95)),
    median_ratio: round(median(frete) / median(baseline), 2),
    p95_ratio: round(percentile(frete, 95) / percentile(baseline, 95), 2),
  }
}

/** 3. Cold quotes, the sandbox answering after COLD_LATENCY_MS: what the plugin adds to that wait. */
async function coldOverhead(c: Context) {
  c.sandbox.configure({ latencyMs: COLD_LATENCY_MS })
  const cartId = await createCart(c.server.api, c.store, [{ variant_id: c.store.variantIds["luminaria-mesa"], quantity: 1 }], DEMO_SHOPPER)
  const times: number[] = []
  for (const cep of distinctCeps(COLD_SAMPLES, 1000)) {
    await moveCart(c, cartId, cep)
    times.push((await timed(() => calculate(c, c.store.optionIds.cheapest, cartId))).ms)
  }
  // The plugin's part, measured by the plugin itself: the store quote route's Server-Timing gives
  // its own time outside the freight API's call (`frete`) and that call (`freight`).
  const own: number[] = []
  const upstream: number[] = []
  const lookup: number[] = []
  const bound: number[] = []
  for (const cep of distinctCeps(COLD_SAMPLES, 5000)) {
    const answer = await c.server.api.post("/store/frete/quotes", { postal_code: cep, items: [{ variant_id: c.store.variantIds["luminaria-mesa"], quantity: 1 }] }, c.store.store)
    const header = String(answer.headers["server-timing"] ?? "")
    const part = (name: string) => Number(new RegExp(`${name};desc="[^"]+";dur=([0-9.]+)`).exec(header)?.[1])
    own.push(part("frete"))
    upstream.push(part("freight"))
    lookup.push(part("lookup"))
    bound.push(Number(/guard;desc="[^"]+";dur=([0-9.]+)/.exec(header)?.[1] ?? 0))
  }
  c.sandbox.configure({ latencyMs: 0 })
  return {
    latency_ms: COLD_LATENCY_MS,
    median_ms: round(median(times)),
    overhead_ms: round(median(times) - COLD_LATENCY_MS),
    plugin_part_median_ms: round(median(own)),
    plugin_part_p95_ms: round(percentile(own, 95)),
    freight_call_median_ms: round(median(upstream)),
    medusa_lookup_median_ms: round(median(lookup)),
    quote_bound_median_ms: round(median(bound)),
  }
}

/** The circuit breaker's default: failed calls in a row that open it. */
const FAILURES_TO_OPEN = 5
const HANG_SAMPLES_OPEN = 3

/**
 * 4. A service that never answers: checkout gets the fallback table at the freight timeout; after
 * FAILURES_TO_OPEN of those the circuit opens, and checkout answers from the fallback at once.
 */
async function hangingService(c: Context, timeoutMs: number) {
  c.sandbox.setFault("freight", { mode: "hang" })
  const cartId = await createCart(c.server.api, c.store, [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }], DEMO_SHOPPER)
  const times: number[] = []
  let fallbackAnswers = 0
  const calls: number[] = []
  for (const cep of distinctCeps(FAILURES_TO_OPEN + HANG_SAMPLES_OPEN, 2000)) {
    await moveCart(c, cartId, cep)
    const { ms, result } = await timed(() => calculate(c, c.store.optionIds.cheapest, cartId))
    times.push(ms)
    calls.push(c.sandbox.calls({ service: "freight" }).length)
    fallbackAnswers += result.status === 200 ? 1 : 0
  }
  c.sandbox.setFault("freight", null)
  // The next step needs the circuit closed: wait out the open circuit, then one trial call closes it.
  const { data: status } = await c.server.api.get("/admin/frete/status", c.server.admin)
  const retryAt = status.freight.circuit.retry_at as string | null
  if (retryAt) await new Promise((resolve) => setTimeout(resolve, Math.max(0, Date.parse(retryAt) - Date.now()) + 50))
  await moveCart(c, cartId, distinctCeps(1, 2900)[0])
  await calculate(c, c.store.optionIds.cheapest, cartId)
  const waiting = times.slice(0, FAILURES_TO_OPEN)
  const open = times.slice(FAILURES_TO_OPEN)
  return {
    timeout_ms: timeoutMs,
    median_ms: round(median(waiting)),
    // The whole route: the freight deadline runs from the request's arrival, Medusa's own time included.
    over_timeout_ms: round(median(waiting) - timeoutMs),
    max_over_timeout_ms: round(Math.max(...waiting) - timeoutMs),
    open_circuit_median_ms: round(median(open)),
    calls_while_open: calls[calls.length - 1] - calls[FAILURES_TO_OPEN - 1],
    answered: fallbackAnswers,
    samples: times.length,
  }
}

/** 5. LOAD concurrent product-page quotes for distinct CEPs, twice, the sandbox at LOAD_LATENCY_MS. */
async function load(c: Context, roundCount = Math.ceil((BENCH_CACHE_ENTRIES * 1.2) / LOAD), firstCep = 3000) {
  c.sandbox.configure({ latencyMs: LOAD_LATENCY_MS })
  c.sandbox.reset()
  c.sandbox.configure({ latencyMs: LOAD_LATENCY_MS })
  const memoryBefore = groupRssMiB(c.server.pid)
  const rounds: Array<{ quotes_per_second: number; errors: number; fallbacks: number; memory_after_mib: number }> = []
  // Rounds of LOAD distinct queries; by default until the cache has been filled past its bound.
  for (let round_ = 0; round_ < roundCount; round_ += 1) {
    const ceps = distinctCeps(LOAD, firstCep + round_ * LOAD)
    const { ms, result } = await timed(() =>
      Promise.all(
        ceps.map((cep) =>
          c.server.api
            .post("/store/frete/quotes", { postal_code: cep, items: [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }] }, c.store.store)
            .then((answer) => ({ ok: answer.status === 200, fallback: answer.data.quotes.some((quote: { is_fallback: boolean }) => quote.is_fallback) }))
            .catch(() => ({ ok: false, fallback: false }))
        )
      )
    )
    rounds.push({
      quotes_per_second: round(LOAD / (ms / 1000)),
      errors: result.filter((answer) => !answer.ok).length,
      fallbacks: result.filter((answer) => answer.fallback).length,
      memory_after_mib: round(groupRssMiB(c.server.pid)),
    })
  }
  const maxSockets = c.sandbox.stats().maxOpenSockets
  c.sandbox.configure({ latencyMs: 0 })
  const settled = await settledRss(c.server.pid)
  const { data } = await c.server.api.get("/admin/frete/status", c.server.admin)
  const cache = data.freight.cache as { entries: number; max_entries: number; evictions: number }
  return {
    concurrent: LOAD,
    sandbox_latency_ms: LOAD_LATENCY_MS,
    rounds,
    max_sockets_to_sandbox: maxSockets,
    pool_bound: 64,
    memory_before_mib: round(memoryBefore),
    memory_settled_mib: settled.mib,
    memory_settle_samples: settled.samples,
    cache_entries: cache.entries,
    cache_max_entries: cache.max_entries,
    cache_evictions: cache.evictions,
  }
}

/**
 * The process group's RSS, sampled every 2 s until three samples in a row lie within 1 % of each
 * other (at most 30 samples): the memory once the work has stopped.
 */
async function settledRss(pid: number): Promise<{ mib: number; samples: number[] }> {
  const samples: number[] = []
  while (samples.length < 30) {
    samples.push(round(groupRssMiB(pid)))
    const last = samples.slice(-3)
    if (last.length === 3 && Math.max(...last) - Math.min(...last) <= Math.max(...last) * 0.01) break
    await new Promise((resolve) => setTimeout(resolve, 2000))
  }
  return { mib: samples[samples.length - 1], samples }
}

/**
 * 5, as a ratio: LOAD concurrent `calculate` calls, each for a cart of its own CEP (the sandbox at
 * LOAD_LATENCY_MS), on this provider and on the constant-price one: quotes per second of this
 * provider ÷ the constant one's, under the same load; and the quota guard's own time in each of
 * this provider's answers, as its `Server-Timing` says it.
 */
async function loadRatio(c: Context) {
  const ceps = distinctCeps(LOAD, 7000)
  const carts: string[] = []
  // The first cart alone: carts made at once for a shopper's e-mail that has no customer yet race to create it.
  for (let start = 0; start < ceps.length; start += start === 0 ? 1 : 20) {
    const batch = ceps.slice(start, start === 0 ? 1 : start + 20)
    carts.push(
      ...(await Promise.all(
        batch.map((cep) => createCart(c.server.api, c.store, [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }], { ...DEMO_SHOPPER, postal_code: cep }))
      ))
    )
  }
  c.sandbox.configure({ latencyMs: LOAD_LATENCY_MS })
  const guardMs: number[] = []
  const burst = async (optionId: string) => {
    const { ms, result } = await timed(() =>
      Promise.all(
        carts.map((cartId) =>
          calculate(c, optionId, cartId).then(
            (answer) => {
              const guard = /guard;desc="[^"]+";dur=([0-9.]+)/.exec(String(answer.headers["server-timing"] ?? ""))
              if (guard) guardMs.push(Number(guard[1]))
              return answer.status === 200
            },
            () => false
          )
        )
      )
    )
    return { per_second: round(carts.length / (ms / 1000)), errors: result.filter((ok) => !ok).length }
  }
  const baseline = await burst(c.baselineOption)
  const frete = await burst(c.store.optionIds.cheapest)
  c.sandbox.configure({ latencyMs: 0 })
  return {
    frete_per_second: frete.per_second,
    baseline_per_second: baseline.per_second,
    ratio: round(frete.per_second / baseline.per_second, 2),
    errors: frete.errors + baseline.errors,
    guard_samples: guardMs.length,
    guard_p50_ms: round(median(guardMs), 2),
    guard_p95_ms: round(percentile(guardMs, 95), 2),
  }
}

const BURST = 30
const BURST_LATENCY_MS = 1300

/**
 * 10. BURST product-page quotes for new CEPs at once, the sandbox answering each after
 * BURST_LATENCY_MS (slow but healthy), at the default deadline and pool: how many the freight API
 * priced (the rest came from the fallback table), and the circuit breaker after them.
 */
async function burstOfNewQuotes(c: Context) {
  const [warmUp, ...ceps] = distinctCeps(BURST + 1, 15_000)
  // A server's first quote route builds its queries once: with --only=burst this step comes first.
  await c.server.api.post("/store/frete/quotes", { postal_code: warmUp, items: [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }] }, c.store.store)
  c.sandbox.configure({ latencyMs: BURST_LATENCY_MS })
  const answers = await Promise.all(
    ceps.map((cep) =>
      c.server.api
        .post("/store/frete/quotes", { postal_code: cep, items: [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }] }, c.store.store)
        .then(
          (answer) => answer.status === 200 && answer.data.quotes.length > 0 && answer.data.quotes.every((quote: { is_fallback: boolean }) => !quote.is_fallback),
          () => false
        )
    )
  )
  c.sandbox.configure({ latencyMs: 0 })
  const { data } = await c.server.api.get("/admin/frete/status", c.server.admin)
  const circuit = data.freight.circuit as { state: string; consecutive_failures: number } | null
  return {
    concurrent: BURST,
    sandbox_latency_ms: BURST_LATENCY_MS,
    priced_by_api: answers.filter(Boolean).length,
    circuit_state: circuit?.state ?? "off",
    consecutive_failures: circuit?.consecutive_failures ?? 0,
  }
}

/** 6. From "mark as shipped" to the tracking order created. */
async function trackingLatency(c: Context) {
  const api = c.server.api
  const times: number[] = []
  for (let sample = 0; sample < TRACKING_SAMPLES; sample += 1) {
    const cartId = await createCart(api, c.store, [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }], DEMO_SHOPPER)
    await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: c.store.optionIds.cheapest }, c.store.store)
    const { order } = await completeCart(api, c.store, cartId)
    const items = order.items.map((item: { id: string; quantity: number }) => ({ id: item.id, quantity: item.quantity }))
    const { data } = await api.post(`/admin/orders/${order.id}/fulfillments`, { items, location_id: c.store.stockLocationId }, { ...c.store.admin, params: { fields: "id,*fulfillments" } })
    const fulfillmentId = data.order.fulfillments.at(-1).id
    const { ms } = await timed(async () => {
      await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`, { items }, c.store.admin)
      await eventually(async () => {
        const rows = (await api.get("/admin/frete/tracking-orders", { ...c.store.admin, params: { order_id: order.id } })).data.tracking_orders
        return rows[0]?.status === "created"
      }, 2000)
    })
    times.push(ms)
  }
  return { median_ms: round(median(times)), samples: times.length }
}

/**
 * A Medusa server of the bench's database. With `redis`, on Medusa's Redis modules (event bus,
 * workflow engine, locking, caching) as a store runs in production, in the given role.
 */
async function startServer(
  built: string,
  databaseUrl: string,
  sandbox: Sandbox,
  pluginOptions: object | null,
  topology: { redis?: TestRedis; role?: "shared" | "server"; logs?: string; heapMiB?: number } = {}
): Promise<MedusaServer> {
  return startMedusaServer({
    port: await freePort(),
    logs: topology.logs ?? LOGS,
    built,
    admin: false,
    prepared: topology.role === "server",
    env: {
      REDIS_URL: topology.redis?.url ?? "",
      MEDUSA_WORKER_MODE: topology.role ?? "shared",
      // Medusa's telemetry forks a reader of its whole event queue per flush: not part of a figure.
      MEDUSA_DISABLE_TELEMETRY: "true",
      ...process.env,
      DATABASE_URL: databaseUrl,
      FRETE_FREIGHT_URL: sandbox.url,
      FRETE_FREIGHT_TOKEN: "sandbox-freight-token",
      FRETE_TRACKING_URL: sandbox.url,
      FRETE_TRACKING_CREDENTIAL: "sandbox-tracking-credential",
      FRETE_PLUGIN_OPTIONS_JSON: pluginOptions ? JSON.stringify(pluginOptions) : "",
      LOG_LEVEL: "warn",
      NODE_OPTIONS: topology.heapMiB ? `--max-old-space-size=${topology.heapMiB}` : "",
    },
  })
}

async function main() {
  writeProgressTo(process.stderr)
  const { startPostgres, PG_USER, PG_PASSWORD } = await import("../postgres.mjs")
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "frete-bench-pg-"))
  const { server: postgres, port } = await step("Postgres", () => startPostgres({ dir }))
  const sandbox = await createSandbox()
  const { default: pg } = await import("pg")
  const client = new pg.Client({ host: "localhost", port, user: PG_USER, password: PG_PASSWORD, database: "postgres" })
  await client.connect()
  await client.query("create database frete_bench")
  await client.end()
  const databaseUrl = `postgres://${PG_USER}:${PG_PASSWORD}@localhost:${port}/frete_bench`
  let server: MedusaServer | undefined
  let secondServer: MedusaServer | undefined
  const redis = await step("Redis", startRedis)
  try {
    const built = await step("The store: the plugin packed and installed, then medusa build", () => buildBenchStore(LOGS))
    server = await startServer(built, databaseUrl, sandbox, { freight: { cache: { maxEntries: BENCH_CACHE_ENTRIES } } }, { redis })
    const store = await step("Seeding", () => seedDemoStore((server as MedusaServer).api, (server as MedusaServer).admin))
    // The bench is one client asking for thousands of new queries: neither bound of the quota guard may stop it.
    await server.api.post("/admin/frete/settings", { quote_route_limit_per_minute: 10_000, quote_store_limit_per_minute: 100_000 }, server.admin)
    await server.api.post(`/admin/stock-locations/${store.stockLocationId}/fulfillment-providers`, { add: ["constant_constant"] }, server.admin)
    const { data: baseline } = await server.api.post(
      "/admin/shipping-options",
      {
        name: "Base de comparação",
        service_zone_id: store.serviceZoneId,
        shipping_profile_id: store.shippingProfileId,
        provider_id: "constant_constant",
        price_type: "calculated",
        type: { label: "Base", description: "Base de comparação do bench", code: "bench-baseline" },
        data: { id: "constant" },
        prices: [],
        rules: STORE_OPTION_RULES,
      },
      server.admin
    )
    const c: Context = { server, sandbox, store, baselineOption: baseline.shipping_option.id }
    const warmStep = () => step("9. Delivery step after the CEP's warm-up (freight API at 1,500 ms)", () => warmDeliveryStep(c))
    const burstStep = () => step(`10. Burst: ${BURST} concurrent new quotes against a ${BURST_LATENCY_MS / 1000} s API`, () => burstOfNewQuotes(c))
    if (ONLY === "warm-delivery") {
      process.stdout.write(`${JSON.stringify({ warm_delivery_step: await warmStep() })}\n`)
      return
    }
    if (ONLY === "burst") {
      process.stdout.write(`${JSON.stringify({ burst_of_new_quotes: await burstStep() })}\n`)
      return
    }
    if (ONLY === "load-ratio") {
      process.stdout.write(`${JSON.stringify({ load_ratio: await step(`5. Load: ${LOAD} concurrent calculates, this provider and the constant one`, () => loadRatio(c)) })}\n`)
      return
    }

    const callsWithCache = await step("1. Freight calls per checkout", () => freightCallsPerCheckout(c, "30130-010", "20040-002"))
    const warm = await step(`2. Warm quote overhead (${WARM_SAMPLES} alternated pairs)`, () => warmOverhead(c))
    const cold = await step(`3. Cold quote overhead (${COLD_SAMPLES} CEPs, sandbox at ${COLD_LATENCY_MS} ms)`, () => coldOverhead(c))
    const hang = await step("4. A hanging freight service", () => hangingService(c, 2500))
    const loaded = await step(`5. Load: rounds of ${LOAD} concurrent quotes until the cache is full`, () => load(c))
    const ratio = await step(`5. Load: ${LOAD} concurrent calculates, this provider and the constant one`, () => loadRatio(c))
    const tracking = await step(`6. Shipment to tracking order (${TRACKING_SAMPLES} orders)`, () => trackingLatency(c))
    const burst = await burstStep()
    secondServer = await startServer(built, databaseUrl, sandbox, { freight: { cache: { maxEntries: BENCH_CACHE_ENTRIES } } }, { redis, role: "server", logs: path.join(LOGS, "second") })
    const both = [server, secondServer]
    const callsAcrossTwo = await step("8. Freight calls per checkout, 2 server instances", () => freightCallsPerCheckout(c, "31010-000", "22010-000", both))
    const warmDelivery = await warmStep()
    await secondServer.stop()
    await server.stop()

    // 5, memory: V8 grows its heap lazily up to a limit set by the machine's memory (GBs here), so
    // RSS climbing under load says little. The same rounds again, twice as many, under a heap cap:
    // RSS that stays flat once the cache is full is memory that is bounded.
    server = await step(`Restarting Medusa with a heap of ${CAPPED_HEAP_MIB} MiB`, () =>
      startServer(built, databaseUrl, sandbox, { freight: { cache: { maxEntries: BENCH_CACHE_ENTRIES } } }, { redis, heapMiB: CAPPED_HEAP_MIB })
    )
    const capped = await step(`5. Load under the heap cap: ${CAPPED_ROUNDS} rounds`, () => load({ ...c, server: server as MedusaServer }, CAPPED_ROUNDS, 9000))
    await server.stop()

    server = await step("Restarting Medusa with the cache off (the naive plugin)", () => startServer(built, databaseUrl, sandbox, { freight: { cache: { enabled: false } } }))
    const callsWithoutCache = await freightCallsPerCheckout({ ...c, server }, "30130-010", "20040-002")
    const kit = await step("7. Storefront kit size", measureStorefrontKit)

    const figures = {
      freight_calls_per_checkout: { with_cache: callsWithCache, without_cache: callsWithoutCache, ratio: round(callsWithoutCache / callsWithCache, 1), target: 2 },
      warm_quote_overhead: { ...warm, target_ratio: 1.2 },
      cold_quote_overhead: { ...cold, target_overhead_ms: 30 },
      hanging_service: { ...hang, target_over_timeout_ms: 100 },
      load: { ...loaded, target_errors: 0 },
      load_ratio: { ...ratio, target_ratio: 0.95, target_guard_p50_ms: 1, target_guard_p95_ms: 5 },
      load_under_heap_cap: { heap_mib: CAPPED_HEAP_MIB, ...capped },
      tracking_order_after_shipment: tracking,
      storefront_kit_gzip_bytes: { ...kit, target_bytes: kit.budget_bytes },
      freight_calls_per_checkout_two_servers: { two_servers: callsAcrossTwo, one_server: callsWithCache, target: callsWithCache },
      warm_delivery_step: { ...warmDelivery, target_ratio: 1.2 },
      burst_of_new_quotes: { ...burst, target_priced_by_api: BURST, target_circuit_state: "closed" },
      machine: { cpus: os.cpus().length, node: process.version },
    }
    if (JSON_OUTPUT) {
      process.stdout.write(`${JSON.stringify(figures)}\n`)
    } else {
      const rates = loaded.rounds.map((r) => r.quotes_per_second)
      const errors = loaded.rounds.reduce((sum, r) => sum + r.errors, 0)
      const fallbacks = loaded.rounds.reduce((sum, r) => sum + r.fallbacks, 0)
      process.stdout.write(
        `\n${table([
          { figure: "1. Freight calls per checkout", measured: `${callsWithCache} (cache off: ${callsWithoutCache}, ×${figures.freight_calls_per_checkout.ratio})`, target: "2" },
          { figure: "2. Warm quote ÷ constant provider", measured: `median ×${warm.median_ratio} (${warm.frete_median_ms} / ${warm.baseline_median_ms} ms), p95 ×${warm.p95_ratio}`, target: "≤ 1.2" },
          { figure: `3. Cold quote − ${COLD_LATENCY_MS} ms of service`, measured: `${cold.overhead_ms} ms (median ${cold.median_ms} ms)`, target: "—" },
          { figure: "   the plugin's part, measured", measured: `median ${cold.plugin_part_median_ms} ms, p95 ${cold.plugin_part_p95_ms} ms`, target: "< 10 ms" },
          {
            figure: "   the rest of the quote route",
            measured: `Medusa's data ${cold.medusa_lookup_median_ms} ms, quota guard ${cold.quote_bound_median_ms} ms, freight call ${cold.freight_call_median_ms} ms`,
            target: "—",
          },
          { figure: "4. Hanging service, answer time", measured: `${hang.median_ms} ms, ${hang.answered}/${hang.samples} answered (timeout ${hang.timeout_ms} ms)`, target: "—" },
          { figure: "   over the timeout", measured: `median ${hang.over_timeout_ms} ms, at most ${hang.max_over_timeout_ms} ms`, target: "≤ 100 ms" },
          { figure: "   once the circuit is open", measured: `${hang.open_circuit_median_ms} ms, ${hang.calls_while_open} freight calls in ${HANG_SAMPLES_OPEN} quotes`, target: "0 calls" },
          { figure: `5. Load, ${LOAD} concurrent quotes`, measured: `${loaded.rounds.length} rounds, ${Math.min(...rates)}–${Math.max(...rates)} quotes/s, errors ${errors}, fallbacks ${fallbacks}`, target: "0 errors" },
          { figure: "   ÷ constant provider, calculate", measured: `×${ratio.ratio} (${ratio.frete_per_second} / ${ratio.baseline_per_second} per s), errors ${ratio.errors}`, target: "≥ 0.95" },
          { figure: "   quota guard's time (Server-Timing)", measured: `p50 ${ratio.guard_p50_ms} ms, p95 ${ratio.guard_p95_ms} ms (${ratio.guard_samples} answers)`, target: "p50 < 1, p95 < 5 ms" },
          { figure: "   sockets to the sandbox", measured: `at most ${loaded.max_sockets_to_sandbox} (pool bound ${loaded.pool_bound})`, target: "≤ pool bound" },
          {
            figure: "   Medusa memory (RSS)",
            measured: `${loaded.memory_before_mib} → ${loaded.rounds.map((r) => r.memory_after_mib).join(" → ")}, settled ${loaded.memory_settled_mib} MiB; cache ${loaded.cache_entries}/${loaded.cache_max_entries}, ${loaded.cache_evictions} evicted`,
            target: "—",
          },
          {
            figure: `   RSS, heap capped at ${CAPPED_HEAP_MIB} MiB`,
            measured: `${capped.rounds.length} rounds: ${Math.min(...capped.rounds.map((r) => r.memory_after_mib))}–${Math.max(...capped.rounds.map((r) => r.memory_after_mib))} MiB, last 6 ${Math.min(...capped.rounds.slice(-6).map((r) => r.memory_after_mib))}–${Math.max(...capped.rounds.slice(-6).map((r) => r.memory_after_mib))} MiB, settled ${capped.memory_settled_mib}; errors ${capped.rounds.reduce((sum, r) => sum + r.errors, 0)}, ${Math.min(...capped.rounds.map((r) => r.quotes_per_second))}–${Math.max(...capped.rounds.map((r) => r.quotes_per_second))} quotes/s`,
            target: "flat once full",
          },
          { figure: "6. Shipment → tracking order", measured: `${tracking.median_ms} ms (median of ${tracking.samples})`, target: "—" },
          {
            figure: "7. Storefront kit, minified + gzip",
            measured: `${kit.total_gzip_bytes} B (core ${kit.index_gzip_bytes} B, React ${kit.react_gzip_bytes} B, CSS ${kit.css_gzip_bytes} B)`,
            target: `< ${kit.budget_bytes} B`,
          },
          { figure: "8. Freight calls per checkout, 2 servers", measured: `${callsAcrossTwo} (one server: ${callsWithCache})`, target: `${callsWithCache}` },
          {
            figure: "9. Warmed delivery step ÷ constant provider",
            measured: `×${warmDelivery.ratio} (${warmDelivery.warmed_median_ms} / ${warmDelivery.baseline_median_ms} ms), ${warmDelivery.freight_calls_in_warmed_steps} freight calls in the steps; not warmed ${warmDelivery.unwarmed_median_ms} ms (×${warmDelivery.unwarmed_ratio})`,
            target: "≤ 1.2",
          },
          {
            figure: `10. Burst: ${BURST} concurrent new quotes against a ${BURST_LATENCY_MS / 1000} s API`,
            measured: `${burst.priced_by_api} of ${BURST} priced by the API; circuit ${burst.circuit_state} (${burst.consecutive_failures} failures in a row)`,
            target: `${BURST} of ${BURST}, closed`,
          },
        ])}\n`
      )
    }
  } finally {
    await secondServer?.stop()
    await server?.stop()
    await redis.stop()
    await sandbox.close()
    await postgres.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`The bench failed: ${error instanceof Error ? error.stack : String(error)}\n`)
    process.exit(1)
  }
)
