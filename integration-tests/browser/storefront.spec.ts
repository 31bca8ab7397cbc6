// The shopper's side in a real browser: the demo's storefront, built on the plugin's storefront
// kit, against a Medusa server with this plugin (Debian's Chromium, driven by playwright-core).
// Every page loads a reset like Tailwind's preflight first, as the storefronts merchants start
// from do; then the kit's stylesheet and the shop's own (or less, where a test says so).
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import type { DemoStore } from "../../scripts/demo/seed"
import { startStorefront, type StorefrontServer } from "../../scripts/demo/storefront/server"
import { createCart, eventually } from "../../scripts/lib/store-api"
import type { Sandbox } from "../../sandbox/server"
import { describeOption, formatPrice, type FreteQuote } from "../../storefront"
import { SHOTS, startBrowserStore, type BrowserStore } from "../helpers/browser-store"
import { calculatorOptions as readCalculatorOptions, controlsLook, deliveryOptions as readDeliveryOptions, quoteText, readAs, stylesheet, type Styles } from "../helpers/storefront-reading"

const CEP_NOT_FOUND = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."

jest.setTimeout(600_000)

type Quote = FreteQuote

describe("the storefront, in a browser", () => {
  let shop: BrowserStore
  let sandbox: Sandbox
  let server: MedusaServer
  let storefront: StorefrontServer
  let store: DemoStore
  let page: Page
  let styles: Styles = "shop"
  const quoteRequests: string[] = []

  const byTestId = (id: string) => page.getByTestId(id)
  const settings = (body: Record<string, unknown>) => server.api.post("/admin/frete/settings", body, server.admin)
  const apiQuotes = async (cep: string, handle: string) =>
    (await server.api.post("/store/frete/quotes", { postal_code: cep, items: [{ variant_id: store.variantIds[handle], quantity: 1 }] }, store.store)).data.quotes as Quote[]

  /** The product page's calculator, for one CEP: its options once answered, or its error. */
  const quoteOnProductPage = async (handle: string, cep: string) => {
    await page.goto(`${storefront.url}/produtos/${handle}`)
    await page.locator(".frete-calculator__input").fill(cep)
    await page.locator(".frete-calculator__input").press("Enter")
    await page.locator(".frete-calculator__list, .frete-calculator__error").first().waitFor()
  }
  /** The provider's shipping options that checkout offers a cart of this product at this CEP (Medusa's own list). */
  const storeOptions = async (handle: string, cep: string) => {
    const cartId = await createCart(server.api, store, [{ variant_id: store.variantIds[handle], quantity: 1 }], { postal_code: cep })
    const { data } = await server.api.get("/store/shipping-options", { ...store.store, params: { cart_id: cartId } })
    return (data.shipping_options as Array<{ id: string; name: string; provider_id: string }>).filter((option) => option.provider_id === "frete_frete")
  }
  const calculatorOptions = () => readCalculatorOptions(page)
  /** A cart of one product through the storefront's pages, to the address form. */
  const toAddressForm = async (handle: string) => {
    await page.goto(`${storefront.url}/produtos/${handle}`)
    await byTestId("add-to-cart").click()
    await byTestId("cart-page").waitFor()
    await byTestId("go-to-checkout").click()
    await byTestId("address-form").waitFor()
  }
  /** The rest of the address form, then the delivery step, once every option is priced (or not). */
  const toDeliveryStep = async (handle: string | null, address: { cep?: string; city: string; uf: string }) => {
    if (handle) await toAddressForm(handle)
    const form = byTestId("address-form")
    const fields: Record<string, string> = {
      ...(address.cep ? { postal_code: address.cep } : {}),
      email: "ana.souza@example.com.br",
      first_name: "Ana",
      last_name: "Souza",
      address_1: "Avenida Afonso Pena, 1212",
      city: address.city,
      province: address.uf,
      phone: "(31) 99876-5432",
      cpf: "529.982.247-25",
    }
    for (const [name, value] of Object.entries(fields)) {
      await form.locator(`input[name=${name}]`).fill(value)
    }
    await byTestId("address-submit").click()
    await byTestId("delivery-step").waitFor()
    await eventually(async () => (await page.locator(".delivery-choice[data-state=loading]").count()) === 0)
  }
  const deliveryOptions = () => readDeliveryOptions(page)

  beforeAll(async () => {
    shop = await startBrowserStore({ name: "storefront", admin: false, env: {}, viewport: { width: 1100, height: 900 }, locale: "pt-BR", screenshotPrefix: "storefront-" })
    ;({ sandbox, server, store, page } = shop)
    page.setDefaultTimeout(60_000)
    storefront = await startStorefront({
      port: await freePort(),
      medusaUrl: server.url,
      config: { storeName: "Loja Demo", publishableKey: store.store.headers["x-publishable-api-key"], regionId: store.regionId },
    })
    // The reset first, as a Tailwind storefront's base layer; then what the test asks for.
    await page.route(`${storefront.url}/assets/app.css`, (route) =>
      route.fulfill({ contentType: "text/css; charset=utf-8", body: stylesheet(styles) })
    )
    page.on("request", (request) => {
      if (request.url().endsWith("/store/frete/quotes")) quoteRequests.push(request.postData() ?? "")
    })
  })

  beforeEach(() => {
    styles = "shop"
  })

  afterAll(async () => {
    await storefront?.close()
    await shop?.stop()
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
    expect(shown.map((option) => option.option)).toEqual(quotes.map((quote) => quote.option_id))
    for (const [index, quote] of quotes.entries()) {
      expect(shown[index].name).toBe(quote.name)
      expect(shown[index].price).toBe(formatPrice(quote.amount))
      expect(shown[index].price).toMatch(/^R\$ \d+,\d{2}$/)
      expect(shown[index].deadline).toMatch(quote.days === null ? /Prazo a confirmar/ : /^Receba /)
      if (quote.days !== null) expect(shown[index].date).toMatch(/^Chega até \p{L}{3}\., \d{1,2} de \p{L}{3}\.$/u)
      expect(shown[index].estimated).toBeNull()
      // The text itself, in order and apart: what a screen reader or a copy gets.
      expect(shown[index].text).toBe(quoteText(quote))
    }
    expect(await page.locator(".frete-calculator__status").getAttribute("aria-live")).toBe("polite")
    await page.locator(".product-page").screenshot({ path: path.join(SHOTS, "storefront-product.png") })
  })

  it("reads in two lines under a reset with none of the kit's CSS, and the kit's stylesheet makes a field and a button of them", async () => {
    styles = "reset"
    await quoteOnProductPage("camiseta-basica", "40010-000")
    const quotes = await apiQuotes("40010-000", "camiseta-basica")
    const shown = await calculatorOptions()
    expect(shown).toHaveLength(quotes.length)
    for (const [index, quote] of quotes.entries()) {
      const described = describeOption(quote)
      expect(shown[index].lines.map((line) => line.trim())).toEqual([`${described.name} · ${described.price}`, [described.carrier, described.deadline, described.date].filter(Boolean).join(" · ")])
    }
    // Under the reset alone the field has no border: the look comes from the kit's stylesheet.
    const look = () => controlsLook(page)
    expect(await look()).toMatchObject({ inputBorder: "0px", buttonBackground: "rgba(0, 0, 0, 0)", buttonPadding: "0px" })
    styles = "kit"
    await quoteOnProductPage("camiseta-basica", "40010-000")
    const styled = await look()
    expect(styled).toMatchObject({ inputBorder: "1px", inputStyle: "solid" })
    expect(styled.buttonBackground).not.toBe("rgba(0, 0, 0, 0)")
    expect(parseFloat(styled.buttonPadding)).toBeGreaterThan(0)

    // The delivery step's labels, under the reset alone.
    styles = "reset"
    await toDeliveryStep("camiseta-basica", { cep: "40010-000", city: "Salvador", uf: "BA" })
    for (const option of await deliveryOptions()) {
      expect(option.state).toBe("ready")
      expect(option.lines.map((line) => line.trim())).toEqual([`${option.name} · ${option.price}`, [option.carrier, option.deadline, option.date].join(" · ")])
    }
  })

  it("quotes the same CEP again when the shopper changes the quantity", async () => {
    await quoteOnProductPage("luminaria-mesa", "40010-000")
    const one = await calculatorOptions()
    await byTestId("quantity").fill("3")
    const three = (await server.api.post("/store/frete/quotes", { postal_code: "40010-000", items: [{ variant_id: store.variantIds["luminaria-mesa"], quantity: 3 }] }, store.store)).data
      .quotes as Quote[]
    await eventually(async () => (await calculatorOptions()).map((option) => option.price).join() === three.map((quote) => formatPrice(quote.amount)).join())
    expect((await calculatorOptions()).map((option) => option.price)).not.toEqual(one.map((option) => option.price))
  })

  it("shows each option at the delivery step as one scannable entry, from plain data as a server action returns it, and the promised date on the order", async () => {
    await toDeliveryStep("camiseta-basica", { cep: "30130010", city: "Belo Horizonte", uf: "MG" })
    const options = await deliveryOptions()
    expect(options.map((option) => option.name).sort()).toEqual(["Frete econômico", "Frete expresso", "Jadlog .Package", "SEDEX"].sort())
    for (const option of options) {
      expect(option).toMatchObject({ state: "ready", error: null })
      expect(option.price).toMatch(/^(R\$ \d+,\d{2}|Grátis)$/)
      expect(option.deadline).toMatch(/^Receba /)
      expect(option.date).toMatch(/^Chega até /)
      // The carrier as a shopper names it: no API punctuation ("Jadlog - .Package", "Jadlog .Package").
      expect(option.carrier).toMatch(/^(Correios|Jadlog|Azul Cargo)( \p{L}+)?$/u)
      expect(option.text).toBe(readAs({ name: option.name as string, price: option.price as string, facts: [option.carrier, option.deadline, option.date] }))
    }
    await byTestId("delivery-step").screenshot({ path: path.join(SHOTS, "storefront-checkout.png") })

    await page.locator(".delivery-choice", { hasText: "Frete econômico" }).locator("input").check()
    await byTestId("delivery-submit").click()
    await byTestId("payment-step").waitFor()
    await byTestId("place-order").click()
    await byTestId("order-page").waitFor()
    const promise = await byTestId("order-promise").textContent()
    const cheapest = options.find((option) => option.name === "Frete econômico")
    expect(promise).toBe(cheapest?.date)
    expect(await page.locator("h1").textContent()).toMatch(/^Pedido #\d+ confirmado$/)
    await byTestId("order-page").screenshot({ path: path.join(SHOTS, "storefront-order.png") })
  })

  it("warms the cart's quote as the CEP is typed: one quote per CEP, and the delivery step makes no freight call of its own", async () => {
    // A CEP no other test quoted, typed digit by digit as a shopper does.
    const cep = "35400-000"
    // A new cart, with no address yet: its form starts with an empty CEP.
    await page.goto(storefront.url)
    await page.evaluate(() => window.localStorage.removeItem("frete-demo-cart"))
    await toAddressForm("camiseta-basica")
    const before = sandbox.calls({ service: "freight" }).length
    quoteRequests.length = 0
    const warmed = page.waitForResponse((answer) => answer.url().endsWith("/store/frete/quotes"))
    const field = byTestId("address-form").locator("input[name=postal_code]")
    await field.pressSequentially(cep.replace("-", ""), { delay: 60 })
    expect((await warmed).status()).toBe(200)
    expect(quoteRequests).toHaveLength(1)
    expect(JSON.parse(quoteRequests[0])).toMatchObject({ postal_code: "35400000", cart_id: expect.stringMatching(/^cart_/) })
    const afterWarmUp = sandbox.calls({ service: "freight" }).length
    expect(afterWarmUp).toBeGreaterThan(before)

    // The same CEP erased and retyped: no new quote.
    await field.press("Backspace")
    await field.press("0")
    await toDeliveryStep(null, { city: "Ouro Preto", uf: "MG" })
    const options = await deliveryOptions()
    expect(options).toHaveLength(4)
    for (const option of options) expect(option).toMatchObject({ state: "ready", error: null })
    expect(sandbox.calls({ service: "freight" }).length).toBe(afterWarmUp)
    expect(quoteRequests).toHaveLength(1)
  })

  it("shows the plugin's message for a CEP the service does not know, on the product page and at checkout", async () => {
    await quoteOnProductPage("caneca-ceramica", "99999-999")
    expect(await page.locator(".frete-calculator__error").textContent()).toBe(CEP_NOT_FOUND)
    expect(await page.locator(".frete-calculator__option").count()).toBe(0)

    // At checkout each option's failure comes to the browser as plain data (a server action's
    // answer) and still says to fix the CEP.
    await toDeliveryStep("caneca-ceramica", { cep: "99999-999", city: "Lugar Nenhum", uf: "SP" })
    const options = await deliveryOptions()
    expect(options).toHaveLength(4)
    for (const option of options) {
      expect(option).toMatchObject({ state: "error", error: CEP_NOT_FOUND, price: null })
      expect(option.text).toBe(`${option.name} ${CEP_NOT_FOUND}`)
    }
    expect(await page.locator(".delivery-choice input:enabled").count()).toBe(0)
  })

  it('shows free freight as "Grátis"', async () => {
    await settings({ free_freight_rules: [{ min_subtotal: 0, states: ["PR"] }] })
    // Settings apply within settingsRefreshMs on every instance.
    await eventually(async () => (await apiQuotes("80010-000", "caneca-ceramica")).some((quote) => quote.amount === 0))
    await quoteOnProductPage("caneca-ceramica", "80010-000")
    const shown = await calculatorOptions()
    try {
      // The cheapest service is free: every option it prices ("Frete econômico" and the option named after it).
      expect(shown[0].price).toBe("Grátis")
      expect(shown.map((option) => (option.service === shown[0].service ? option.price : /^R\$ /.test(option.price ?? "")))).toEqual(
        shown.map((option) => (option.service === shown[0].service ? "Grátis" : true))
      )
    } finally {
      await settings({ free_freight_rules: [] })
    }
  })

  it("marks the fallback table's prices as estimated", async () => {
    sandbox.setFault("freight", { mode: "status", status: 503 })
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
      sandbox.setFault("freight", null)
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
      seen.push({ cep, errors: await page.locator(".frete-calculator__error").count(), estimated: shown.map((option) => option.estimated === "Preço estimado") })
      if (shown.length > 0 && shown.every((option) => option.estimated === "Preço estimado")) break
    }
    // Every CEP got prices; the last one, past the bound, the table's, marked as estimated.
    expect(seen.map(({ cep, errors }) => ({ cep, errors }))).toEqual(seen.map(({ cep }) => ({ cep, errors: 0 })))
    const last = seen[seen.length - 1]
    expect(last.estimated.length).toBeGreaterThan(0)
    expect(last.estimated).toEqual(last.estimated.map(() => true))
    await settings({ quote_route_limit_per_minute: 30 })
  })
})
