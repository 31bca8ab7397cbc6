// The bench's checkout figures (1 to 4): freight calls per checkout, a warm and a cold quote's
// overhead against a constant-price provider, and a hanging freight service (run.ts runs them).
import type { MedusaServer } from "../demo/medusa-server"
import type { DemoStore } from "../demo/seed"
import { DEMO_SHOPPER } from "../demo/storefront-play"
import { createCart } from "../lib/store-api"
import type { Sandbox } from "../../sandbox/server"
import { distinctCeps, median, percentile, round, timed } from "./measure"

export const WARM_SAMPLES = 100
export const COLD_SAMPLES = 20
export const COLD_LATENCY_MS = 200

export type Context = { server: MedusaServer; sandbox: Sandbox; store: DemoStore; baselineOption: string }

/** Where each request of a checkout goes: one server, or each in turn, as a load balancer would. */
type Servers = MedusaServer[]

export const calculate = (c: Context, optionId: string, cartId: string) =>
  c.server.api.post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, c.store.store)

const moveCart = (c: Context, cartId: string, cep: string) =>
  c.server.api.post(
    `/store/carts/${cartId}`,
    { shipping_address: { ...DEMO_SHOPPER, postal_code: cep } },
    c.store.store
  )

/**
 * 1 and 8. The storefront flow with three calculated options, three updates that keep the query,
 * one that changes it (to `movedTo`). With several servers, the requests go to each in turn.
 */
export async function freightCallsPerCheckout(
  c: Context,
  cep: string,
  movedTo: string,
  servers: Servers = [c.server]
): Promise<number> {
  c.sandbox.clearCalls()
  let turn = 0
  const next = () => ({ ...c, server: servers[turn++ % servers.length] })
  const cartId = await createCart(
    next().server.api,
    c.store,
    [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }],
    { ...DEMO_SHOPPER, postal_code: cep }
  )
  const options = [c.store.optionIds.cheapest, c.store.optionIds.fastest, c.store.optionIds["correios-pac"]]
  await next().server.api.get("/store/shipping-options", { ...c.store.store, params: { cart_id: cartId } })
  await Promise.all(options.map((option) => calculate(next(), option, cartId)))
  await next().server.api.post(
    `/store/carts/${cartId}/shipping-methods`,
    { option_id: c.store.optionIds.cheapest },
    c.store.store
  )
  for (const update of [
    { email: "ana@example.com.br" },
    { metadata: { origem: "bench" } },
    { email: "ana.souza@example.com.br" },
  ]) {
    await next().server.api.post(`/store/carts/${cartId}`, update, c.store.store)
  }
  await moveCart(next(), cartId, movedTo)
  return c.sandbox.calls({ service: "freight" }).length
}

/**
 * 2. A warm calculate of this provider against the same route on a provider that answers a
 * constant at once (the manual provider refuses that route), alternated request by request.
 */
export async function warmOverhead(c: Context) {
  const cartId = await createCart(
    c.server.api,
    c.store,
    [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }],
    DEMO_SHOPPER
  )
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
export async function coldOverhead(c: Context) {
  c.sandbox.configure({ latencyMs: COLD_LATENCY_MS })
  const cartId = await createCart(
    c.server.api,
    c.store,
    [{ variant_id: c.store.variantIds["luminaria-mesa"], quantity: 1 }],
    DEMO_SHOPPER
  )
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
    const answer = await c.server.api.post(
      "/store/frete/quotes",
      { postal_code: cep, items: [{ variant_id: c.store.variantIds["luminaria-mesa"], quantity: 1 }] },
      c.store.store
    )
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
export const HANG_SAMPLES_OPEN = 3

/**
 * 4. A service that never answers: checkout gets the fallback table at the freight timeout; after
 * FAILURES_TO_OPEN of those the circuit opens, and checkout answers from the fallback at once.
 */
export async function hangingService(c: Context, timeoutMs: number) {
  c.sandbox.setFault("freight", { mode: "hang" })
  const cartId = await createCart(
    c.server.api,
    c.store,
    [{ variant_id: c.store.variantIds["caneca-ceramica"], quantity: 1 }],
    DEMO_SHOPPER
  )
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
    // The whole route: the freight deadline runs from the provider's call, so Medusa's own time comes on top.
    over_timeout_ms: round(median(waiting) - timeoutMs),
    max_over_timeout_ms: round(Math.max(...waiting) - timeoutMs),
    open_circuit_median_ms: round(median(open)),
    calls_while_open: calls[calls.length - 1] - calls[FAILURES_TO_OPEN - 1],
    answered: fallbackAnswers,
    samples: times.length,
  }
}
