// The shopper's side in a real browser: the demo's storefront, built on the plugin's storefront
// kit, against a Medusa server with this plugin (Debian's Chromium, driven by playwright-core).
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { freePort } from "../../scripts/demo/processes"
import type { DemoStore } from "../../scripts/demo/seed"
import { startStorefront, type StorefrontServer } from "../../scripts/demo/storefront/server"
import { eventually } from "../../scripts/lib/store-api"
import type { Sandbox } from "../../sandbox/server"
import { formatPrice } from "../../storefront"
import { SHOTS, startBrowserStore, type BrowserStore } from "../helpers/browser-store"

const CEP_NOT_FOUND = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."

jest.setTimeout(600_000)

type Quote = { service: string; name: string; amount: number; days: number | null; is_fallback: boolean }

describe("the storefront, in a browser", () => {
  let shop: BrowserStore
  let sandbox: Sandbox
  let server: MedusaServer
  let storefront: StorefrontServer
  let store: DemoStore
  let page: Page

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
  const calculatorOptions = () =>
    page.locator(".frete-calculator__option").evaluateAll((items) =>
      items.map((item) => ({
        service: item.getAttribute("data-frete-service"),
        name: item.querySelector(".frete-calculator__name")?.textContent ?? null,
        price: item.querySelector(".frete-calculator__price")?.textContent ?? null,
        deadline: item.querySelector(".frete-calculator__deadline")?.textContent ?? null,
        date: item.querySelector(".frete-calculator__date")?.textContent ?? null,
        estimated: item.querySelector(".frete-calculator__estimated")?.textContent ?? null,
      }))
    )

  /** A cart of one product through the storefront's pages, to the delivery step for this address. */
  const toDeliveryStep = async (handle: string, address: { cep: string; city: string; uf: string }) => {
    await page.goto(`${storefront.url}/produtos/${handle}`)
    await byTestId("add-to-cart").click()
    await byTestId("cart-page").waitFor()
    await byTestId("go-to-checkout").click()
    const form = byTestId("address-form")
    const fields: Record<string, string> = {
      email: "ana.souza@example.com.br",
      first_name: "Ana",
      last_name: "Souza",
      postal_code: address.cep,
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
  const deliveryOptions = () =>
    page.locator(".delivery-choice").evaluateAll((items) =>
      items.map((item) => ({
        state: item.getAttribute("data-state"),
        name: item.querySelector(".frete-option__name")?.textContent ?? null,
        price: item.querySelector(".frete-option__price")?.textContent ?? null,
        carrier: item.querySelector(".frete-option__carrier")?.textContent ?? null,
        date: item.querySelector(".frete-option__date")?.textContent ?? null,
        error: item.querySelector(".frete-option__error")?.textContent ?? null,
      }))
    )

  beforeAll(async () => {
    shop = await startBrowserStore({ name: "storefront", admin: false, env: {}, viewport: { width: 1100, height: 900 }, locale: "pt-BR", screenshotPrefix: "storefront-" })
    ;({ sandbox, server, store, page } = shop)
    page.setDefaultTimeout(60_000)
    storefront = await startStorefront({
      port: await freePort(),
      medusaUrl: server.url,
      config: { storeName: "Loja Demo", publishableKey: store.store.headers["x-publishable-api-key"], regionId: store.regionId },
    })
  })

  afterAll(async () => {
    await storefront?.close()
    await shop?.stop()
  })

  it("quotes the product page by CEP: every service with its price, deadline and date", async () => {
    await quoteOnProductPage("luminaria-mesa", "30130010")
    expect(await page.locator(".frete-calculator__input").inputValue()).toBe("30130-010")
    const shown = await calculatorOptions()
    const quotes = await apiQuotes("30130-010", "luminaria-mesa")
    expect(shown.map((option) => option.service)).toEqual(quotes.map((quote) => quote.service))
    for (const [index, quote] of quotes.entries()) {
      expect(shown[index].name).toBe(quote.name)
      expect(shown[index].price).toBe(formatPrice(quote.amount))
      expect(shown[index].price).toMatch(/^R\$ \d+,\d{2}$/)
      expect(shown[index].deadline).toMatch(quote.days === null ? /Prazo a confirmar/ : /^Receba /)
      if (quote.days !== null) expect(shown[index].date).toMatch(/^Chega até \p{L}{3}\., \d{1,2} de \p{L}{3}\.$/u)
      expect(shown[index].estimated).toBeNull()
    }
    expect(await page.locator(".frete-calculator__status").getAttribute("aria-live")).toBe("polite")
    await page.locator(".product-page").screenshot({ path: path.join(SHOTS, "storefront-product.png") })
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

  it("shows price, carrier and date of every option at the delivery step, and the promised date on the order", async () => {
    await toDeliveryStep("camiseta-basica", { cep: "30130010", city: "Belo Horizonte", uf: "MG" })
    const options = await deliveryOptions()
    expect(options.map((option) => option.name).sort()).toEqual(["Frete econômico", "Frete expresso", "Jadlog .Package", "SEDEX"].sort())
    for (const option of options) {
      expect(option).toMatchObject({ state: "ready", error: null })
      expect(option.price).toMatch(/^(R\$ \d+,\d{2}|Grátis)$/)
      expect(option.carrier).toBeTruthy()
      expect(option.date).toMatch(/^Chega até /)
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

  it("shows the plugin's message for a CEP the service does not know, on the product page and at checkout", async () => {
    await quoteOnProductPage("caneca-ceramica", "99999-999")
    expect(await page.locator(".frete-calculator__error").textContent()).toBe(CEP_NOT_FOUND)
    expect(await page.locator(".frete-calculator__option").count()).toBe(0)

    await toDeliveryStep("caneca-ceramica", { cep: "99999-999", city: "Lugar Nenhum", uf: "SP" })
    const options = await deliveryOptions()
    expect(options).toHaveLength(4)
    for (const option of options) {
      expect(option).toMatchObject({ state: "error", error: CEP_NOT_FOUND, price: null })
    }
    expect(await page.locator(".delivery-choice input:enabled").count()).toBe(0)
  })

  it('shows free freight as "Grátis"', async () => {
    await settings({ free_freight_rules: [{ min_subtotal: 0, states: ["PR"] }] })
    // Settings apply within settingsRefreshMs on every instance.
    await eventually(async () => (await apiQuotes("80010-000", "caneca-ceramica")).some((quote) => quote.amount === 0))
    await quoteOnProductPage("caneca-ceramica", "80010-000")
    const shown = await calculatorOptions()
    expect(shown[0].price).toBe("Grátis")
    expect(shown.slice(1).every((option) => /^R\$ /.test(option.price ?? ""))).toBe(true)
    await settings({ free_freight_rules: [] })
  })

  it("marks the fallback table's prices as estimated", async () => {
    sandbox.setFault("freight", { mode: "status", status: 503 })
    try {
      await quoteOnProductPage("caneca-ceramica", "69010-000")
      const shown = await calculatorOptions()
      // The demo's fallback table has PAC and SEDEX.
      expect(shown.map((option) => option.service).sort()).toEqual(["correios-pac", "correios-sedex"])
      for (const option of shown) {
        expect(option.estimated).toBe("Preço estimado")
      }
      await page.locator(".frete-calculator").screenshot({ path: path.join(SHOTS, "storefront-fallback.png") })
    } finally {
      sandbox.setFault("freight", null)
    }
  })

  it("shows the quote route's 429 message when one client asks too many new CEPs", async () => {
    await settings({ quote_route_limit_per_minute: 1 })
    // Settings apply within settingsRefreshMs; each new CEP is a new upstream query.
    const ceps = ["57010-000", "58010-000", "59010-000", "64000-000", "65010-000", "66010-000"]
    let refused = false
    for (const cep of ceps) {
      await quoteOnProductPage("camiseta-basica", cep)
      if (await page.locator(".frete-calculator__error").count()) {
        expect(await page.locator(".frete-calculator__error").textContent()).toMatch(/^Muitas consultas de frete/)
        refused = true
        break
      }
    }
    expect(refused).toBe(true)
    await settings({ quote_route_limit_per_minute: 30 })
  })
})
