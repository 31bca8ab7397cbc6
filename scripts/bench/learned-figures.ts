// Figure 13 of `npm run bench`: the learned prices (issue 49). In process, a store's traffic from the demo's origin
// (destinations weighted like a Brazilian shop's orders, carts of the demo's products), each query built as the
// plugin builds it and answered by the sandbox's own pricing: learned from LEARN_QUERIES, then HELD_OUT queries to
// CEPs never learned are priced from the learned figures and by the demo's fallback table, against the sandbox's
// price. Then what pricing from an area's rows costs, and the plugin's own time on the store quote route of the
// bench server while the sandbox fails. Seeded: the same figures every run.
import { stateOfCep } from "../../src/lib/brazil/cep-state"
import { buildFreightQuery, type ShippableItem } from "../../src/lib/checkout/build-freight-query"
import { tableEstimates } from "../../src/lib/checkout/offers"
import { buildWireQuery } from "../../src/lib/freight/client"
import { readQuotations, type FreightQuery, type FreightQuote } from "../../src/lib/freight/schemas"
import {
  estimateFrom,
  placeOf,
  samplesOf,
  type LearnedEstimate,
  type LearnedSample,
} from "../../src/lib/learned/learned-prices"
import { freteSettingsSchema } from "../../src/lib/settings/schema"
import { validateFreightQuery } from "../../sandbox/freight"
import { quoteFreight } from "../../sandbox/freight-pricing"
import { FREIGHT_SERVICES } from "../../sandbox/freight-services"
import { DEMO_ORIGIN_CEP, DEMO_PRODUCTS, DEMO_SETTINGS } from "../demo/seed"
import type { Context } from "./checkout-figures"
import { median, percentile, round } from "./measure"

const LEARN_QUERIES = 5000
export const HELD_OUT = 1000
/** The rows the module reads per origin and area, newest first (src/modules/frete/learned-prices.ts). */
const AREA_ROWS = 2000
const SEED = 49
const SETTINGS = freteSettingsSchema.parse(DEMO_SETTINGS)
const UNITS = { weight: "g", dimension: "cm" } as const

/** Percent of a Brazilian online shop's orders by state: most in the South-East, some everywhere. */
const ORDER_SHARES: Record<string, number> = {
  SP: 36,
  RJ: 12,
  MG: 10,
  ES: 2,
  PR: 6,
  SC: 5,
  RS: 6,
  DF: 3,
  GO: 2.5,
  MT: 1.2,
  MS: 1.1,
  BA: 4,
  PE: 2.4,
  CE: 2,
  MA: 0.9,
  RN: 0.9,
  PB: 0.9,
  AL: 0.7,
  SE: 0.6,
  PI: 0.6,
  PA: 1,
  AM: 0.7,
  RO: 0.3,
  TO: 0.3,
  AC: 0.15,
  AP: 0.15,
  RR: 0.1,
}
/** How often each demo product is in a cart. */
const POPULARITY: Record<string, number> = {
  "camiseta-basica": 4,
  "caneca-ceramica": 3,
  "poster-ilustrado": 2,
  "luminaria-mesa": 1,
}

type Random = () => number
type Cart = Array<{ handle: string; quantity: number }>

// mulberry32: a small generator whose sequence a seed fixes.
function seeded(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function pick(random: Random, shares: Record<string, number>): string {
  const entries = Object.entries(shares)
  let left = random() * entries.reduce((sum, [, share]) => sum + share, 0)
  for (const [key, share] of entries) {
    left -= share
    if (left < 0) return key
  }
  return entries[entries.length - 1][0]
}

const PREFIXES_BY_STATE = (() => {
  const byState = new Map<string, string[]>()
  for (let number = 1000; number <= 99999; number += 1) {
    const prefix = String(number).padStart(5, "0")
    const state = stateOfCep(prefix)
    if (!state) continue
    const prefixes = byState.get(state)
    if (prefixes) prefixes.push(prefix)
    else byState.set(state, [prefix])
  }
  return byState
})()

const suffix = (random: Random) => String(Math.floor(random() * 1000)).padStart(3, "0")

/** A CEP of `prefixes` not `taken`; a `skew` above 1 gathers them at the low end. */
function cepAmong(random: Random, prefixes: string[], taken: Set<string>, skew = 1): string {
  for (;;) {
    const cep = `${prefixes[Math.floor(prefixes.length * random() ** skew)]}${suffix(random)}`
    // The sandbox's postal base leaves 99999-999 out.
    if (cep !== "99999999" && !taken.has(cep)) return cep
  }
}

// Cities gather at the low end of a state's range, where Correios numbered it from its capital.
const destination = (random: Random, taken: Set<string>) =>
  cepAmong(random, PREFIXES_BY_STATE.get(pick(random, ORDER_SHARES)) as string[], taken, 3)

/** 1 to 8 units, mostly few, of one to four products. */
function cart(random: Random): Cart {
  const units = 1 + Math.floor(8 * random() ** 2)
  const counts = new Map<string, number>()
  for (let unit = 0; unit < units; unit += 1) {
    const handle = pick(random, POPULARITY)
    counts.set(handle, (counts.get(handle) ?? 0) + 1)
  }
  return [...counts.entries()].map(([handle, quantity]) => ({ handle, quantity }))
}

function queryOf(cep: string, items: Cart): FreightQuery {
  const shippable = items.map(({ handle, quantity }): ShippableItem => {
    const product = DEMO_PRODUCTS.find((candidate) => candidate.handle === handle) as (typeof DEMO_PRODUCTS)[number]
    const { weight, length, height, width } = product
    return { sku: product.sku, quantity, unitPrice: product.price, variant: { weight, length, height, width } }
  })
  return buildFreightQuery({ originCep: DEMO_ORIGIN_CEP, destinationCep: cep, items: shippable }, SETTINGS, UNITS).query
}

/** The sandbox's answer to the plugin's wire body, read as the plugin reads it. */
function sandboxQuote(query: FreightQuery): FreightQuote {
  const checked = validateFreightQuery(JSON.stringify(buildWireQuery(query)))
  if (!checked.ok) throw new Error(`the sandbox refused ${query.destinationCep}: ${checked.error.erro_mensagem}`)
  const { quotations } = readQuotations(quoteFreight(checked.query, { auction: false }))
  return { consultaToken: "bench", quotations }
}

const areaKey = (query: FreightQuery) => {
  const { origin_prefix, destination_area } = placeOf(query)
  return `${origin_prefix}|${destination_area}`
}

/** Each area's rows as the module reads them: newest first, at most AREA_ROWS. */
function learnFrom(queries: FreightQuery[]): Map<string, LearnedSample[]> {
  const areas = new Map<string, LearnedSample[]>()
  for (const query of queries) {
    const rows = areas.get(areaKey(query)) ?? []
    rows.unshift(...samplesOf(query, sandboxQuote(query)))
    areas.set(areaKey(query), rows.slice(0, AREA_ROWS))
  }
  return areas
}

const relative = (estimate: number, actual: number) => Math.abs(estimate - actual) / actual

function errorFigures(errors: number[], prices: number) {
  return {
    priced: errors.length,
    coverage_pct: round((100 * errors.length) / prices),
    median_error_pct: errors.length ? round(100 * median(errors), 2) : null,
    p90_error_pct: errors.length ? round(100 * percentile(errors, 90), 2) : null,
    within_10pct_pct: errors.length
      ? round((100 * errors.filter((error) => error <= 0.1).length) / errors.length)
      : null,
  }
}

/** Times `estimateFrom` per query over its area's rows, after a pass that lets the JIT settle. */
function costOf(queries: FreightQuery[], rowsOf: (query: FreightQuery) => LearnedSample[]) {
  for (const query of queries) estimateFrom(rowsOf(query), query)
  const times: number[] = []
  const rows: number[] = []
  for (const query of queries) {
    const area = rowsOf(query)
    const started = process.hrtime.bigint()
    estimateFrom(area, query)
    times.push(Number(process.hrtime.bigint() - started) / 1e6)
    rows.push(area.length)
  }
  return {
    quotes: queries.length,
    mean_rows: Math.round(rows.reduce((sum, count) => sum + count, 0) / rows.length),
    max_rows: Math.max(...rows),
    mean_ms: round(times.reduce((sum, ms) => sum + ms, 0) / times.length, 3),
    p99_ms: round(percentile(times, 99), 3),
  }
}

/** 13, in process: the learned prices' and the table's error on the held-out set, and the cost of a learned price. */
export function learnedInProcess() {
  const random = seeded(SEED)
  const learnedCeps = new Set<string>()
  const learned = Array.from({ length: LEARN_QUERIES }, () => {
    const cep = destination(random, new Set())
    learnedCeps.add(cep)
    return queryOf(cep, cart(random))
  })
  const heldOut = Array.from({ length: HELD_OUT }, () => {
    const cep = destination(random, learnedCeps)
    return queryOf(cep, cart(random))
  })
  const areas = learnFrom(learned)
  const rowsOf = (query: FreightQuery) => areas.get(areaKey(query)) ?? []

  let prices = 0
  const errors = { learned: [] as number[], region: 0, table: [] as number[], learnedOnTable: [] as number[] }
  const atCheckout: number[] = []
  for (const query of heldOut) {
    const byService = <T extends { service: string }>(list: T[]) => new Map(list.map((entry) => [entry.service, entry]))
    const estimates = byService<LearnedEstimate>(estimateFrom(rowsOf(query), query))
    const table = byService(tableEstimates(query, SETTINGS))
    for (const { service, price_cents: actual } of samplesOf(query, sandboxQuote(query))) {
      prices += 1
      const estimate = estimates.get(service)
      const band = table.get(service)
      if (estimate) errors.learned.push(relative(estimate.amountCents, actual))
      if (estimate?.level === "region") errors.region += 1
      if (band) errors.table.push(relative(band.amountCents, actual))
      if (band && estimate) errors.learnedOnTable.push(relative(estimate.amountCents, actual))
      // As checkout prices an outage: the learned price, else the table's.
      const priced = estimate ?? band
      if (priced) atCheckout.push(relative(priced.amountCents, actual))
    }
  }

  // The cost at the bound: an area holding AREA_ROWS rows (a busy district of São Paulo), new CEPs of it asked.
  const busy = seeded(SEED + 1)
  const busyPrefixes = Array.from({ length: 100 }, (_, index) => `040${String(index).padStart(2, "0")}`)
  const busyCeps = new Set<string>()
  const busyLearned = Array.from({ length: AREA_ROWS / FREIGHT_SERVICES.length }, () => {
    const cep = cepAmong(busy, busyPrefixes, busyCeps)
    busyCeps.add(cep)
    return queryOf(cep, cart(busy))
  })
  const busyArea = learnFrom(busyLearned).get(areaKey(busyLearned[0])) as LearnedSample[]
  const busyAsked = Array.from({ length: HELD_OUT }, () => queryOf(cepAmong(busy, busyPrefixes, busyCeps), cart(busy)))

  return {
    learned_from: LEARN_QUERIES,
    held_out: HELD_OUT,
    held_out_prices: prices,
    areas_learned: areas.size,
    learned: { ...errorFigures(errors.learned, prices), region_level_pct: round((100 * errors.region) / prices) },
    table: { ...errorFigures(errors.table, prices), services: SETTINGS.fallback.map((entry) => entry.service) },
    learned_on_table_prices: errorFigures(errors.learnedOnTable, errors.table.length),
    learned_else_table: errorFigures(atCheckout, prices),
    cost_as_learned: costOf(heldOut, rowsOf),
    cost_full_area: costOf(busyAsked, () => busyArea),
  }
}

export type LearnedInProcess = ReturnType<typeof learnedInProcess>

/** Areas of five states the server learns from the sandbox, and one it never sees (Manaus). */
const TAUGHT_AREAS = ["040", "220", "301", "400", "800"]
const TAUGHT_PER_AREA = 60
export const SERVER_SAMPLES = 100
const UNSEEN_AREA = "690"
const UNSEEN_SAMPLES = 30

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * 13, through the bench server: the store quote route taught by the sandbox's answers in five areas, then asked for
 * new CEPs of them while the sandbox fails; the plugin's own time (Server-Timing's `frete`) priced from the learned
 * rows once the circuit is open (the quotes that still called the API are counted apart), and by the table in an
 * area never learned.
 */
export async function learnedOnServer(c: Context) {
  const random = seeded(SEED + 2)
  const asked = new Set<string>()
  const prefixesOf = (area: string) =>
    Array.from({ length: 100 }, (_, index) => `${area}${String(index).padStart(2, "0")}`)
  const quote = async (area: string) => {
    const cep = cepAmong(random, prefixesOf(area), asked)
    asked.add(cep)
    const items = cart(random).map(({ handle, quantity }) => ({ variant_id: c.store.variantIds[handle], quantity }))
    const calls = () => c.sandbox.calls({ service: "freight" }).length
    const before = calls()
    try {
      const answer = await c.server.api.post("/store/frete/quotes", { postal_code: cep, items }, c.store.store)
      const header = String(answer.headers["server-timing"] ?? "")
      const part = (name: string) => Number(new RegExp(`${name};desc="[^"]+";dur=([0-9.]+)`).exec(header)?.[1])
      const quotes = answer.data.quotes as Array<{ estimated_from?: string | null }>
      // A failed call's time is the plugin's own in Server-Timing: such quotes are told apart by the sandbox's log.
      return { from: quotes.map((entry) => entry.estimated_from), frete: part("frete"), called: calls() > before }
    } catch {
      return null
    }
  }
  c.sandbox.clearCalls()
  for (const area of TAUGHT_AREAS) for (let index = 0; index < TAUGHT_PER_AREA; index += 1) await quote(area)
  // Learned off the shopper's path, once the answer is sent.
  await wait(2000)

  c.sandbox.setFault("freight", { mode: "status", status: 500 })
  const learned: number[] = []
  let [fromLearned, byTable, unpriced, apiCalled] = [0, 0, 0, 0]
  for (let index = 0; index < SERVER_SAMPLES; index += 1) {
    const answer = await quote(TAUGHT_AREAS[index % TAUGHT_AREAS.length])
    if (!answer) unpriced += 1
    else if (answer.from.includes("learned")) fromLearned += 1
    else byTable += 1
    if (answer?.called) apiCalled += 1
    else if (answer?.from.includes("learned")) learned.push(answer.frete)
  }
  const unseen: number[] = []
  for (let index = 0; index < UNSEEN_SAMPLES; index += 1) {
    const answer = await quote(UNSEEN_AREA)
    if (answer && !answer.called && answer.from.every((from) => from === "table")) unseen.push(answer.frete)
  }
  c.sandbox.setFault("freight", null)
  // The next figures need the circuit closed: wait out the open circuit, then one answered call closes it.
  const { data: status } = await c.server.api.get("/admin/frete/status", c.server.admin)
  const retryAt = status.freight.circuit.retry_at as string | null
  if (retryAt) await wait(Math.max(0, Date.parse(retryAt) - Date.now()) + 50)
  await quote(TAUGHT_AREAS[0])
  return {
    taught_quotes: TAUGHT_AREAS.length * TAUGHT_PER_AREA,
    samples: SERVER_SAMPLES,
    priced_from_learned: fromLearned,
    priced_by_table: byTable,
    unpriced,
    api_called: apiCalled,
    learned_frete_samples: learned.length,
    learned_frete_median_ms: round(median(learned), 2),
    learned_frete_p95_ms: round(percentile(learned, 95), 2),
    unseen_area_by_table: unseen.length,
    table_frete_median_ms: unseen.length ? round(median(unseen), 2) : null,
  }
}

export type LearnedOnServer = Awaited<ReturnType<typeof learnedOnServer>>

const pct = (value: number | null) => (value === null ? "—" : `${value.toFixed(2)} %`)

/** Figure 13's lines of the bench's table. */
export function learnedTableRows(figures: LearnedInProcess & { server: LearnedOnServer | null }) {
  const { learned, table, server } = figures
  return [
    {
      figure: `13. Learned prices' error, ${HELD_OUT} held-out queries`,
      measured: `median ${pct(learned.median_error_pct)}, p90 ${pct(learned.p90_error_pct)}; ${learned.coverage_pct} % of ${figures.held_out_prices} prices covered (learned from ${LEARN_QUERIES})`,
      target: "—",
    },
    {
      figure: "   the fallback table's, same set",
      measured: `median ${pct(table.median_error_pct)}, p90 ${pct(table.p90_error_pct)}; ${table.coverage_pct} % covered (${table.services.join(", ")})`,
      target: "—",
    },
    {
      figure: "   learned, on the table's prices",
      measured: `median ${pct(figures.learned_on_table_prices.median_error_pct)}, p90 ${pct(figures.learned_on_table_prices.p90_error_pct)} (${figures.learned_on_table_prices.priced} prices)`,
      target: "—",
    },
    {
      figure: "   learned within 10 % of the API",
      measured: `${learned.within_10pct_pct ?? "—"} % of learned prices; learned else table: ${figures.learned_else_table.coverage_pct} % covered, p90 ${pct(figures.learned_else_table.p90_error_pct)}`,
      target: "≥ 90 %",
    },
    {
      figure: "   pricing from learned rows, per quote",
      measured: `mean ${figures.cost_as_learned.mean_ms} ms, p99 ${figures.cost_as_learned.p99_ms} ms (${figures.cost_as_learned.mean_rows} rows on average)`,
      target: "mean < 2 ms",
    },
    {
      figure: `   the same, an area of ${AREA_ROWS} rows`,
      measured: `mean ${figures.cost_full_area.mean_ms} ms, p99 ${figures.cost_full_area.p99_ms} ms`,
      target: "mean < 2 ms",
    },
    ...(server
      ? [
          {
            figure: "   store quote route, API failing (frete)",
            measured: `${server.priced_from_learned} of ${server.samples} from learned; circuit open: median ${server.learned_frete_median_ms} ms, p95 ${server.learned_frete_p95_ms} ms (table: median ${server.table_frete_median_ms} ms)`,
            target: "—",
          },
        ]
      : []),
  ]
}
