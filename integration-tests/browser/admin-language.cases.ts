// The plugin's admin in the dashboard's language (storefront.spec.ts), on a page of its own:
// English, the dashboard's default, then Português (Brasil) once the merchant picks it in
// Settings > Profile > Edit > Language.
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import type { DemoStore } from "../../scripts/demo/seed"
import { eventually, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import { logInToAdmin, openPage, SHOTS, type BrowserStore } from "../helpers/browser-store"
import { setDashboardLanguage } from "../helpers/admin-page"

/** Texts of the plugin's admin in Portuguese, none of which an English page may show. */
const PORTUGUESE = [
  "Credenciais e URLs",
  "Testar conexão",
  "Rastreamento",
  "Salvar",
  "Regras de frete",
  "Embalagem padrão",
  "Tabela de contingência",
  "Origem do pedido",
  "(opcional)",
  "Adicionar",
]

/** The same texts in English, none of which a Portuguese page may show. */
const ENGLISH = [
  "Credentials and URLs",
  "Test connection",
  "Tracking",
  "Save",
  "Shipping rules",
  "Default package",
  "Fallback table",
  "Order source",
  "(optional)",
]

/** A key of the admin's texts shown as it is: a text missing from a catalogue. */
const RAW_KEY = /frete\.[a-zA-Z]+\.[a-zA-Z]/

export const languageCases = (started: () => BrowserStore): void => {
  let server: MedusaServer
  let store: DemoStore
  let page: Page
  let orderId: string

  const byTestId = (id: string) => page.getByTestId(id)
  const text = async (id: string) => ((await byTestId(id).first().textContent()) ?? "").trim()
  const openSettings = async () => {
    await page.goto(`${server.url}/app/settings/frete`)
    await byTestId("frete-settings-page").waitFor()
    await byTestId("frete-section-tracking").waitFor()
    await byTestId("frete-missing-count").waitFor()
  }
  const openOrder = async () => {
    await page.goto(`${server.url}/app/orders/${orderId}`)
    await byTestId("frete-tracking-widget").waitFor()
  }
  const widgetText = async () => {
    const widget = byTestId("frete-tracking-widget")
    return eventually(async () => {
      const content = (await widget.textContent()) ?? ""
      return /Criado|Created/.test(content) ? content : undefined
    })
  }
  const sidebarLabel = async () =>
    ((await page.locator('a[href$="/settings/frete"]').first().textContent()) ?? "").trim()

  beforeAll(async () => {
    ;({ server, store } = started())
    // A page of the merchant's own, no language chosen yet: the dashboard starts in its default, English.
    page = await openPage(started().browser, { viewport: { width: 1440, height: 1000 } })
    page.setDefaultTimeout(120_000)
    const order = await placeOrder(server.api, store, store.optionIds.cheapest, [
      { variant_id: store.variantIds["caneca-ceramica"], quantity: 1 },
    ])
    await shipOrder(server.api, store, order, { trackingNumber: "BR000000123BR" })
    await eventually(async () => {
      const rows = (
        await server.api.get("/admin/frete/tracking-orders", { ...server.admin, params: { order_id: order.id } })
      ).data.tracking_orders
      return rows.length && rows[0].status === "created"
    })
    orderId = order.id
    await logInToAdmin(page, server)
  })

  it("starts in the dashboard's default language, English", async () => {
    // What the dashboard keeps of its language: nothing chosen yet, or the default it detected.
    expect([null, "en"]).toContain(await page.evaluate(() => window.localStorage.getItem("lng")))
  })

  it("shows the settings page in English, with none of its Portuguese", async () => {
    await openSettings()
    expect(await sidebarLabel()).toBe("Frete")
    expect(await byTestId("frete-section-credentials").locator("h2").textContent()).toBe("Credentials and URLs")
    expect(await byTestId("frete-section-tracking").locator("h2").textContent()).toBe("Tracking")
    expect(await text("frete-section-rules-save")).toBe("Save")
    expect(await text("frete-test-submit")).toBe("Test connection")
    expect(await page.locator('label[for="frete-field-tracking.entry_source"]').textContent()).toBe("Order source")
    expect(await page.locator('label[for="frete-field-tracking.carriers.0.carrier_id"]').textContent()).toBe(
      "Carrier code"
    )
    expect(await text("frete-provider-frete_frete-label")).toBe("Frete (this plugin)")
    // Technical names stay in the help texts, in English too.
    expect(await text("frete-field-tracking.entry_source-hint")).toBe(
      "Identifies the store in tracking orders. Sent to the service as EntrySource."
    )
    expect(await text("frete-field-freight_url-hint")).toBe(
      "Set on the server (plugin option or variable FRETE_FREIGHT_URL): change it there."
    )
    expect(await text("frete-missing-count")).toMatch(/^\d+–\d+ of \d+ products?$/)

    const content = (await byTestId("frete-settings-page").textContent()) ?? ""
    expect(PORTUGUESE.filter((portuguese) => content.includes(portuguese))).toEqual([])
    expect(content).not.toMatch(RAW_KEY)
    await page.screenshot({ path: path.join(SHOTS, "admin-language-en.png"), fullPage: false })
  })

  it("shows the order's tracking widget in English, prices still in reais", async () => {
    await openOrder()
    const content = await widgetText()
    expect(await byTestId("frete-tracking-widget").locator("h2").textContent()).toBe("Tracking")
    expect(content).toContain("Shipment 1")
    expect(content).toContain("Attempts")
    expect(content).toContain("Created")
    expect(
      ["Rastreamento", "Envio 1", "Tentativas", "Criado", "Id no rastreamento"].filter((portuguese) =>
        content.includes(portuguese)
      )
    ).toEqual([])
    expect(content).not.toMatch(RAW_KEY)

    // The connection test's prices: the store's currency, whatever the admin's language.
    await openSettings()
    await byTestId("frete-test-origin-cep").fill("01310-100")
    await byTestId("frete-test-destination-cep").fill("20040-002")
    await byTestId("frete-test-submit").click()
    await byTestId("frete-test-services").waitFor()
    expect(await text("frete-test-freight-status")).toBe("Freight: connected")
    expect(await text("frete-test-service-0-price")).toMatch(/^R\$ \d+,\d{2}$/)
    expect(await text("frete-test-service-0-days")).toMatch(/business days?|same day|to be confirmed/)
  })

  it("switches to Portuguese with the dashboard's own language setting, and the same pages read in Portuguese", async () => {
    await setDashboardLanguage(page, server.url, "Português (Brasil)")
    expect(await page.evaluate(() => window.localStorage.getItem("lng"))).toBe("ptBR")

    await openSettings()
    expect(await sidebarLabel()).toBe("Frete")
    expect(await byTestId("frete-section-credentials").locator("h2").textContent()).toBe("Credenciais e URLs")
    expect(await byTestId("frete-section-tracking").locator("h2").textContent()).toBe("Rastreamento")
    expect(await text("frete-section-rules-save")).toBe("Salvar")
    expect(await text("frete-test-submit")).toBe("Testar conexão")
    expect(await page.locator('label[for="frete-field-tracking.entry_source"]').textContent()).toBe("Origem do pedido")
    expect(await text("frete-provider-frete_frete-label")).toBe("Frete (este plugin)")
    expect(await text("frete-field-freight_url-hint")).toBe(
      "Definido no servidor (opção do plugin ou variável FRETE_FREIGHT_URL): altere-o lá."
    )
    expect(await text("frete-missing-count")).toMatch(/^\d+–\d+ de \d+ produtos?$/)
    const content = (await byTestId("frete-settings-page").textContent()) ?? ""
    expect(ENGLISH.filter((english) => content.includes(english))).toEqual([])
    expect(content).not.toMatch(RAW_KEY)
    await page.screenshot({ path: path.join(SHOTS, "admin-language-pt.png"), fullPage: false })

    await openOrder()
    const widget = await widgetText()
    expect(await byTestId("frete-tracking-widget").locator("h2").textContent()).toBe("Rastreamento")
    expect(widget).toContain("Envio 1")
    expect(widget).toContain("Tentativas")
    expect(widget).toContain("Criado")
    expect(["Tracking", "Shipment 1", "Attempts", "Created"].filter((english) => widget.includes(english))).toEqual([])

    // The choice stays: a reload keeps the dashboard, and the plugin's pages, in Portuguese.
    await page.reload()
    await byTestId("frete-tracking-widget").waitFor()
    expect(await byTestId("frete-tracking-widget").locator("h2").textContent()).toBe("Rastreamento")
  })
}
