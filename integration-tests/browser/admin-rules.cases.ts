// Settings > Frete, the rules editor (admin-dashboard.spec.ts): once in English, once in Português
// (Brasil), each on a page of its own with that language chosen. A merchant adds two rules, moves
// the second above the first, saves, reloads and reads them back as saved; a rule carried over
// from the 0.x settings says so; a value the server refuses is named at its field, in the
// server's words, and nothing is saved. Each case starts from no rules; the spec's are put back.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { eventually } from "../../scripts/lib/store-api"
import { logInToAdmin, openPage, SHOTS, type BrowserStore } from "../helpers/browser-store"

type Language = "en" | "ptBR"

const TEXTS = {
  en: {
    title: "Shipping rules",
    hide: "Hide the service",
    percent: "Percentage of the price",
    amount: "Amount added or taken off",
    cheapestFirst: "Cheapest first",
    carried: "Converted from the previous settings",
    twoFields: "2 fields need attention",
  },
  ptBR: {
    title: "Regras de frete",
    hide: "Ocultar o serviço",
    percent: "Percentual do preço",
    amount: "Valor a mais ou a menos",
    cheapestFirst: "Mais barato primeiro",
    carried: "Convertida da configuração anterior",
    twoFields: "2 campos precisam de atenção",
  },
}

/** A scope as the server saves it: every field it was not given at its default. */
const scope = (given: Record<string, unknown>) => ({
  services: [],
  states: [],
  cep_ranges: [],
  min_subtotal: null,
  max_subtotal: null,
  min_weight_kg: null,
  max_weight_kg: null,
  product_ids: [],
  shipping_profile_ids: [],
  ...given,
})

const NO_PAC = "Sem PAC a partir de 10 kg"
const SEDEX_OFF = "SEDEX 10% mais barato em SP"

/** The two rules as saved, the hiding one first. */
const SAVED_RULES = [
  {
    name: NO_PAC,
    enabled: true,
    scope: scope({ services: ["correios-pac"], min_weight_kg: 10 }),
    action: { type: "hide" },
    carried_from: null,
  },
  {
    name: SEDEX_OFF,
    enabled: true,
    scope: scope({ services: ["correios-sedex"], states: ["SP"] }),
    action: { type: "percent", value: -10 },
    carried_from: null,
  },
]

export const rulesEditorCases = (started: () => BrowserStore): void => {
  let server: MedusaServer
  let saved: Record<string, unknown>
  const settingsNow = async () => (await server.api.get("/admin/frete/settings", server.admin)).data.settings

  beforeAll(async () => {
    ;({ server } = started())
    const { rules, max_options, option_order } = await settingsNow()
    saved = { rules, max_options, option_order }
  })

  beforeEach(async () => {
    await server.api.post(
      "/admin/frete/settings",
      { rules: [], max_options: null, option_order: "services" },
      server.admin
    )
  })

  afterAll(async () => {
    await server.api.post("/admin/frete/settings", saved, server.admin)
  })

  const openIn = async (language: Language): Promise<Page> => {
    const page = await openPage(started().browser, { viewport: { width: 1440, height: 1000 }, adminLanguage: language })
    page.setDefaultTimeout(120_000)
    await logInToAdmin(page, server)
    await page.goto(`${server.url}/app/settings/frete`)
    await page.getByTestId("frete-section-rules").waitFor()
    return page
  }
  const fieldOf = (page: Page) => (path: string) => page.getByTestId(`frete-field-${path}`)
  /** Picks an item of a select, as the merchant does: open it, click the item. */
  const choose = async (page: Page, path: string, value: string) => {
    await fieldOf(page)(path).click()
    await fieldOf(page)(`${path}-${value}`).click()
  }

  it.each(["en", "ptBR"] as const)(
    "adds two rules in %s, moves the second above the first, saves them and reads them back after a reload",
    async (language) => {
      const page = await openIn(language)
      const field = fieldOf(page)
      expect(await page.getByTestId("frete-section-rules").locator("h2").textContent()).toBe(TEXTS[language].title)
      await page.getByTestId("frete-rules-empty").waitFor()

      await page.getByTestId("frete-add-rules").click()
      await field("rules.0.name").fill(SEDEX_OFF)
      await choose(page, "rules.0.action.type", "percent")
      await field("rules.0.action.value").fill("-10")
      await field("rules.0.scope.services-correios-sedex").click()
      await field("rules.0.scope.states").fill("sp")

      await page.getByTestId("frete-add-rules").click()
      await field("rules.1.name").fill(NO_PAC)
      await choose(page, "rules.1.action.type", "hide")
      expect(await field("rules.1.action.value").count()).toBe(0)
      await field("rules.1.scope.services-correios-pac").click()
      await field("rules.1.scope.min_weight_kg").fill("10")

      await page.getByTestId("frete-row-rules.1-up").click()
      expect(await field("rules.0.name").inputValue()).toBe(NO_PAC)
      expect(await page.getByTestId("frete-row-rules.0-up").isDisabled()).toBe(true)
      expect(await page.getByTestId("frete-row-rules.1-down").isDisabled()).toBe(true)
      await field("max_options").fill("3")
      await choose(page, "option_order", "price")
      await page.getByTestId("frete-section-rules-save").click()
      const settings = await eventually(async () => {
        const now = await settingsNow()
        return now.rules.length === 2 ? now : undefined
      })
      expect(settings.rules).toEqual(SAVED_RULES)
      expect(settings).toMatchObject({ max_options: 3, option_order: "price" })

      await page.reload()
      await page.getByTestId("frete-row-rules.1").waitFor()
      expect(await field("rules.0.name").inputValue()).toBe(NO_PAC)
      expect(await field("rules.0.action.type").textContent()).toBe(TEXTS[language].hide)
      expect(await field("rules.0.scope.services-correios-pac").isChecked()).toBe(true)
      expect(await field("rules.0.scope.services-correios-sedex").isChecked()).toBe(false)
      expect(await field("rules.0.scope.min_weight_kg").inputValue()).toBe("10")
      expect(await field("rules.1.name").inputValue()).toBe(SEDEX_OFF)
      expect(await field("rules.1.action.type").textContent()).toBe(TEXTS[language].percent)
      expect(await field("rules.1.action.value").inputValue()).toBe("-10")
      expect(await field("rules.1.scope.services-correios-sedex").isChecked()).toBe(true)
      expect(await field("rules.1.scope.states").inputValue()).toBe("SP")
      expect(await field("max_options").inputValue()).toBe("3")
      expect(await field("option_order").textContent()).toBe(TEXTS[language].cheapestFirst)
      expect(await page.getByTestId("frete-row-rules.0-carried").count()).toBe(0)
      await page.getByTestId("frete-row-rules.1").screenshot({ path: path.join(SHOTS, `admin-rules-${language}.png`) })
      await page.close()
    }
  )

  it.each(["en", "ptBR"] as const)(
    "says in %s which rule was carried over, and shows the server's message at each field it refuses, saving nothing",
    async (language) => {
      // A script of the 0.x days posts an extra price: it becomes a rule of its own.
      await server.api.post("/admin/frete/settings", { extra_price: { type: "fixed", value: 5 } }, server.admin)
      const page = await openIn(language)
      const field = fieldOf(page)
      expect(await page.getByTestId("frete-row-rules.0-carried").textContent()).toBe(TEXTS[language].carried)
      expect(await field("rules.0.name").inputValue()).toBe("Preço adicional")
      expect(await field("rules.0.action.type").textContent()).toBe(TEXTS[language].amount)
      expect(await field("rules.0.action.value").inputValue()).toBe("5,00")

      await page.getByTestId("frete-add-rules").click()
      await field("rules.1.action.value").fill("2000")
      await field("rules.1.scope.min_weight_kg").fill("5")
      await field("rules.1.scope.max_weight_kg").fill("2")
      await page.getByTestId("frete-section-rules-save").click()
      await page.getByText(TEXTS[language].twoFields).first().waitFor()
      // The server's messages, in Portuguese whatever the dashboard's language.
      expect(await field("rules.1.action.value-error").textContent()).toBe("no máximo 1000%")
      expect(await field("rules.1.scope.max_weight_kg-error").textContent()).toBe(
        "o mínimo deve ser menor ou igual ao máximo"
      )
      expect(await page.getByTestId("frete-section-rules-error").count()).toBe(0)
      expect((await settingsNow()).rules).toEqual([
        expect.objectContaining({ carried_from: "extra_price", action: { type: "amount", value: 5 } }),
      ])
      await page.close()
    }
  )

  it("picks a product by its name and a shipping profile, saves their ids, and names them again after a reload", async () => {
    const { products } = (
      await server.api.get("/admin/products", {
        ...server.admin,
        params: { handle: "caneca-ceramica", fields: "id,title" },
      })
    ).data
    const mug = products[0] as { id: string; title: string }
    const profile = (await server.api.get("/admin/shipping-profiles", server.admin)).data.shipping_profiles[0] as {
      id: string
      name: string
    }
    const page = await openIn("ptBR")
    const field = fieldOf(page)
    await page.getByTestId("frete-add-rules").click()
    await choose(page, "rules.0.action.type", "free")
    await field("rules.0.scope.product_ids-search").fill("Caneca")
    await field(`rules.0.scope.product_ids-search-add-${mug.id}`).click()
    expect(await field(`rules.0.scope.product_ids-${mug.id}-name`).textContent()).toBe(mug.title)
    expect(await field(`rules.0.scope.shipping_profile_ids-${profile.id}-label`).textContent()).toBe(profile.name)
    await field(`rules.0.scope.shipping_profile_ids-${profile.id}`).click()
    await page.getByTestId("frete-section-rules-save").click()
    const [rule] = await eventually(async () => {
      const { rules } = await settingsNow()
      return rules.length === 1 ? rules : undefined
    })
    expect(rule).toMatchObject({
      action: { type: "free" },
      scope: { product_ids: [mug.id], shipping_profile_ids: [profile.id] },
    })

    await page.reload()
    const name = field(`rules.0.scope.product_ids-${mug.id}-name`)
    await eventually(async () => (await name.textContent()) === mug.title)
    expect(await field(`rules.0.scope.shipping_profile_ids-${profile.id}`).isChecked()).toBe(true)
    await page.close()
  })
}
