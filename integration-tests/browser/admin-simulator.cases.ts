// Settings > Freight simulator (admin-dashboard.spec.ts): a merchant types a CEP, finds a product,
// sets its quantity and asks the freight API; the page shows the options checkout offers for that
// cart, priced as checkout prices them (`calculate` on a cart of the same items and CEP), and the
// settings that changed each, in the order the plugin applies them. Once in English, once in
// Português (Brasil), each on a page of its own with that language chosen.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import type { DemoStore } from "../../scripts/demo/seed"
import { createCart, listAndCalculate } from "../../scripts/lib/store-api"
import { logInToAdmin, openPage, SHOTS, type BrowserStore } from "../helpers/browser-store"

/** Rio de Janeiro: the free-freight rule's state, a CEP no other case quotes with two mugs. */
const RIO = { postal_code: "20031-050", province: "RJ", city: "Rio de Janeiro" }
/** Two mugs of R$ 49,90: R$ 99,80, over the rule's R$ 90. */
const MUGS = 2
const SETTINGS = {
  extra_days: 2,
  extra_price: { type: "percent", value: 5 },
  free_freight_rules: [{ min_subtotal: 90, states: ["RJ"] }],
}

/** "Frete econômico"'s settings applied, in order, as each language writes them. */
const APPLIED = {
  en: [
    "Extra days: +2 business days, sent in prazo_adicional",
    "Extra price: 5% of the subtotal = +R$ 4,99, sent in preco_adicional",
    "Free shipping rule no. 1 (from R$ 90,00; RJ): the cheapest service is free (fretegratis)",
    "Service renamed: Jadlog - .Package shows as Jadlog .Package",
    "“Cheapest” option: Jadlog .Package",
  ],
  ptBR: [
    "Dias extras: +2 dias úteis, enviado em prazo_adicional",
    "Valor adicional: 5% do subtotal = +R$ 4,99, enviado em preco_adicional",
    "Regra de frete grátis nº 1 (a partir de R$ 90,00; RJ): o serviço mais barato sai grátis (fretegratis)",
    "Serviço renomeado: Jadlog - .Package aparece como Jadlog .Package",
    "Opção “mais barato”: Jadlog .Package",
  ],
}
/** Reais as the admin writes them, in either language: "R$ 1.234,56". */
const brl = (reais: number) =>
  `R$ ${reais
    .toFixed(2)
    .replace(".", ",")
    .replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`
const MENU = { en: "Freight simulator", ptBR: "Simulador de frete" }

export const simulatorCases = (started: () => BrowserStore): void => {
  let server: MedusaServer
  let store: DemoStore
  let saved: Record<string, unknown>
  /** What checkout charges for the cart, by option id: `calculate`'s amount of each option it prices. */
  const checkout = new Map<string, number>()

  beforeAll(async () => {
    ;({ server, store } = started())
    const { settings } = (await server.api.get("/admin/frete/settings", server.admin)).data
    saved = Object.fromEntries(Object.keys(SETTINGS).map((key) => [key, settings[key]]))
    await server.api.post("/admin/frete/settings", SETTINGS, server.admin)
    const cartId = await createCart(
      server.api,
      store,
      [{ variant_id: store.variantIds["caneca-ceramica"], quantity: MUGS }],
      RIO
    )
    const { prices } = await listAndCalculate(server.api, store, cartId)
    for (const price of prices.filter((candidate) => candidate.status === 200))
      checkout.set(price.id, price.body.shipping_option.calculated_price.calculated_amount)
  })

  afterAll(async () => {
    await server.api.post("/admin/frete/settings", saved, server.admin)
  })

  const simulateIn = async (language: "en" | "ptBR"): Promise<Page> => {
    const page = await openPage(started().browser, { viewport: { width: 1440, height: 1000 }, adminLanguage: language })
    page.setDefaultTimeout(120_000)
    await logInToAdmin(page, server)
    await page.goto(`${server.url}/app/settings/frete-simulator`)
    await page.getByTestId("frete-simulator-page").waitFor()
    expect(((await page.locator('a[href$="/settings/frete-simulator"]').first().textContent()) ?? "").trim()).toBe(
      MENU[language]
    )
    await page.getByTestId("frete-simulator-cep").fill(RIO.postal_code)
    await page.getByTestId("frete-simulator-search").fill("Caneca")
    await page.getByTestId(`frete-simulator-add-${store.variantIds["caneca-ceramica"]}`).click()
    await page.getByTestId("frete-simulator-line-0-quantity").fill(String(MUGS))
    await page.getByTestId("frete-simulator-ask-api").click()
    await page.getByTestId("frete-simulator-submit").click()
    await page.getByTestId("frete-simulator-result").waitFor()
    return page
  }

  /** Each option's API price as the page shows it, by option id: none when the page says why there is none. */
  const shownPrices = (page: Page) =>
    page.$$eval("[data-testid^=frete-simulator-option-][data-testid$=-api]", (rows) =>
      rows.map((row) => {
        const id = (row.getAttribute("data-testid") ?? "").replace(/^frete-simulator-option-|-api$/g, "")
        const price = row.querySelector("[data-testid$=-api-price]")?.textContent ?? null
        return [id, price] as const
      })
    )
  const appliedOf = async (page: Page, optionId: string) =>
    page.getByTestId(`frete-simulator-option-${optionId}-applied`).locator("li").allTextContents()

  it.each(["en", "ptBR"] as const)(
    "shows, in %s, the options and prices checkout gives that cart, with the settings applied in order",
    async (language) => {
      const page = await simulateIn(language)
      const shown = await shownPrices(page)
      expect(
        shown
          .filter(([, price]) => price !== null)
          .map(([id]) => id)
          .sort()
      ).toEqual([...checkout.keys()].sort())
      for (const [id, price] of shown) if (price !== null) expect(price).toBe(brl(checkout.get(id) as number))
      expect(await appliedOf(page, store.optionIds.cheapest)).toEqual(APPLIED[language])
      expect(checkout.get(store.optionIds.cheapest)).toBe(0)
      expect(await page.getByTestId(`frete-simulator-option-${store.optionIds.cheapest}-table-price`).count()).toBe(1)
      await page.screenshot({ path: path.join(SHOTS, `admin-simulator-${language}.png`), fullPage: true })
      await page.close()
    }
  )
}
