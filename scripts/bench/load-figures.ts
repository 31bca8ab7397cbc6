// The bench's figures under load (5, 6 and 10): rounds of concurrent quotes and the memory after
// them, this provider's throughput against the constant one's, the time from a shipment to its
// tracking order, and a burst of new quotes against a slow API (run.ts runs them).
import type { MedusaServer } from "../demo/medusa-server"
import { DEMO_SHOPPER } from "../demo/storefront-play"
import { completeCart, createCart, eventually } from "../lib/store-api"
import { calculate, type Context } from "./checkout-figures"
import { distinctCeps, groupRssMiB, median, percentile, round, timed } from "./measure"

export const LOAD = 200
const LOAD_LATENCY_MS = 100
export const TRACKING_SAMPLES = 5
/** The bench server's quote cache bound (`freight.cache.maxEntries`): small, so that figure 5 fills it. */
export const BENCH_CACHE_ENTRIES = 1000

/** 5. LOAD concurrent product-page quotes for distinct CEPs, twice, the sandbox at LOAD_LATENCY_MS. */
export async function load(c: Context, roundCount = Math.ceil((BENCH_CACHE_ENTRIES * 1.2) / LOAD), firstCep = 3000) {
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
            .post(
              "/store/frete/quotes",
              { postal_code: cep, items: [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }] },
              c.store.store
            )
            .then((answer) => ({
              ok: answer.status === 200,
              fallback: answer.data.quotes.some((quote: { is_fallback: boolean }) => quote.is_fallback),
            }))
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

/** Figure 5's ratio is the median of this many rounds, each on carts of its own, the two providers in alternated order. */
export const RATIO_ROUNDS = 3

/**
 * 5, as a ratio: LOAD concurrent `calculate` calls, each for a cart of its own CEP (the sandbox at
 * LOAD_LATENCY_MS), on this provider and on the constant-price one: quotes per second of this
 * provider ÷ the constant one's, under the same load, the median of RATIO_ROUNDS rounds (one burst
 * alone swung the ratio from 0.8 to 1.0 between runs); and the quota guard's own time in each of
 * this provider's answers, as its `Server-Timing` says it.
 */
export async function loadRatio(c: Context) {
  const cartsOf = async (ceps: string[]) => {
    const carts: string[] = []
    // The first cart alone: carts made at once for a shopper's e-mail that has no customer yet race to create it.
    for (let start = 0; start < ceps.length; start += start === 0 ? 1 : 20) {
      const batch = ceps.slice(start, start === 0 ? 1 : start + 20)
      carts.push(
        ...(await Promise.all(
          batch.map((cep) =>
            createCart(c.server.api, c.store, [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }], {
              ...DEMO_SHOPPER,
              postal_code: cep,
            })
          )
        ))
      )
    }
    return carts
  }
  const cartsOfRounds: string[][] = []
  for (let index = 0; index < RATIO_ROUNDS; index += 1)
    cartsOfRounds.push(await cartsOf(distinctCeps(LOAD, 7000 + index * LOAD)))
  c.sandbox.configure({ latencyMs: LOAD_LATENCY_MS })
  const guardMs: number[] = []
  const burst = async (optionId: string, carts: string[]) => {
    const { ms, result } = await timed(() =>
      Promise.all(
        carts.map((cartId) =>
          calculate(c, optionId, cartId).then(
            (answer) => answer.status === 200,
            () => false
          )
        )
      )
    )
    return { per_second: carts.length / (ms / 1000), errors: result.filter((ok) => !ok).length }
  }
  const rounds: Array<{ frete: number; baseline: number; ratio: number; errors: number }> = []
  for (const [index, carts] of cartsOfRounds.entries()) {
    // Alternated: neither provider always runs second, on a process the first warmed.
    const freteFirst = index % 2 === 1
    const first = await burst(freteFirst ? c.store.optionIds.cheapest : c.baselineOption, carts)
    const second = await burst(freteFirst ? c.baselineOption : c.store.optionIds.cheapest, carts)
    const [frete, baseline] = freteFirst ? [first, second] : [second, first]
    rounds.push({
      frete: round(frete.per_second),
      baseline: round(baseline.per_second),
      ratio: round(frete.per_second / baseline.per_second, 2),
      errors: frete.errors + baseline.errors,
    })
  }
  const middle = [...rounds].sort((x, y) => x.ratio - y.ratio)[Math.floor(rounds.length / 2)]
  // The quota guard's own time under the same load, on the quote route, which says it in Server-Timing
  // (on Medusa's routes the plugin adds no header).
  await Promise.all(
    distinctCeps(LOAD, 8500).map((cep) =>
      c.server.api
        .post(
          "/store/frete/quotes",
          { postal_code: cep, items: [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }] },
          c.store.store
        )
        .then(
          (answer) => {
            const guard = /guard;desc="[^"]+";dur=([0-9.]+)/.exec(String(answer.headers["server-timing"] ?? ""))
            if (guard) guardMs.push(Number(guard[1]))
          },
          () => undefined
        )
    )
  )
  c.sandbox.configure({ latencyMs: 0 })
  return {
    frete_per_second: middle.frete,
    baseline_per_second: middle.baseline,
    ratio: middle.ratio,
    rounds,
    errors: rounds.reduce((sum, entry) => sum + entry.errors, 0),
    guard_samples: guardMs.length,
    guard_p50_ms: round(median(guardMs), 2),
    guard_p95_ms: round(percentile(guardMs, 95), 2),
  }
}

export const BURST = 30
export const BURST_LATENCY_MS = 1300

/**
 * 10. BURST product-page quotes for new CEPs at once, the sandbox answering each after
 * BURST_LATENCY_MS (slow but healthy), at the default deadline and pool: how many the freight API
 * priced (the rest came from the fallback table), and the circuit breaker after them.
 */
export async function burstOfNewQuotes(c: Context) {
  const [warmUp, ...ceps] = distinctCeps(BURST + 1, 15_000)
  // A server's first quote route builds its queries once: with --only=burst this step comes first.
  await c.server.api.post(
    "/store/frete/quotes",
    { postal_code: warmUp, items: [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }] },
    c.store.store
  )
  c.sandbox.configure({ latencyMs: BURST_LATENCY_MS })
  const answers = await Promise.all(
    ceps.map((cep) =>
      c.server.api
        .post(
          "/store/frete/quotes",
          { postal_code: cep, items: [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }] },
          c.store.store
        )
        .then(
          (answer) =>
            answer.status === 200 &&
            answer.data.quotes.length > 0 &&
            answer.data.quotes.every((quote: { is_fallback: boolean }) => !quote.is_fallback),
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
export async function trackingLatency(c: Context) {
  const api = c.server.api
  const times: number[] = []
  for (let sample = 0; sample < TRACKING_SAMPLES; sample += 1) {
    const cartId = await createCart(
      api,
      c.store,
      [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }],
      DEMO_SHOPPER
    )
    await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: c.store.optionIds.cheapest }, c.store.store)
    const { order } = await completeCart(api, c.store, cartId)
    const items = order.items.map((item: { id: string; quantity: number }) => ({
      id: item.id,
      quantity: item.quantity,
    }))
    const { data } = await api.post(
      `/admin/orders/${order.id}/fulfillments`,
      { items, location_id: c.store.stockLocationId },
      { ...c.store.admin, params: { fields: "id,*fulfillments" } }
    )
    const fulfillmentId = data.order.fulfillments.at(-1).id
    const { ms } = await timed(async () => {
      await api.post(`/admin/orders/${order.id}/fulfillments/${fulfillmentId}/shipments`, { items }, c.store.admin)
      await eventually(async () => {
        const rows = (
          await api.get("/admin/frete/tracking-orders", { ...c.store.admin, params: { order_id: order.id } })
        ).data.tracking_orders
        return rows[0]?.status === "created"
      }, 2000)
    })
    times.push(ms)
  }
  return { median_ms: round(median(times)), samples: times.length }
}

export const STORE_ROUTE_SAMPLES = 200

/**
 * 11. A store route the plugin does not own, `GET /store/products`, on a server with the plugin
 * and on the same store without it (one database), alternated request by request: the plugin
 * hooks no route it does not own, so the ratio of the medians (without ÷ with) is about 1.
 */
export async function storeRouteRatio(c: Context, without: MedusaServer) {
  const get = (server: MedusaServer) => server.api.get("/store/products", { ...c.store.store, params: { limit: 20 } })
  await Promise.all([get(c.server), get(without)])
  const withTimes: number[] = []
  const withoutTimes: number[] = []
  for (let sample = 0; sample < STORE_ROUTE_SAMPLES; sample += 1) {
    withTimes.push((await timed(() => get(c.server))).ms)
    withoutTimes.push((await timed(() => get(without))).ms)
  }
  return {
    with_median_ms: round(median(withTimes), 2),
    without_median_ms: round(median(withoutTimes), 2),
    ratio: round(median(withoutTimes) / median(withTimes), 2),
    samples: STORE_ROUTE_SAMPLES,
  }
}
