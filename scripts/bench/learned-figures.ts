// Figure 13 of `npm run bench`: the learned prices (issue 49). In process, a store's traffic from the demo's origin
// (destinations weighted like a Brazilian shop's orders, carts of the demo's products), each query built as the
// plugin builds it and answered by the sandbox's own pricing: learned from LEARN_QUERIES, then HELD_OUT queries to
// CEPs never learned are priced from the learned figures and by the demo's fallback table, against the sandbox's
// price. Then what pricing from an area's rows costs, and the plugin's own time on the store quote route of the
// bench server while the sandbox fails. Seeded: the same figures every run.
import { tableEstimates } from "../../src/lib/checkout/offers"
import { buildWireQuery } from "../../src/lib/freight/client"
import { readQuotations, type FreightQuery, type FreightQuote } from "../../src/lib/freight/schemas"
import {
  billableWeightKg,
  estimateFrom,
  placeOf,
  samplesOf,
  type LearnedEstimate,
  type LearnedSample,
} from "../../src/lib/learned/learned-prices"
import { validateFreightQuery } from "../../sandbox/freight"
import { quoteFreight } from "../../sandbox/freight-pricing"
import { FREIGHT_SERVICES } from "../../sandbox/freight-services"
import type { Context } from "./checkout-figures"
import { median, percentile, round } from "./measure"
import { cart, cepAmong, destination, queryOf, seeded, SETTINGS } from "./shop-traffic"

const LEARN_QUERIES = 5000
export const HELD_OUT = 1000
/** The rows the module reads per origin and area, newest first (src/modules/frete/learned-prices.ts). */
const AREA_ROWS = 2000
const SEED = 49

/** The sandbox's answer to the plugin's wire body, read as the plugin reads it. */
function sandboxQuote(query: FreightQuery): FreightQuote {
  const checked = validateFreightQuery(JSON.stringify(buildWireQuery(query)))
  if (!checked.ok) throw new Error(`the sandbox refused ${query.destinationCep}: ${checked.error.erro_mensagem}`)
  const { quotations } = readQuotations(quoteFreight(checked.query, { auction: false }))
  return { consultaToken: "bench", quotations }
}

/** The keys of a query's area and state rows. */
const keysOf = (query: FreightQuery) => {
  const { origin_prefix, destination_area, destination_state } = placeOf(query)
  return [`${origin_prefix}|${destination_area}`, `${origin_prefix}|${destination_state}`]
}
type Known = (query: FreightQuery) => [LearnedSample[], LearnedSample[]]
const knownIn =
  (rows: Map<string, LearnedSample[]>): Known =>
  (query) =>
    keysOf(query).map((key) => rows.get(key) ?? []) as [LearnedSample[], LearnedSample[]]

type Tariff = (query: FreightQuery) => FreightQuote

/** Weights a carrier's table rounds up to (Correios' first bands), then whole kilograms. */
const STEPS_KG = [0.3, 0.5, 1]

/** The sandbox's tariff as a carrier's table: the billable weight rounded up to its band before the price per kg. */
function steppedQuote(query: FreightQuery): FreightQuote {
  const kg = billableWeightKg(query)
  const band = STEPS_KG.find((step) => kg <= step) ?? Math.ceil(kg)
  const linear = sandboxQuote(query)
  // Each service's price per kg on this route: the same query with one more kilogram, declared at 0.
  const kilo = { sku: "kg", quantity: 1, price: 0, weightKg: 1, lengthCm: 1, widthCm: 1, heightCm: 1 }
  const heavier = new Map(
    sandboxQuote({ ...query, volumes: [...query.volumes, kilo] }).quotations.map((q) => [q.service, q.priceCents])
  )
  const quotations = linear.quotations.map((q) => {
    const perKg = (heavier.get(q.service) ?? q.priceCents) - q.priceCents
    return { ...q, priceCents: Math.round(q.priceCents + perKg * (band - kg)) }
  })
  return { ...linear, quotations }
}

/** Each area's and state's rows as the module reads them: newest first, at most AREA_ROWS. */
function learnFrom(queries: FreightQuery[], tariff: Tariff = sandboxQuote): Map<string, LearnedSample[]> {
  const areas = new Map<string, LearnedSample[]>()
  for (const query of queries) {
    const samples = samplesOf(query, tariff(query))
    for (const key of keysOf(query)) areas.set(key, [...samples, ...(areas.get(key) ?? [])].slice(0, AREA_ROWS))
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
function costOf(queries: FreightQuery[], rowsOf: Known) {
  const estimate = (query: FreightQuery) => {
    const [area, state] = rowsOf(query)
    return { rows: area.length + state.length, estimates: estimateFrom(area, query, state) }
  }
  for (const query of queries) estimate(query)
  const times: number[] = []
  const rows: number[] = []
  for (const query of queries) {
    const started = process.hrtime.bigint()
    rows.push(estimate(query).rows)
    times.push(Number(process.hrtime.bigint() - started) / 1e6)
  }
  return {
    quotes: queries.length,
    mean_rows: Math.round(rows.reduce((sum, count) => sum + count, 0) / rows.length),
    max_rows: Math.max(...rows),
    mean_ms: round(times.reduce((sum, ms) => sum + ms, 0) / times.length, 3),
    p99_ms: round(percentile(times, 99), 3),
  }
}

/** The held-out prices against `tariff`'s: learned, the table's, and learned else the table (an outage's checkout). */
function heldOutErrors(heldOut: FreightQuery[], rowsOf: Known, tariff: Tariff) {
  let prices = 0
  const errors = { learned: [] as number[], region: 0, state: 0, table: [] as number[], learnedOnTable: [] as number[] }
  const atCheckout: number[] = []
  for (const query of heldOut) {
    const byService = <T extends { service: string }>(list: T[]) => new Map(list.map((entry) => [entry.service, entry]))
    const [area, state] = rowsOf(query)
    const estimates = byService<LearnedEstimate>(estimateFrom(area, query, state))
    const table = byService(tableEstimates(query, SETTINGS))
    for (const { service, price_cents: actual } of samplesOf(query, tariff(query))) {
      prices += 1
      const estimate = estimates.get(service)
      const band = table.get(service)
      if (estimate) errors.learned.push(relative(estimate.amountCents, actual))
      if (estimate?.level === "region") errors.region += 1
      if (estimate?.level === "state") errors.state += 1
      if (band) errors.table.push(relative(band.amountCents, actual))
      if (band && estimate) errors.learnedOnTable.push(relative(estimate.amountCents, actual))
      const priced = estimate ?? band
      if (priced) atCheckout.push(relative(priced.amountCents, actual))
    }
  }
  const figures = {
    learned: {
      ...errorFigures(errors.learned, prices),
      region_level_pct: round((100 * errors.region) / prices),
      state_level_pct: round((100 * errors.state) / prices),
    },
    table: { ...errorFigures(errors.table, prices), services: SETTINGS.fallback.map((entry) => entry.service) },
    learned_on_table_prices: errorFigures(errors.learnedOnTable, errors.table.length),
    learned_else_table: errorFigures(atCheckout, prices),
  }
  return { prices, figures }
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
  const rowsOf = knownIn(areas)
  const linear = heldOutErrors(heldOut, rowsOf, sandboxQuote)
  const stepped = heldOutErrors(heldOut, knownIn(learnFrom(learned, steppedQuote)), steppedQuote)

  // The cost at the bound: an area holding AREA_ROWS rows (a busy district of São Paulo), new CEPs of it asked.
  const busy = seeded(SEED + 1)
  const busyPrefixes = Array.from({ length: 100 }, (_, index) => `040${String(index).padStart(2, "0")}`)
  const busyCeps = new Set<string>()
  const busyLearned = Array.from({ length: AREA_ROWS / FREIGHT_SERVICES.length }, () => {
    const cep = cepAmong(busy, busyPrefixes, busyCeps)
    busyCeps.add(cep)
    return queryOf(cep, cart(busy))
  })
  const busyArea = learnFrom(busyLearned).get(keysOf(busyLearned[0])[0]) as LearnedSample[]
  const busyAsked = Array.from({ length: HELD_OUT }, () => queryOf(cepAmong(busy, busyPrefixes, busyCeps), cart(busy)))

  return {
    learned_from: LEARN_QUERIES,
    held_out: HELD_OUT,
    held_out_prices: linear.prices,
    areas_learned: areas.size,
    ...linear.figures,
    stepped_tariffs: stepped.figures,
    cost_as_learned: costOf(heldOut, rowsOf),
    cost_full_area: costOf(busyAsked, () => [busyArea, []]),
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
  const { learned, table, server, stepped_tariffs: stepped } = figures
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
    {
      figure: "   against stepped tariffs (0.3, 0.5, 1 kg, then whole kg)",
      measured: `learned median ${pct(stepped.learned.median_error_pct)}, p90 ${pct(stepped.learned.p90_error_pct)}, ${stepped.learned.coverage_pct} % covered, ${stepped.learned.within_10pct_pct ?? "—"} % within 10 %; table median ${pct(stepped.table.median_error_pct)}; learned else table p90 ${pct(stepped.learned_else_table.p90_error_pct)}`,
      target: "—",
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
