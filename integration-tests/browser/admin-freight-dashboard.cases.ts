// The Frete page (admin-dashboard.spec.ts, its last cases): quotes and orders made through the sandbox,
// some from the learned prices or the fallback table while the freight service fails, then the page's
// numbers against the quotes made and against GET /admin/frete/stats, in the spec's Portuguese, then in
// English once the merchant switches the dashboard's language. The orders' freight widget: admin-order-freight.cases.ts.
// The server counts in batches a few seconds apart: every number is waited for, never timed.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import type { DemoStore } from "../../scripts/demo/seed"
import { eventually, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import type { Sandbox } from "../../sandbox/server"
import { LATENCY_BOUNDS, OUTCOMES, type FreightStats, type StatsRange } from "../../src/lib/admin-contract"
import {
  estimateShare,
  latencies,
  learnedFigures,
  ordersByService,
  outcomeTotals,
} from "../../src/admin/lib/freight-stats"
import { SHOTS, type BrowserStore } from "../helpers/browser-store"
import { brl, countOf, setDashboardLanguage, shownLatency, shownLearned, shownShare } from "../helpers/admin-page"

/** CEPs no other case of the spec quotes: each is a new freight query, not an answer the server kept. */
const API_CEPS = ["40020-000", "50030-230", "60060-440"]
const TABLE_CEPS = ["69005-070", "66010-000"]
/** One district of Rio (the learned prices' region: its first 5 digits), quoted with 1 to 4 mugs, then 1 and 2 again. */
const LEARNED_CEPS = ["22451-000", "22451-010", "22451-020", "22451-030", "22451-041", "22451-042"]
const LEARNED_ORDER_CEP = "22451-050"
/** Rio de Janeiro's, as the shopper's address of placeOrder. */
const API_ORDER_CEP = "22041-001"
// Macapá: a state the API is never asked for here, so the table, not the learned prices, prices it.
const TABLE_ORDER_CEP = "68906-000"

/** Waits for the server's batches: up to a minute. */
const COUNTED = 600

/** A key of the admin's texts shown as it is: a text missing from a catalogue. */
const RAW_KEY = /frete\.[a-zA-Z]+\.[a-zA-Z]/

/** The orders the first case places: one priced from the fallback table, one from the learned prices, one by the API. */
export type PricedOrders = { tableOrderId: string; learnedOrderId: string; apiOrderId: string }

export const freightDashboardCases = (started: () => BrowserStore): (() => PricedOrders) => {
  let server: MedusaServer
  let store: DemoStore
  let sandbox: Sandbox
  let page: Page
  let tableOrderId: string
  let learnedOrderId: string
  let apiOrderId: string

  const byTestId = (id: string) => page.getByTestId(id)
  const text = async (id: string) => ((await byTestId(id).first().textContent()) ?? "").trim()
  const stats = async (range: StatsRange = "7d") =>
    (await server.api.get("/admin/frete/stats", { ...server.admin, params: { range } })).data as FreightStats
  const productPageQuote = async (cep: string, quantity = 1) =>
    (
      await server.api.post(
        "/store/frete/quotes",
        { postal_code: cep, items: [{ variant_id: store.variantIds["caneca-ceramica"], quantity }] },
        store.store
      )
    ).data.quotes as Array<{ service: string; is_fallback: boolean }>
  const openDashboard = async () => {
    await page.goto(`${server.url}/app/frete`)
    await byTestId("frete-dashboard-chart-outcomes").waitFor()
  }
  /** The page's figures, and what the server's stats say they must be (the range's, counted at the same moment). */
  const figures = async (range: StatsRange, locale: string) => {
    const server = await stats(range)
    const { range: latency } = latencies(server)
    const pac = ordersByService(server.rows).find((row) => row.service === "correios-pac")
    const expected = {
      ...Object.fromEntries(OUTCOMES.map((outcome) => [outcome, String(outcomeTotals(server.rows)[outcome])])),
      share: shownShare(estimateShare(server.rows), locale),
      p50: shownLatency(latency.p50, locale),
      p95: shownLatency(latency.p95, locale),
      pacOrders: String(pac?.orders ?? ""),
      pacFromTable: String(pac?.fromTable ?? ""),
      created: String(server.tracking.created),
      failed: String(server.tracking.failed),
      waiting: String(server.tracking.waiting),
      ...shownLearned(server, locale),
    }
    const shown = {
      ...Object.fromEntries(
        await Promise.all(
          OUTCOMES.map(async (outcome) => [outcome, await text(`frete-dashboard-outcome-total-${outcome}`)])
        )
      ),
      share: await text("frete-dashboard-estimate-share"),
      p50: await text("frete-dashboard-latency-p50"),
      p95: await text("frete-dashboard-latency-p95"),
      pacOrders: await text("frete-dashboard-orders-row-correios-pac-orders"),
      pacFromTable: await text("frete-dashboard-orders-row-correios-pac-table"),
      created: await text("frete-dashboard-tracking-created"),
      failed: await text("frete-dashboard-tracking-failed"),
      waiting: await text("frete-dashboard-tracking-waiting"),
      coverage: await text("frete-dashboard-learned-coverage"),
      within10: await text("frete-dashboard-learned-within10"),
      meanError: await text("frete-dashboard-learned-meanError"),
      medianError: await text("frete-dashboard-learned-medianError"),
    }
    return { server, expected, shown }
  }
  /** The page's figures once they equal the server's: the page asks again on a reload. */
  const settledFigures = async (range: StatsRange, locale: string) =>
    eventually(
      async () => {
        const read = await figures(range, locale)
        if (JSON.stringify(read.shown) === JSON.stringify(read.expected)) return read
        await page.reload()
        await byTestId(`frete-dashboard-figures-${range}`).waitFor()
        return undefined
      },
      30,
      "the page's figures equal to the server's"
    )
  beforeAll(() => {
    ;({ server, store, sandbox, page } = started())
  })

  it("counts the quotes made by outcome, and the Frete page shows the server's numbers in Portuguese", async () => {
    const before = await stats()
    const mug = store.variantIds["caneca-ceramica"]
    const beforeJadlog = ordersByService(before.rows).find((row) => row.service === "jadlog-package")

    // Answered by the API, a little slower than the sandbox's default so the answer time shows.
    sandbox.configure({ latencyMs: 120 })
    const { rules } = (await server.api.get("/admin/frete/settings", server.admin)).data.settings
    const freeInRio = { name: "Frete grátis no RJ", scope: { states: ["RJ"] }, action: { type: "free_cheapest" } }
    await server.api.post("/admin/frete/settings", { rules: [...rules, freeInRio] }, server.admin)
    try {
      for (const cep of API_CEPS) {
        expect((await productPageQuote(cep)).every((quote) => !quote.is_fallback)).toBe(true)
      }
      // Free freight on the cheapest service (Jadlog's).
      apiOrderId = (
        await placeOrder(
          server.api,
          store,
          store.optionIds.cheapest,
          [{ variant_id: store.variantIds["caneca-ceramica"], quantity: 1 }],
          { postal_code: API_ORDER_CEP }
        )
      ).id
    } finally {
      await server.api.post("/admin/frete/settings", { rules }, server.admin)
      sandbox.configure({ latencyMs: 0 })
    }
    // The API prices a district for 1 to 4 mugs: what it learns covers the next answers there, measured as they come.
    for (const [index, cep] of LEARNED_CEPS.entries()) {
      expect((await productPageQuote(cep, (index % 4) + 1)).every((quote) => !quote.is_fallback)).toBe(true)
    }
    await eventually(
      async () => countOf(await stats(), "learned", "covered") > countOf(before, "learned", "covered"),
      COUNTED,
      "an API answer the learned prices covered"
    )

    // The freight service fails: the district's carts get the learned prices; new areas the fallback table's, at the
    // product page and at checkout.
    sandbox.setFault("freight", { mode: "status", status: 503 })
    try {
      for (const cep of TABLE_CEPS) {
        const quotes = await productPageQuote(cep)
        expect(quotes.length).toBeGreaterThan(0)
        expect(quotes.every((quote) => quote.is_fallback)).toBe(true)
      }
      tableOrderId = (
        await placeOrder(
          server.api,
          store,
          store.optionIds["correios-pac"],
          [{ variant_id: store.variantIds["caneca-ceramica"], quantity: 1 }],
          { postal_code: TABLE_ORDER_CEP }
        )
      ).id
      learnedOrderId = (
        await placeOrder(server.api, store, store.optionIds["correios-pac"], [{ variant_id: mug, quantity: 1 }], {
          postal_code: LEARNED_ORDER_CEP,
        })
      ).id
    } finally {
      sandbox.setFault("freight", null)
    }

    const delta = (after: FreightStats, key: string) => countOf(after, "quote", key) - countOf(before, "quote", key)
    const after = await eventually(
      async () => {
        const now = await stats()
        const jadlog = ordersByService(now.rows).find((row) => row.service === "jadlog-package")
        const counted =
          delta(now, "page:api") >= API_CEPS.length + LEARNED_CEPS.length &&
          delta(now, "page:table") >= TABLE_CEPS.length &&
          delta(now, "checkout:table") >= 1 &&
          delta(now, "checkout:learned") >= 1 &&
          countOf(now, "order_fallback", "correios-pac") - countOf(before, "order_fallback", "correios-pac") >= 1 &&
          (jadlog?.free ?? 0) > (beforeJadlog?.free ?? 0)
        return counted ? now : undefined
      },
      COUNTED,
      "the quotes and orders counted"
    )
    // One new query per new CEP of the product page: exactly the quotes made, by outcome.
    expect(delta(after, "page:api")).toBe(API_CEPS.length + LEARNED_CEPS.length)
    expect(delta(after, "page:table")).toBe(TABLE_CEPS.length)
    expect(delta(after, "page:kept") + delta(after, "page:refused") + delta(after, "page:failed")).toBe(0)
    expect(countOf(after, "api_error", "server") + countOf(after, "api_error", "circuit_open")).toBeGreaterThan(
      countOf(before, "api_error", "server") + countOf(before, "api_error", "circuit_open")
    )
    expect(
      after.rows
        .filter((row) => row.metric === "api_ms")
        .every((row) => (LATENCY_BOUNDS as readonly string[]).includes(row.key))
    ).toBe(true)

    await openDashboard()
    expect(await byTestId("frete-dashboard-page").locator('[aria-pressed="true"]').getAttribute("data-testid")).toBe(
      "frete-dashboard-range-7d"
    )
    const { server: shownStats, shown } = await settledFigures("7d", "pt-BR")
    const totals = outcomeTotals(shownStats.rows)
    expect(Number(shown.api)).toBeGreaterThanOrEqual(API_CEPS.length)
    expect(Number(shown.table)).toBeGreaterThanOrEqual(TABLE_CEPS.length + 1)
    expect(shown.share).toMatch(/^\d+(,\d)?%$/)
    expect(Number(shown.learned)).toBeGreaterThanOrEqual(1)
    expect(shown.coverage).toMatch(/^\d+(,\d)?% \([\d.]+ de [\d.]+ cotações\)$/)
    expect(learnedFigures(shownStats.rows)?.covered).toBeGreaterThanOrEqual(1)
    expect(await byTestId("frete-dashboard-learned").locator("h2").textContent()).toBe("Preços aprendidos")
    expect(shown.p95).toMatch(/^(≤ \d+ ms|≤ \d+(,\d)? s|> 10 s)$/)
    expect(Number(shown.created)).toBeGreaterThan(0)

    // Every bar says its number; the stacks of the chart add up to the totals.
    const outcomesChart = byTestId("frete-dashboard-outcomes-svg")
    expect(await outcomesChart.locator("title").first().textContent()).toBe(
      "Novas consultas de frete por dia, por resultado"
    )
    const barTitles = await outcomesChart.locator("rect > title").allTextContents()
    const chartTotal = (label: string) =>
      barTitles
        .filter((title) => title.includes(` · ${label}: `))
        .reduce((sum, title) => sum + Number(title.split(": ").pop()), 0)
    expect(chartTotal("Respondida pela API")).toBe(totals.api)
    expect(chartTotal("Tabela de contingência")).toBe(totals.table)
    expect(chartTotal("Preços aprendidos")).toBe(totals.learned)
    expect(await byTestId("frete-dashboard-outcomes").textContent()).toContain(
      "Preços do checkout que foram estimativas"
    )
    expect(await byTestId("frete-dashboard-latency-svg").locator("rect > title").first().textContent()).toMatch(
      / · (Mediana \(p50\)|p95): (≤|>) /
    )
    expect(await text("frete-dashboard-error-server")).toMatch(/^Erro do servidor \(5xx\)/)

    // Orders: the merchant's names, averages in reais, the table's order counted.
    const pacRow = "frete-dashboard-orders-row-correios-pac"
    expect(await text(`${pacRow}-name`)).toBe("PAC")
    expect(await text(`${pacRow}-average`)).toMatch(/^R\$ \d+,\d{2}$/)
    expect(await text(`${pacRow}-days`)).toMatch(/^\d+(,\d)? dias úteis$/)
    expect(Number(await text(`${pacRow}-table`))).toBeGreaterThanOrEqual(1)
    expect(await text("frete-dashboard-orders-row-jadlog-package-name")).toBe("Jadlog .Package")
    expect(Number(await text("frete-dashboard-orders-row-jadlog-package-free"))).toBeGreaterThanOrEqual(1)
    expect(await byTestId("frete-dashboard-tracking-failed-link").getAttribute("href")).toMatch(
      /\/app\/settings\/frete-tracking$/
    )

    const content = (await byTestId("frete-dashboard-page").textContent()) ?? ""
    expect(content).not.toMatch(RAW_KEY)
    expect(
      ["Answered by the API", "Fallback table", "Orders by service", "Tracking orders"].filter((english) =>
        content.includes(english)
      )
    ).toEqual([])
    for (const chart of ["outcomes", "learned", "latency", "orders", "tracking"]) {
      await byTestId(`frete-dashboard-${chart}`).screenshot({ path: path.join(SHOTS, `admin-freight-${chart}.png`) })
    }

    // The last 24 hours: an hour per bar, the same quotes.
    await byTestId("frete-dashboard-range-24h").click()
    await byTestId("frete-dashboard-figures-24h").waitFor()
    await settledFigures("24h", "pt-BR")
    expect(await byTestId("frete-dashboard-outcomes-svg").locator("title").first().textContent()).toBe(
      "Novas consultas de frete por hora, por resultado"
    )

    // The failed list is one click away.
    await byTestId("frete-dashboard-tracking-failed-link").click()
    await byTestId("frete-failed-tracking-page").waitFor()

    // A tracking call the service acted on, then answered 500: the service may have the order. "Reenviar"
    // on the order's page and "Reenviar todos" both say so and send it only once the merchant confirms.
    sandbox.setFault("tracking", { mode: "fail-after-create", times: 1 })
    const items = [{ variant_id: store.variantIds["caneca-ceramica"], quantity: 1 }]
    const shipped = await placeOrder(server.api, store, store.optionIds.cheapest, items)
    await shipOrder(server.api, store, shipped, { trackingNumber: "BR000000888BR" })
    const rowOf = async () =>
      (await server.api.get("/admin/frete/tracking-orders", { ...server.admin, params: { order_id: shipped.id } })).data
        .tracking_orders[0] as { id: string; status: string; maybe_created: boolean } | undefined
    const row = await eventually(async () => ((await rowOf())?.status === "failed" ? rowOf() : undefined))
    expect(row?.maybe_created).toBe(true)
    const number = String(shipped.display_id)
    const orderNumber = (call: { body: unknown }) => (call.body as { OrderNumber?: unknown } | null)?.OrderNumber
    const sent = () => sandbox.calls({ service: "tracking" }).filter((call) => orderNumber(call) === number).length
    const item = `frete-tracking-order-${row?.id}`
    await page.goto(`${server.url}/app/orders/${shipped.id}`)
    await byTestId(`${item}-retry`).click()
    await byTestId(`${item}-maybe-created`).waitFor()
    expect(await text(`${item}-maybe-created`)).toMatch(/pode já ter criado este pedido/)
    expect(await text(`${item}-retry-confirm`)).toBe("Conferi o painel: reenviar")
    await byTestId(`${item}-retry-cancel`).click()

    await page.goto(`${server.url}/app/settings/frete-tracking`)
    await byTestId(`frete-failed-tracking-${row?.id}-maybe-created`).waitFor()
    await byTestId("frete-failed-tracking-resend-all").click()
    await byTestId(`frete-failed-tracking-held-${row?.id}`).waitFor()
    expect(await text("frete-failed-tracking-held")).toMatch(/o serviço pode já ter criado estes pedidos/)
    expect(sent()).toBe(1)
    await byTestId("frete-failed-tracking-held-confirm").click()
    await eventually(async () => (await rowOf())?.status === "created")
    expect(sent()).toBe(2)
  })

  it("reads in English once the merchant switches the dashboard's language, with the same numbers", async () => {
    await setDashboardLanguage(page, server.url, "English")
    try {
      await openDashboard()
      await settledFigures("7d", "en-US")
      expect(await byTestId("frete-dashboard-outcomes").locator("h2").textContent()).toBe(
        "New freight queries by outcome"
      )
      expect(await byTestId("frete-dashboard-latency").locator("h2").textContent()).toBe("Freight API answer time")
      expect(await byTestId("frete-dashboard-orders").locator("h2").textContent()).toBe("Orders by service chosen")
      expect(await byTestId("frete-dashboard-tracking").locator("h2").textContent()).toBe("Tracking orders")
      expect(await text("frete-dashboard-range-30d")).toBe("Last 30 days")
      expect(await text("frete-dashboard-tracking-failed-link")).toBe("See the failed ones")
      expect(await text("frete-dashboard-orders-row-correios-pac-days")).toMatch(/^\d+(\.\d)? business days$/)
      const content = (await byTestId("frete-dashboard-page").textContent()) ?? ""
      for (const label of [
        "Answered by the API",
        "Kept answer",
        "Learned prices",
        "Fallback table",
        "Refused",
        "Failed",
        "Checkout prices that were estimates (learned prices or fallback table)",
        "Within 10% of the API's price",
      ]) {
        expect(content).toContain(label)
      }
      expect(
        [
          "Respondida pela API",
          "Tabela de contingência",
          "Preços aprendidos",
          "Pedidos por serviço",
          "Últimos 7 dias",
          "dias úteis",
        ].filter((portuguese) => content.includes(portuguese))
      ).toEqual([])
      expect(content).not.toMatch(RAW_KEY)
      expect(await byTestId("frete-dashboard-outcomes-svg").locator("title").first().textContent()).toBe(
        "New freight queries per day, by outcome"
      )

      await page.goto(`${server.url}/app/orders/${learnedOrderId}`)
      await byTestId("frete-order-freight").waitFor()
      expect(await page.locator('[data-testid$="-estimated"]').textContent()).toBe("Estimated price (learned prices)")
      await page.goto(`${server.url}/app/orders/${tableOrderId}`)
      await byTestId("frete-order-freight").waitFor()
      expect(await byTestId("frete-order-freight").locator("h2").textContent()).toBe("Freight")
      expect(await page.locator('[data-testid$="-estimated"]').textContent()).toBe("Estimated price (fallback table)")
      expect(await page.locator('[data-testid$="-promised"]').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)

      // "Ask the API now", once the API answers the order's query again (a failure is remembered freight.cache.failureTtlMs, 2 s here):
      // what it charges the order's option today, beside the estimate.
      const apiAmount = await eventually(
        async () =>
          (await server.api.get(`/admin/frete/orders/${tableOrderId}/api-price`, server.admin)).data.api_prices[0]
            ?.api_amount as number | null,
        450,
        "the API's price of the estimated order"
      )
      await page.locator('[data-testid$="-ask-api"]').click()
      const apiPrice = page.locator('[data-testid$="-api-price"]')
      await apiPrice.waitFor()
      expect(await apiPrice.textContent()).toBe(brl(apiAmount))
      expect(await page.getByText("The API would charge today").count()).toBe(1)
      await byTestId("frete-order-freight").screenshot({ path: path.join(SHOTS, "admin-order-freight-api-price.png") })
    } finally {
      await setDashboardLanguage(page, server.url, "Português (Brasil)")
    }
  })

  return () => ({ tableOrderId, learnedOrderId, apiOrderId })
}
