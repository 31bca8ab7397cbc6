// Prices that outlive an outage: the sandbox answers a few hundred quotes across regions and weights, then fails; new
// carts to CEPs and weights never quoted exactly are priced from what was learned, flagged as estimates, and are near
// what the sandbox would have charged (its own pricing function, run here as the oracle). An area never seen gets the
// table. The learned rows hold CEP prefixes, weights and prices only.
import type { BrazilianStore } from "../helpers/brazilian-store"
import { ORIGIN_CEP } from "../helpers/brazilian-store"
import { MUG, SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import type { FreteConfiguredCases } from "../helpers/frete-runner"
import { createFreteOption, createProduct } from "../../scripts/lib/store-api"
import { FRETE_MODULE } from "../../src/modules/frete"
import type FreteModuleService from "../../src/modules/frete/service"
import { validateFreightQuery } from "../../sandbox/freight"
import { quoteFreight } from "../../sandbox/freight-pricing"
import pruneLearnedPricesJob from "../../src/jobs/prune-learned-prices"

const SERVICES = ["correios-pac", "correios-sedex", "jadlog-package", "azul-amanha"]
const PAC_TABLE = { service: "correios-pac", name: "PAC (tabela da loja)", carrier: "correios" }
const FALLBACK = [{ ...PAC_TABLE, bands: [{ max_weight_kg: 100, price: 29.9, days: 6 }] }]
/** Ten areas in ten states, three regions (5-digit prefixes) each. */
const REGIONS = ["130", "200", "301", "400", "500", "660", "700", "800", "880", "900"].flatMap((area) =>
  ["10", "20", "40"].map((rest) => `${area}${rest}`)
)
/** Shirts and mugs: weight and declared value move apart. */
const LEARNED_CARTS = [
  [1, 0],
  [2, 1],
  [4, 0],
  [1, 3],
  [3, 2],
  [6, 1],
  [2, 5],
  [5, 4],
  [3, 0],
  [1, 1],
]
const NEW_CARTS = [
  [2, 2],
  [4, 3],
  [3, 1],
  [5, 0],
  [1, 4],
]

type Quote = { service: string; amount: number; is_fallback: boolean; estimated_from?: string | null }

export const learnedPricesCases: FreteConfiguredCases = {
  pluginOptions: { freight: { timeoutMs: 10_000, circuitBreaker: { enabled: false } } },
  cases: ({ api, getContainer, sandbox }) => {
    let store: BrazilianStore
    let shirt: string
    let mug: string

    beforeAll(async () => {
      store = await createCheckoutStore(
        { api, getContainer },
        { fallback: FALLBACK, quote_route_limit_per_minute: 10_000, quote_store_limit_per_minute: 100_000 }
      )
      shirt = (await createProduct(api, store, SHIRT)).variantId
      mug = (await createProduct(api, store, MUG)).variantId
      for (const service of SERVICES) await createFreteOption(api, store, service, service)
    })

    const items = ([shirts, mugs]: number[]) => [
      ...(shirts ? [{ variant_id: shirt, quantity: shirts }] : []),
      ...(mugs ? [{ variant_id: mug, quantity: mugs }] : []),
    ]
    const quote = async (cep: string, cart: number[]) => {
      const answer = await api.post("/store/frete/quotes", { postal_code: cep, items: items(cart) }, store.store)
      return answer.data.quotes as Quote[]
    }
    const figures = async () => {
      const { data } = await api.get("/admin/frete/stats?range=24h", store.admin)
      const rows = data.rows as Array<{ metric: string; key: string; count: number }>
      return (metric: string, key: string) =>
        rows.filter((row) => row.metric === metric && row.key === key).reduce((sum, row) => sum + row.count, 0)
    }
    /** What the sandbox charges for this cart and CEP, in centavos per service: its own function. */
    const oracle = (cep: string, [shirts, mugs]: number[]) => {
      const volume = (product: typeof SHIRT, quantity: number) => ({
        quantidade: quantity,
        preco: product.price,
        peso: (product.weight as number) / 1000,
        comprimento: product.length,
        largura: product.width,
        altura: product.height,
      })
      const body = {
        cep_origem: ORIGIN_CEP.replace("-", ""),
        cep_destino: cep.replace("-", ""),
        valor_notafiscal: shirts * SHIRT.price + mugs * MUG.price,
        volumes: [...(shirts ? [volume(SHIRT, shirts)] : []), ...(mugs ? [volume(MUG, mugs)] : [])],
      }
      const validated = validateFreightQuery(JSON.stringify(body))
      if (!validated.ok) throw new Error(`the oracle refused ${cep}`)
      const quotations = quoteFreight(validated.query, { auction: false })
      return new Map(
        quotations.map((q) => [q.servico_metaname, Math.round(Number(q.cotacao_preco.replace(",", ".")) * 100)])
      )
    }

    it("prices new carts from what was learned within 10% of the API, flagged; an area never seen gets the table", async () => {
      const frete = getContainer().resolve<FreteModuleService>(FRETE_MODULE)
      // Read before: an earlier test's figures may still be written into this one's database.
      const before = await figures()
      const rowsBefore = (await frete.listAndCountLearnedPrices({}, { take: 0 }))[1]
      let asked = 0
      for (const region of REGIONS) {
        const answers = await Promise.all(
          LEARNED_CARTS.map((cart, index) => quote(`${region}-${String(100 + index)}`, cart))
        )
        for (const quotes of answers) expect(quotes.map((row) => row.is_fallback)).toEqual([false, false, false, false])
        asked += answers.length
      }
      // Learned after each answer, off the shopper's path: every service of every answer, once written.
      const learnedRows = async () => (await frete.listAndCountLearnedPrices({}, { take: 0 }))[1]
      for (let tries = 0; tries < 200 && (await learnedRows()) < rowsBefore + asked * SERVICES.length; tries += 1)
        await new Promise((resolve) => setTimeout(resolve, 50))
      expect(await learnedRows()).toBe(rowsBefore + asked * SERVICES.length)

      sandbox().setFault("freight", { mode: "status", status: 500 })
      const errors: number[] = []
      // CEPs of the learned regions never quoted (suffix 555), of regions of learned areas never quoted (xxx70), and of
      // areas never quoted in learned states (Niterói, Montes Claros, Londrina, Caxias do Sul).
      const ceps = [
        ...REGIONS.map((region) => `${region}-555`),
        ...REGIONS.filter((_, i) => i % 3 === 0).map((r) => `${r.slice(0, 3)}70-001`),
        ...["24020-100", "39400-001", "86010-100", "95020-100"],
      ]
      for (const cep of ceps) {
        const cart = NEW_CARTS[errors.length % NEW_CARTS.length]
        const expected = oracle(cep, cart)
        const quotes = await quote(cep, cart)
        expect(quotes.map((row) => row.service).sort()).toEqual([...SERVICES].sort())
        for (const row of quotes) {
          expect(row).toMatchObject({ is_fallback: true, estimated_from: "learned" })
          const api = expected.get(row.service) as number
          errors.push(Math.abs(row.amount * 100 - api) / api)
        }
      }
      const within = errors.filter((error) => error <= 0.1).length
      expect(within / errors.length).toBeGreaterThanOrEqual(0.9)

      // Manaus: nothing learned in its state.
      const unseen = await quote("69010-100", [2, 2])
      expect(unseen).toEqual([
        expect.objectContaining({ service: "correios-pac", amount: 29.9, estimated_from: "table" }),
      ])

      const after = await figures()
      const count = (metric: string, key: string) => after(metric, key) - before(metric, key)
      expect(count("quote", "page:learned")).toBe(ceps.length)
      expect(count("quote", "page:table")).toBe(1)
      expect(count("learned", "covered") + count("learned", "uncovered")).toBe(asked * SERVICES.length)
      expect(count("learned", "covered")).toBeGreaterThan(0)
    })

    it("keeps CEP prefixes, weights and prices only: no full CEP, name or address", async () => {
      for (const [index, cart] of LEARNED_CARTS.slice(0, 5).entries()) await quote(`31270-07${index}`, cart)
      const frete = getContainer().resolve<FreteModuleService>(FRETE_MODULE)
      let rows: Array<Record<string, unknown>> = []
      for (let tries = 0; tries < 200 && rows.length < 5 * SERVICES.length; tries += 1) {
        const kept = await frete.listLearnedPrices({ destination_area: "312" }, { take: 1000 })
        rows = kept as unknown as Array<Record<string, unknown>>
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(rows).toHaveLength(5 * SERVICES.length)
      for (const row of rows) {
        expect(row).toMatchObject({ origin_prefix: "01310", destination_prefix: "31270", destination_area: "312" })
        const { id: _id, ...columns } = row
        for (const value of Object.values(columns))
          expect(String(value)).not.toMatch(/\d{8}|\d{5}-\d{3}|Camiseta|Caneca/)
      }
    })

    it("forgets rows past the merchant's retention, and all but a region's newest 200 per service", async () => {
      const frete = getContainer().resolve<FreteModuleService>(FRETE_MODULE)
      await api.post("/admin/frete/settings", { learned_prices: { retention_days: 30 } }, store.admin)
      const row = (destination: string, daysAgo: number, weight_g: number) => ({
        service: "correios-pac",
        service_name: "PAC",
        carrier: "correios",
        origin_prefix: "01310",
        destination_prefix: destination,
        destination_area: destination.slice(0, 3),
        destination_state: destination.startsWith("693") ? "RR" : "AC",
        weight_g,
        value: 100,
        price_cents: 2000,
        days: 5,
        created_at: new Date(Date.now() - daysAgo * 86_400_000),
      })
      const flooded = Array.from({ length: 230 }, (_, index) => row("69918", index / 100, 1000 + index))
      await frete.createLearnedPrices([row("69301", 31, 500), row("69301", 29, 600), ...flooded])
      await pruneLearnedPricesJob(getContainer())
      const kept = await frete.listLearnedPrices(
        { destination_prefix: ["69301", "69918"], value: 100 },
        { take: 1000, order: { weight_g: "ASC" } }
      )
      expect(kept.filter((r) => r.destination_prefix === "69301").map((r) => r.weight_g)).toEqual([600])
      const region = kept.filter((r) => r.destination_prefix === "69918").map((r) => r.weight_g)
      expect(region).toEqual(Array.from({ length: 200 }, (_, index) => 1000 + index))
    })
  },
}
