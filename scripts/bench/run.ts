// `npm run bench`: the plugin's performance figures, measured in one run on a real Medusa server
// (`medusa develop`, over Postgres) with the services' sandbox over HTTP. Figures are medians and
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
import { completeCart, createCart, eventually } from "../lib/store-api"
import { distinctCeps, groupRssMiB, median, percentile, round, timed } from "./measure"

const JSON_OUTPUT = process.argv.includes("--json")
const LOGS = path.join(ROOT, ".cache", "bench-logs")
const WARM_SAMPLES = 100
const COLD_SAMPLES = 20
const COLD_LATENCY_MS = 200
const LOAD = 200
const LOAD_LATENCY_MS = 100
const TRACKING_SAMPLES = 5

type Context = { server: MedusaServer; sandbox: Sandbox; store: DemoStore; baselineOption: string }

const calculate = (c: Context, optionId: string, cartId: string) =>
  c.server.api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, c.store.store)

const moveCart = (c: Context, cartId: string, cep: string) =>
  c.server.api.post(`/store/carts/${cartId}`, { shipping_address: { ...DEMO_SHOPPER, postal_code: cep } }, c.store.store)

/** 1. The storefront flow with three calculated options, three updates that keep the query, one that changes it. */
async function freightCallsPerCheckout(c: Context, cep: string): Promise<number> {
  c.sandbox.clearCalls()
  const cartId = await createCart(c.server.api, c.store, [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }], { ...DEMO_SHOPPER, postal_code: cep })
  const options = [c.store.optionIds.cheapest, c.store.optionIds.fastest, c.store.optionIds["correios-sedex"]]
  await c.server.api.get("/store/shipping-options", { ...c.store.store, params: { cart_id: cartId } })
  await Promise.all(options.map((option) => calculate(c, option, cartId)))
  await c.server.api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: c.store.optionIds.cheapest }, c.store.store)
  for (const update of [{ email: "ana@example.com.br" }, { metadata: { origem: "bench" } }, { email: "ana.souza@example.com.br" }]) {
    await c.server.api.post(`/store/carts/${cartId}`, update, c.store.store)
  }
  await moveCart(c, cartId, "20040-002")
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
  c.sandbox.configure({ latencyMs: 0 })
  return { latency_ms: COLD_LATENCY_MS, median_ms: round(median(times)), overhead_ms: round(median(times) - COLD_LATENCY_MS) }
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
async function load(c: Context) {
  c.sandbox.configure({ latencyMs: LOAD_LATENCY_MS })
  c.sandbox.reset()
  c.sandbox.configure({ latencyMs: LOAD_LATENCY_MS })
  const memoryBefore = groupRssMiB(c.server.pid)
  const rounds: Array<{ quotes_per_second: number; errors: number; fallbacks: number; memory_after_mib: number }> = []
  for (const offset of [0, LOAD]) {
    const ceps = distinctCeps(LOAD, 3000 + offset)
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
  return { concurrent: LOAD, sandbox_latency_ms: LOAD_LATENCY_MS, rounds, max_sockets_to_sandbox: maxSockets, pool_bound: 16, memory_before_mib: round(memoryBefore) }
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

async function startServer(databaseUrl: string, sandbox: Sandbox, pluginOptions: object | null): Promise<MedusaServer> {
  return startMedusaServer({
    port: await freePort(),
    logs: LOGS,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      FRETE_FREIGHT_URL: sandbox.url,
      FRETE_FREIGHT_TOKEN: "sandbox-freight-token",
      FRETE_TRACKING_URL: sandbox.url,
      FRETE_TRACKING_CREDENTIAL: "sandbox-tracking-credential",
      FRETE_PLUGIN_OPTIONS_JSON: pluginOptions ? JSON.stringify(pluginOptions) : "",
      LOG_LEVEL: "warn",
      FRETE_BENCH_BASELINE: "true",
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
  try {
    server = await startServer(databaseUrl, sandbox, null)
    const store = await step("Seeding", () => seedDemoStore((server as MedusaServer).api, (server as MedusaServer).admin))
    await server.api.post("/admin/frete/settings", { quote_route_limit_per_minute: 10_000 }, server.admin)
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
        rules: [],
      },
      server.admin
    )
    const c: Context = { server, sandbox, store, baselineOption: baseline.shipping_option.id }

    const callsWithCache = await step("1. Freight calls per checkout", () => freightCallsPerCheckout(c, "30130-010"))
    const warm = await step(`2. Warm quote overhead (${WARM_SAMPLES} alternated pairs)`, () => warmOverhead(c))
    const cold = await step(`3. Cold quote overhead (${COLD_SAMPLES} CEPs, sandbox at ${COLD_LATENCY_MS} ms)`, () => coldOverhead(c))
    const hang = await step("4. A hanging freight service", () => hangingService(c, 2500))
    const loaded = await step(`5. Load: ${LOAD} concurrent quotes, twice`, () => load(c))
    const tracking = await step(`6. Shipment to tracking order (${TRACKING_SAMPLES} orders)`, () => trackingLatency(c))
    await server.stop()

    server = await step("Restarting Medusa with the cache off (the naive plugin)", () => startServer(databaseUrl, sandbox, { freight: { cache: { enabled: false } } }))
    const callsWithoutCache = await freightCallsPerCheckout({ ...c, server }, "30130-010")
    const kit = await step("7. Storefront kit size", measureStorefrontKit)

    const figures = {
      freight_calls_per_checkout: { with_cache: callsWithCache, without_cache: callsWithoutCache, ratio: round(callsWithoutCache / callsWithCache, 1), target: 2 },
      warm_quote_overhead: { ...warm, target_ratio: 1.2 },
      cold_quote_overhead: { ...cold, target_overhead_ms: 30 },
      hanging_service: { ...hang, target_over_timeout_ms: 100 },
      load: { ...loaded, target_errors: 0 },
      tracking_order_after_shipment: tracking,
      storefront_kit_gzip_bytes: { ...kit, target_bytes: kit.budget_bytes },
      machine: { cpus: os.cpus().length, node: process.version },
    }
    if (JSON_OUTPUT) {
      process.stdout.write(`${JSON.stringify(figures)}\n`)
    } else {
      const [first, second] = loaded.rounds
      process.stdout.write(
        `\n${table([
          { figure: "1. Freight calls per checkout", measured: `${callsWithCache} (cache off: ${callsWithoutCache}, ×${figures.freight_calls_per_checkout.ratio})`, target: "2" },
          { figure: "2. Warm quote ÷ constant provider", measured: `median ×${warm.median_ratio} (${warm.frete_median_ms} / ${warm.baseline_median_ms} ms), p95 ×${warm.p95_ratio}`, target: "≤ 1.2" },
          { figure: `3. Cold quote − ${COLD_LATENCY_MS} ms of service`, measured: `${cold.overhead_ms} ms (median ${cold.median_ms} ms)`, target: "< 30 ms" },
          { figure: "4. Hanging service, answer time", measured: `${hang.median_ms} ms, ${hang.answered}/${hang.samples} answered (timeout ${hang.timeout_ms} ms)`, target: "—" },
          { figure: "   over the timeout", measured: `median ${hang.over_timeout_ms} ms, at most ${hang.max_over_timeout_ms} ms`, target: "≤ 100 ms" },
          { figure: "   once the circuit is open", measured: `${hang.open_circuit_median_ms} ms, ${hang.calls_while_open} freight calls in ${HANG_SAMPLES_OPEN} quotes`, target: "0 calls" },
          { figure: `5. Load, ${LOAD} concurrent quotes`, measured: `${first.quotes_per_second} and ${second.quotes_per_second} quotes/s, errors ${first.errors + second.errors}, fallbacks ${first.fallbacks + second.fallbacks}`, target: "0 errors" },
          { figure: "   sockets to the sandbox", measured: `at most ${loaded.max_sockets_to_sandbox} (pool bound ${loaded.pool_bound})`, target: "≤ pool bound" },
          { figure: "   Medusa memory (RSS)", measured: `${loaded.memory_before_mib} → ${first.memory_after_mib} → ${second.memory_after_mib} MiB`, target: "flat" },
          { figure: "6. Shipment → tracking order", measured: `${tracking.median_ms} ms (median of ${tracking.samples})`, target: "—" },
          {
            figure: "7. Storefront kit, minified + gzip",
            measured: `${kit.total_gzip_bytes} B (core ${kit.index_gzip_bytes} B, React ${kit.react_gzip_bytes} B)`,
            target: `< ${kit.budget_bytes} B`,
          },
        ])}\n`
      )
    }
  } finally {
    await server?.stop()
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
