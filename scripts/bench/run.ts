// `npm run bench`: the plugin's performance figures, measured in one run on a real Medusa server
// (the plugin packed and installed into a store, `medusa build` then `medusa start`, over Postgres,
// on Medusa's Redis modules; a second server for figure 8, and one without the plugin for figure 11) with the services' sandbox over HTTP. Figures are medians and
// ratios of things measured side by side here, never times compared across runs. `--json` prints
// one JSON object instead of the table. It asserts nothing.
import fs from "node:fs"
import os from "node:os"
import path from "node:path"
import { createSandbox } from "../../sandbox/server"
import type { MedusaServer } from "../demo/medusa-server"
import { table, writeProgressTo, step } from "../demo/progress"
import { seedDemoStore } from "../demo/seed"
import { measureStorefrontKit } from "../lib/storefront-size"
import { STORE_OPTION_RULES } from "../lib/store-api"
import { startRedis } from "../../test-support/redis"
import { buildBenchStore } from "./built-store"
import { LOGS, startServer } from "./bench-server"
import {
  COLD_LATENCY_MS,
  COLD_SAMPLES,
  coldOverhead,
  freightCallsPerCheckout,
  HANG_SAMPLES_OPEN,
  hangingService,
  warmOverhead,
  WARM_SAMPLES,
  type Context,
} from "./checkout-figures"
import {
  BENCH_CACHE_ENTRIES,
  BURST,
  BURST_LATENCY_MS,
  burstOfNewQuotes,
  load,
  LOAD,
  loadRatio,
  STORE_ROUTE_SAMPLES,
  storeRouteRatio,
  TRACKING_SAMPLES,
  trackingLatency,
} from "./load-figures"
import { round } from "./measure"
import { warmDeliveryStep } from "./warm-delivery-step"
import { quotaOvershoot } from "./quota-figures"
import { HELD_OUT, learnedInProcess, learnedOnServer, learnedTableRows, SERVER_SAMPLES } from "./learned-figures"

const JSON_OUTPUT = process.argv.includes("--json")
/** `--only=warm-delivery`, `--only=burst`, `--only=load-ratio`, `--only=quota` or `--only=learned`: figure 9, 10, 5's ratio, 12 or 13 alone (the store is still built and seeded). */
const ONLY = process.argv.find((arg) => arg.startsWith("--only="))?.slice("--only=".length)
/** Figure 5's memory under a heap cap: the heap limit, and rounds enough to fill the cache twice. */
const CAPPED_HEAP_MIB = 256
const CAPPED_ROUNDS = 12

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
    const built = await step("The store: the plugin packed and installed, then medusa build", () =>
      buildBenchStore(LOGS)
    )
    server = await startServer(
      built,
      databaseUrl,
      sandbox,
      { freight: { cache: { maxEntries: BENCH_CACHE_ENTRIES } } },
      { redis }
    )
    const store = await step("Seeding", () =>
      seedDemoStore((server as MedusaServer).api, (server as MedusaServer).admin)
    )
    // The bench is one client asking for thousands of new queries: neither bound of the quota guard may stop it.
    await server.api.post(
      "/admin/frete/settings",
      { quote_route_limit_per_minute: 10_000, quote_store_limit_per_minute: 100_000 },
      server.admin
    )
    await server.api.post(
      `/admin/stock-locations/${store.stockLocationId}/fulfillment-providers`,
      { add: ["constant_constant"] },
      server.admin
    )
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
    const warmStep = () =>
      step("9. Delivery step after the CEP's warm-up (freight API at 1,500 ms)", () => warmDeliveryStep(c))
    const burstStep = () =>
      step(`10. Burst: ${BURST} concurrent new quotes against a ${BURST_LATENCY_MS / 1000} s API`, () =>
        burstOfNewQuotes(c)
      )
    if (ONLY === "warm-delivery") {
      process.stdout.write(`${JSON.stringify({ warm_delivery_step: await warmStep() })}\n`)
      return
    }
    if (ONLY === "burst") {
      process.stdout.write(`${JSON.stringify({ burst_of_new_quotes: await burstStep() })}\n`)
      return
    }
    const quotaStep = () =>
      step("12. The quota guard's overshoot, 1, 2 and 8 instances on one Postgres", () => quotaOvershoot(databaseUrl))
    if (ONLY === "quota") {
      process.stdout.write(`${JSON.stringify({ quota_overshoot: await quotaStep() })}\n`)
      return
    }
    const learnedSteps = async () => ({
      ...(await step(`13. Learned prices: error on ${HELD_OUT} held-out queries, cost per quote`, async () =>
        learnedInProcess()
      )),
      server: await step(`13. Learned prices through the server, the API failing (${SERVER_SAMPLES} quotes)`, () =>
        learnedOnServer(c)
      ),
    })
    if (ONLY === "learned") {
      const learned = await learnedSteps()
      process.stdout.write(
        JSON_OUTPUT ? `${JSON.stringify({ learned_prices: learned })}\n` : `\n${table(learnedTableRows(learned))}\n`
      )
      return
    }
    if (ONLY === "load-ratio") {
      process.stdout.write(
        `${JSON.stringify({ load_ratio: await step(`5. Load: ${LOAD} concurrent calculates, this provider and the constant one`, () => loadRatio(c)) })}\n`
      )
      return
    }

    const callsWithCache = await step("1. Freight calls per checkout", () =>
      freightCallsPerCheckout(c, "30130-010", "20040-002")
    )
    const warm = await step(`2. Warm quote overhead (${WARM_SAMPLES} alternated pairs)`, () => warmOverhead(c))
    const cold = await step(`3. Cold quote overhead (${COLD_SAMPLES} CEPs, sandbox at ${COLD_LATENCY_MS} ms)`, () =>
      coldOverhead(c)
    )
    const hang = await step("4. A hanging freight service", () => hangingService(c, 2500))
    const loaded = await step(`5. Load: rounds of ${LOAD} concurrent quotes until the cache is full`, () => load(c))
    const ratio = await step(`5. Load: ${LOAD} concurrent calculates, this provider and the constant one`, () =>
      loadRatio(c)
    )
    const tracking = await step(`6. Shipment to tracking order (${TRACKING_SAMPLES} orders)`, () => trackingLatency(c))
    const burst = await burstStep()
    const overshoot = await quotaStep()
    const learned = await learnedSteps()
    secondServer = await startServer(
      built,
      databaseUrl,
      sandbox,
      { freight: { cache: { maxEntries: BENCH_CACHE_ENTRIES } } },
      { redis, role: "server", logs: path.join(LOGS, "second") }
    )
    const both = [server, secondServer]
    const callsAcrossTwo = await step("8. Freight calls per checkout, 2 server instances", () =>
      freightCallsPerCheckout(c, "31010-000", "22010-000", both)
    )
    const warmDelivery = await warmStep()
    await secondServer.stop()
    secondServer = await startServer(built, databaseUrl, sandbox, null, {
      redis,
      role: "server",
      logs: path.join(LOGS, "without-frete"),
      withoutFrete: true,
    })
    const notOwned = await step(
      `11. GET /store/products, the plugin installed ÷ not (${STORE_ROUTE_SAMPLES} alternated pairs)`,
      () => storeRouteRatio(c, secondServer as MedusaServer)
    )
    await secondServer.stop()
    await server.stop()

    // 5, memory: V8 grows its heap lazily up to a limit set by the machine's memory (GBs here), so
    // RSS climbing under load says little. The same rounds again, twice as many, under a heap cap:
    // RSS that stays flat once the cache is full is memory that is bounded.
    server = await step(`Restarting Medusa with a heap of ${CAPPED_HEAP_MIB} MiB`, () =>
      startServer(
        built,
        databaseUrl,
        sandbox,
        { freight: { cache: { maxEntries: BENCH_CACHE_ENTRIES } } },
        { redis, heapMiB: CAPPED_HEAP_MIB }
      )
    )
    const capped = await step(`5. Load under the heap cap: ${CAPPED_ROUNDS} rounds`, () =>
      load({ ...c, server: server as MedusaServer }, CAPPED_ROUNDS, 9000)
    )
    await server.stop()

    server = await step("Restarting Medusa with the cache off (the naive plugin)", () =>
      startServer(built, databaseUrl, sandbox, { freight: { cache: { enabled: false } } })
    )
    const callsWithoutCache = await freightCallsPerCheckout({ ...c, server }, "30130-010", "20040-002")
    const kit = await step("7. Storefront kit size", measureStorefrontKit)

    const figures = {
      freight_calls_per_checkout: {
        with_cache: callsWithCache,
        without_cache: callsWithoutCache,
        ratio: round(callsWithoutCache / callsWithCache, 1),
        target: 2,
      },
      warm_quote_overhead: { ...warm, target_ratio: 1.2 },
      cold_quote_overhead: { ...cold, target_overhead_ms: 30 },
      hanging_service: { ...hang, target_over_timeout_ms: 100 },
      load: { ...loaded, target_errors: 0 },
      load_ratio: { ...ratio, target_ratio: 0.95, target_guard_p50_ms: 1, target_guard_p95_ms: 5 },
      load_under_heap_cap: { heap_mib: CAPPED_HEAP_MIB, ...capped },
      tracking_order_after_shipment: tracking,
      storefront_kit_gzip_bytes: { ...kit, target_bytes: kit.budget_bytes },
      freight_calls_per_checkout_two_servers: {
        two_servers: callsAcrossTwo,
        one_server: callsWithCache,
        target: callsWithCache,
      },
      warm_delivery_step: { ...warmDelivery, target_ratio: 1.2 },
      burst_of_new_quotes: { ...burst, target_priced_by_api: BURST, target_circuit_state: "closed" },
      store_route_not_owned: { ...notOwned, target_ratio: 0.98 },
      quota_overshoot: { runs: overshoot, target_overshoot: 0 },
      learned_prices: { ...learned, target_cost_ms: 2 },
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
          {
            figure: "1. Freight calls per checkout",
            measured: `${callsWithCache} (cache off: ${callsWithoutCache}, ×${figures.freight_calls_per_checkout.ratio})`,
            target: "2",
          },
          {
            figure: "2. Warm quote ÷ constant provider",
            measured: `median ×${warm.median_ratio} (${warm.frete_median_ms} / ${warm.baseline_median_ms} ms), p95 ×${warm.p95_ratio}`,
            target: "≤ 1.2",
          },
          {
            figure: `3. Cold quote − ${COLD_LATENCY_MS} ms of service`,
            measured: `${cold.overhead_ms} ms (median ${cold.median_ms} ms)`,
            target: "—",
          },
          {
            figure: "   the plugin's part, measured",
            measured: `median ${cold.plugin_part_median_ms} ms, p95 ${cold.plugin_part_p95_ms} ms`,
            target: "< 10 ms",
          },
          {
            figure: "   the rest of the quote route",
            measured: `Medusa's data ${cold.medusa_lookup_median_ms} ms, quota guard ${cold.quote_bound_median_ms} ms, freight call ${cold.freight_call_median_ms} ms`,
            target: "—",
          },
          {
            figure: "4. Hanging service, answer time",
            measured: `${hang.median_ms} ms, ${hang.answered}/${hang.samples} answered (timeout ${hang.timeout_ms} ms)`,
            target: "—",
          },
          {
            figure: "   over the timeout",
            measured: `median ${hang.over_timeout_ms} ms, at most ${hang.max_over_timeout_ms} ms`,
            target: "≤ 100 ms",
          },
          {
            figure: "   once the circuit is open",
            measured: `${hang.open_circuit_median_ms} ms, ${hang.calls_while_open} freight calls in ${HANG_SAMPLES_OPEN} quotes`,
            target: "0 calls",
          },
          {
            figure: `5. Load, ${LOAD} concurrent quotes`,
            measured: `${loaded.rounds.length} rounds, ${Math.min(...rates)}–${Math.max(...rates)} quotes/s, errors ${errors}, fallbacks ${fallbacks}`,
            target: "0 errors",
          },
          {
            figure: "   ÷ constant provider, calculate",
            measured: `median ×${ratio.ratio} of ${ratio.rounds.map((entry) => `×${entry.ratio}`).join(", ")} (${ratio.frete_per_second} / ${ratio.baseline_per_second} per s), errors ${ratio.errors}`,
            target: "≥ 0.95",
          },
          {
            figure: "   quota guard's time (quote route's Server-Timing)",
            measured: `p50 ${ratio.guard_p50_ms} ms, p95 ${ratio.guard_p95_ms} ms (${ratio.guard_samples} answers)`,
            target: "p50 < 1, p95 < 5 ms",
          },
          {
            figure: "   sockets to the sandbox",
            measured: `at most ${loaded.max_sockets_to_sandbox} (pool bound ${loaded.pool_bound})`,
            target: "≤ pool bound",
          },
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
          {
            figure: "6. Shipment → tracking order",
            measured: `${tracking.median_ms} ms (median of ${tracking.samples})`,
            target: "—",
          },
          {
            figure: "7. Storefront kit, minified + gzip",
            measured: `${kit.total_gzip_bytes} B (core ${kit.index_gzip_bytes} B, React ${kit.react_gzip_bytes} B, CSS ${kit.css_gzip_bytes} B)`,
            target: `< ${kit.budget_bytes} B`,
          },
          {
            figure: "8. Freight calls per checkout, 2 servers",
            measured: `${callsAcrossTwo} (one server: ${callsWithCache})`,
            target: `${callsWithCache}`,
          },
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
          {
            figure: "11. GET /store/products, installed ÷ not",
            measured: `×${notOwned.ratio} (${notOwned.without_median_ms} / ${notOwned.with_median_ms} ms, medians of ${notOwned.samples})`,
            target: "≥ 0.98",
          },
          {
            figure: `12. Quota guard, ${3 * overshoot[0].limit} takes of a bound of ${overshoot[0].limit}`,
            measured: overshoot
              .map((run) => `${run.instances} instance${run.instances > 1 ? "s" : ""}: ${run.taken} taken`)
              .join(", "),
            target: `≤ ${overshoot[0].limit} each`,
          },
          ...learnedTableRows(learned),
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
