// The product page in the browser (storefront.spec.ts): the kit's calculator by CEP, its look with
// and without the kit's stylesheet, free freight, the fallback table's estimates.
import path from "node:path"
import type { Page } from "playwright-core"
import { eventually } from "../../scripts/lib/store-api"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import type { DemoStore } from "../../scripts/demo/seed"
import { describeOption, formatPrice, type FreteQuote } from "../../storefront/index"
import { SHOTS, type StorefrontSession } from "../helpers/browser-store"
import {
  calculatorOptions as readCalculatorOptions,
  controlsLook,
  deliveryOptions as readDeliveryOptions,
  quoteText,
  reais,
} from "../helpers/storefront-reading"

type Quote = FreteQuote

export const productPageCases = (started: () => StorefrontSession): void => {
  let session: StorefrontSession
  let server: MedusaServer
  let store: DemoStore
  let page: Page
  const byTestId = (id: string) => page.getByTestId(id)
  const settings = (body: Record<string, unknown>) => session.settings(body)
  const apiQuotes = (cep: string, handle: string) => session.apiQuotes(cep, handle)
  const quoteOnProductPage = (handle: string, cep: string) => session.quoteOnProductPage(handle, cep)
  const storeOptions = (handle: string, cep: string) => session.storeOptions(handle, cep)
  const toDeliveryStep = (handle: string, address: { cep: string; city: string; uf: string }) =>
    session.toDeliveryStep(handle, address)
  const calculatorOptions = () => readCalculatorOptions(page)
  const deliveryOptions = () => readDeliveryOptions(page)

  beforeAll(() => {
    session = started()
    ;({ server, store, page } = session)
  })

  beforeEach(() => {
    session?.setStyles("shop")
  })

  it("quotes the product page by CEP: exactly the store's shipping options, each read as name · price, then carrier · deadline · date", async () => {
    await quoteOnProductPage("luminaria-mesa", "30130010")
    expect(await page.locator(".frete-calculator__input").inputValue()).toBe("30130-010")
    const shown = await calculatorOptions()
    const quotes = await apiQuotes("30130-010", "luminaria-mesa")
    // What checkout offers for this CEP (Medusa's list for a cart there), no more, no less.
    const offered = await storeOptions("luminaria-mesa", "30130-010")
    expect(shown.map((option) => option.option).sort()).toEqual(offered.map((option) => option.id).sort())
    expect(shown.map((option) => option.name).sort()).toEqual(offered.map((option) => option.name).sort())
    expect(shown.map((option) => option.option).sort()).toEqual(quotes.map((quote) => quote.option_id).sort())
    // Cheapest first, ties by name: the order checkout lists them in too.
    const prices = shown.map((option) => reais(option.price))
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    expect(
      shown.filter(
        (option, index) =>
          index > 0 &&
          prices[index] === prices[index - 1] &&
          (shown[index - 1].name ?? "").localeCompare(option.name ?? "", "pt-BR") > 0
      )
    ).toEqual([])
    for (const option of shown) {
      const quote = quotes.find((candidate) => candidate.option_id === option.option) as Quote
      expect(option.name).toBe(quote.name)
      expect(option.price).toBe(formatPrice(quote.amount))
      expect(option.price).toMatch(/^R\$ \d+,\d{2}$/)
      expect(option.deadline).toMatch(quote.days === null ? /Prazo a confirmar/ : /^Receba /)
      if (quote.days !== null) expect(option.date).toMatch(/^Chega até \p{L}{3}\., \d{1,2} de \p{L}{3}\.$/u)
      expect(option.estimated).toBeNull()
      // The carrier alone, as checkout says it: "Jadlog", never the API's "Jadlog - .Package".
      expect(option.carrier).toMatch(/^(Correios|Jadlog|Azul Cargo)$/)
      // The text itself, in order and apart: what a screen reader or a copy gets.
      expect(option.text).toBe(quoteText(quote))
    }
    expect(await page.locator(".frete-calculator__status").getAttribute("aria-live")).toBe("polite")
    await page.locator(".product-page").screenshot({ path: path.join(SHOTS, "storefront-product.png") })
  })

  it("reads in two lines under a reset with none of the kit's CSS, and the kit's stylesheet makes a field and a button of them", async () => {
    session.setStyles("reset")
    await quoteOnProductPage("camiseta-basica", "40010-000")
    const quotes = await apiQuotes("40010-000", "camiseta-basica")
    const shown = await calculatorOptions()
    expect(shown).toHaveLength(quotes.length)
    for (const [index, quote] of quotes.entries()) {
      const described = describeOption(quote)
      expect(shown[index].lines.map((line) => line.trim())).toEqual([
        `${described.name} · ${described.price}`,
        [described.carrier, described.deadline, described.date].filter(Boolean).join(" · "),
      ])
    }
    // Under the reset alone the field has no border: the look comes from the kit's stylesheet.
    const look = () => controlsLook(page)
    expect(await look()).toMatchObject({
      inputBorder: "0px",
      buttonBackground: "rgba(0, 0, 0, 0)",
      buttonPadding: "0px",
    })
    session.setStyles("kit")
    await quoteOnProductPage("camiseta-basica", "40010-000")
    const styled = await look()
    expect(styled).toMatchObject({ inputBorder: "1px", inputStyle: "solid" })
    expect(styled.buttonBackground).not.toBe("rgba(0, 0, 0, 0)")
    expect(parseFloat(styled.buttonPadding)).toBeGreaterThan(0)

    // The delivery step's labels, under the reset alone.
    session.setStyles("reset")
    await toDeliveryStep("camiseta-basica", { cep: "40010-000", city: "Salvador", uf: "BA" })
    for (const option of await deliveryOptions()) {
      expect(option.state).toBe("ready")
      expect(option.lines.map((line) => line.trim())).toEqual([
        `${option.name} · ${option.price}`,
        [option.carrier, option.deadline, option.date].join(" · "),
      ])
    }
  })

  it("quotes the same CEP again when the shopper changes the quantity", async () => {
    await quoteOnProductPage("luminaria-mesa", "40010-000")
    const one = await calculatorOptions()
    await byTestId("quantity").fill("3")
    const three = (
      await server.api.post(
        "/store/frete/quotes",
        { postal_code: "40010-000", items: [{ variant_id: store.variantIds["luminaria-mesa"], quantity: 3 }] },
        store.store
      )
    ).data.quotes as Quote[]
    await eventually(
      async () =>
        (await calculatorOptions()).map((option) => option.price).join() ===
        three.map((quote) => formatPrice(quote.amount)).join()
    )
    expect((await calculatorOptions()).map((option) => option.price)).not.toEqual(one.map((option) => option.price))
  })

  it('shows free freight as "Grátis"', async () => {
    await settings({ free_freight_rules: [{ min_subtotal: 0, states: ["PR"] }] })
    // Settings apply within settingsRefreshMs on every instance.
    await eventually(async () => (await apiQuotes("80010-000", "caneca-ceramica")).some((quote) => quote.amount === 0))
    await quoteOnProductPage("caneca-ceramica", "80010-000")
    const shown = await calculatorOptions()
    try {
      // The cheapest service is free ("Frete econômico"), once: an option of the same offer is not another row.
      expect(shown[0].price).toBe("Grátis")
      expect(
        shown.map((option) => (option.service === shown[0].service ? option.price : /^R\$ /.test(option.price ?? "")))
      ).toEqual(shown.map((option) => (option.service === shown[0].service ? "Grátis" : true)))
    } finally {
      await settings({ free_freight_rules: [] })
    }
  })

  it("marks the fallback table's prices as estimated", async () => {
    session.sandbox.setFault("freight", { mode: "status", status: 503 })
    try {
      await quoteOnProductPage("caneca-ceramica", "69010-000")
      const shown = await calculatorOptions()
      // The demo's fallback table has PAC and SEDEX: only the options those can price are offered.
      expect(shown.length).toBeGreaterThan(0)
      for (const option of shown) {
        expect(["correios-pac", "correios-sedex"]).toContain(option.service)
        expect(option.estimated).toBe("Preço estimado")
        expect(option.text).toMatch(/ · Preço estimado$/)
      }
      await page.locator(".frete-calculator").screenshot({ path: path.join(SHOTS, "storefront-fallback.png") })
    } finally {
      session.sandbox.setFault("freight", null)
    }
  })

  it("past the client's bound of new CEPs, shows the fallback table's estimates, never an error", async () => {
    await settings({ quote_route_limit_per_minute: 1 })
    // Settings apply within settingsRefreshMs; each new CEP is a new upstream query.
    const ceps = ["57010-000", "58010-000", "59010-000", "64000-000", "65010-000", "66010-000"]
    const seen: Array<{ cep: string; errors: number; estimated: boolean[] }> = []
    for (const cep of ceps) {
      await quoteOnProductPage("camiseta-basica", cep)
      const shown = await calculatorOptions()
      seen.push({
        cep,
        errors: await page.locator(".frete-calculator__error").count(),
        estimated: shown.map((option) => option.estimated === "Preço estimado"),
      })
      if (shown.length > 0 && shown.every((option) => option.estimated === "Preço estimado")) break
    }
    // Every CEP got prices; the last one, past the bound, the table's, marked as estimated.
    expect(seen.map(({ cep, errors }) => ({ cep, errors }))).toEqual(seen.map(({ cep }) => ({ cep, errors: 0 })))
    const last = seen[seen.length - 1]
    expect(last.estimated.length).toBeGreaterThan(0)
    expect(last.estimated).toEqual(last.estimated.map(() => true))
    await settings({ quote_route_limit_per_minute: 30 })
  })
}
