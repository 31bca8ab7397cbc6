// Settings > Freight simulator (admin-dashboard.spec.ts): a merchant types a CEP, finds a product,
// sets its quantity and asks the freight API; the page shows the options checkout offers for that
// cart, priced as checkout prices them (`calculate` on a cart of the same items and CEP), and the
// settings that changed each, the rules among them, in the order the plugin applies them. Once in
// English, once in Português (Brasil), each on a page of its own with that language chosen.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import type { DemoStore } from "../../scripts/demo/seed"
import { createCart, listAndCalculate } from "../../scripts/lib/store-api"
import { logInToAdmin, openPage, SHOTS, type BrowserStore } from "../helpers/browser-store"

/** Rio de Janeiro: the rules' state, a CEP no other case quotes with two mugs. */
const RIO = { postal_code: "20031-050", province: "RJ", city: "Rio de Janeiro" }
/** Two mugs of R$ 49,90: R$ 99,80, over the free-shipping rule's R$ 90. */
const MUGS = 2
/** Rules 1, 3 and 4 reach the cart; rule 2 (São Paulo's) does not. */
const SETTINGS = {
  rules: [
    {
      name: "PAC mais caro no RJ",
      scope: { services: ["correios-pac"], states: ["RJ"] },
      action: { type: "percent", value: 10 },
    },
    { name: "Desconto em SP", scope: { states: ["SP"] }, action: { type: "percent", value: -10 } },
    { name: "Frete grátis no RJ", scope: { states: ["RJ"], min_subtotal: 90 }, action: { type: "free_cheapest" } },
    { name: "Jadlog mais lenta", scope: { services: ["jadlog-package"] }, action: { type: "days", value: 2 } },
  ],
}

/** The settings applied to "Frete econômico" and to "PAC", in order, as each language writes them. */
const APPLIED = {
  en: {
    cheapest: [
      "Rule 1 “PAC mais caro no RJ”: +10% on PAC",
      "Rule 3 “Frete grátis no RJ”: free on the cheapest (Jadlog .Package)",
      "Rule 4 “Jadlog mais lenta”: +2 business days on Jadlog .Package",
      "Service renamed: Jadlog - .Package shows as Jadlog .Package",
      "“Cheapest” option: Jadlog .Package",
    ],
    pac: [
      "Rule 1 “PAC mais caro no RJ”: +10% on PAC",
      "Service renamed: Correios - PAC shows as PAC",
      "Option of service correios-pac: PAC",
    ],
  },
  ptBR: {
    cheapest: [
      "Regra 1 «PAC mais caro no RJ»: +10% em PAC",
      "Regra 3 «Frete grátis no RJ»: grátis no mais barato (Jadlog .Package)",
      "Regra 4 «Jadlog mais lenta»: +2 dias úteis em Jadlog .Package",
      "Serviço renomeado: Jadlog - .Package aparece como Jadlog .Package",
      "Opção “mais barato”: Jadlog .Package",
    ],
    pac: [
      "Regra 1 «PAC mais caro no RJ»: +10% em PAC",
      "Serviço renomeado: Correios - PAC aparece como PAC",
      "Opção do serviço correios-pac: PAC",
    ],
  },
}
/** What the rules read of the cart, as each language writes it: the subtotal and the state (the weight aside). */
const SENT = {
  en: /^What the rules read of this cart: subtotal R\$ 99,80, charged weight [\d,]+ kg, state RJ\.$/,
  ptBR: /^O que as regras leem deste carrinho: subtotal R\$ 99,80, peso cobrado [\d,]+ kg, estado RJ\.$/,
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
    await page.getByTestId(`frete-simulator-search-add-${store.variantIds["caneca-ceramica"]}`).click()
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
      expect(await appliedOf(page, store.optionIds.cheapest)).toEqual(APPLIED[language].cheapest)
      expect(await appliedOf(page, store.optionIds["correios-pac"])).toEqual(APPLIED[language].pac)
      expect(await page.getByTestId(`frete-simulator-option-${store.optionIds.cheapest}-sent`).textContent()).toMatch(
        SENT[language]
      )
      expect(checkout.get(store.optionIds.cheapest)).toBe(0)
      expect(await page.getByTestId(`frete-simulator-option-${store.optionIds.cheapest}-table-price`).count()).toBe(1)
      await page.screenshot({ path: path.join(SHOTS, `admin-simulator-${language}.png`), fullPage: true })
      await page.close()
    }
  )
}
