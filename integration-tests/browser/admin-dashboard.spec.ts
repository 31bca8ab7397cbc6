// The plugin's admin pages in a real browser: Debian's Chromium, driven by playwright-core,
// against the demo's server (`medusa start` in development mode, this repository's src/ with the admin).
import path from "node:path"
import type { Page } from "playwright-core"
import type { MedusaServer } from "../../scripts/demo/medusa-server"
import { DEMO_SETTINGS, type DemoStore } from "../../scripts/demo/seed"
import { playStorefront, type StorefrontPlay } from "../../scripts/demo/storefront-play"
import {
  createCart,
  createFreteOption,
  eventually,
  fulfillOrder,
  placeOrder,
  shipOrder,
} from "../../scripts/lib/store-api"
import type { Sandbox } from "../../sandbox/server"
import { logInToAdmin, SHOTS, startBrowserStore, type BrowserStore } from "../helpers/browser-store"
import { freightDashboardCases } from "./admin-freight-dashboard.cases"
import { orderFreightCases } from "./admin-order-freight.cases"
import { rulesEditorCases } from "./admin-rules.cases"
import { simulatorCases } from "./admin-simulator.cases"

const FREIGHT_TOKEN = "sandbox-freight-token"

jest.setTimeout(600_000)

describe("the admin dashboard, in a browser", () => {
  let admin: BrowserStore
  let sandbox: Sandbox
  let server: MedusaServer
  let store: DemoStore
  let play: StorefrontPlay
  let page: Page

  const byTestId = (id: string) => page.getByTestId(id)
  const productPageQuote = async () =>
    (
      await server.api.post(
        "/store/frete/quotes",
        { postal_code: "30130-010", items: [{ variant_id: store.variantIds["caneca-ceramica"], quantity: 1 }] },
        store.store
      )
    ).data.quotes as Array<{ service: string; amount: number; days: number }>

  beforeAll(async () => {
    admin = await startBrowserStore({
      name: "browser",
      admin: true,
      // The freight token is saved from the admin (encrypted), not given as an option.
      env: { FRETE_FREIGHT_TOKEN: "", FRETE_ENCRYPTION_KEY: "browser-tests-encryption-key-0123456789" },
      viewport: { width: 1440, height: 1000 },
      // The dashboard in Português (Brasil), as the merchant set it: the plugin's pages follow it.
      adminLanguage: "ptBR",
      screenshotPrefix: "admin-",
    })
    ;({ sandbox, server, store, page } = admin)
    page.setDefaultTimeout(120_000)
    await server.api.post("/admin/frete/settings", { secrets: { freight_token: FREIGHT_TOKEN } }, server.admin)
    play = await playStorefront(server.api, store)
    await logInToAdmin(page, server)
  })

  afterAll(async () => {
    await admin?.stop()
  })

  it("shows the options created as the README says as Store options, still on sale after an edit saved in the admin", async () => {
    const optionId = store.optionIds.cheapest
    const { data } = await server.api.get(`/admin/shipping-options/${optionId}`, {
      ...server.admin,
      params: { fields: "id,name,service_zone.fulfillment_set_id,*rules" },
    })
    const option = data.shipping_option
    await page.goto(`${server.url}/app/settings/locations/${store.stockLocationId}`)
    const row = page
      .getByText(`${option.name} - `)
      .locator("xpath=ancestor::div[contains(@class, 'justify-between')][1]")
    expect((await row.textContent()) ?? "").toMatch(/(Store|Loja)$/)

    // The admin's edit form, saved as it opens: the option stays in the store.
    await page.goto(
      `${server.url}/app/settings/locations/${store.stockLocationId}/fulfillment-set/${option.service_zone.fulfillment_set_id}/service-zone/${store.serviceZoneId}/shipping-option/${optionId}/edit`
    )
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^(Save|Salvar)$/ })
      .click()
    await page.getByRole("dialog").waitFor({ state: "detached" })
    const rules = (
      await server.api.get(`/admin/shipping-options/${optionId}`, { ...server.admin, params: { fields: "*rules" } })
    ).data.shipping_option.rules
    expect(rules).toEqual(
      expect.arrayContaining([expect.objectContaining({ attribute: "enabled_in_store", value: "true" })])
    )
    const cartId = await createCart(server.api, store, [
      { variant_id: store.variantIds["caneca-ceramica"], quantity: 1 },
    ])
    const offered = (await server.api.get("/store/shipping-options", { ...store.store, params: { cart_id: cartId } }))
      .data.shipping_options
    expect(offered.map((candidate: { id: string }) => candidate.id)).toContain(optionId)
  })

  it("saves a setting on the Frete page, and the storefront's quote changes accordingly", async () => {
    const before = await productPageQuote()
    const rulesNow = async () =>
      (await server.api.get("/admin/frete/settings", server.admin)).data.settings.rules as Array<{
        carried_from: string | null
        action: { type: string; value?: number }
      }>
    // The demo's rule of 1 day more on every service.
    const index = (await rulesNow()).findIndex((rule) => rule.action.type === "days")
    await page.goto(`${server.url}/app/settings/frete`)
    const days = byTestId(`frete-field-rules.${index}.action.value`)
    await days.waitFor()
    expect(await days.inputValue()).toBe("1")
    await days.fill("4")
    await byTestId("frete-section-rules-save").click()
    await eventually(async () => (await rulesNow())[index].action.value === 4)
    expect((await rulesNow())[index]).toMatchObject({ carried_from: null, action: { type: "days", value: 4 } })
    const after = await productPageQuote()
    // The demo's settings add 1 day; now 4: every deadline 3 business days later, prices the same.
    for (const quote of after) {
      const earlier = before.find((candidate) => candidate.service === quote.service)
      expect(quote.amount).toBe(earlier?.amount)
      expect(quote.days).toBe((earlier?.days as number) + 3)
    }
    await page.screenshot({ path: path.join(SHOTS, "admin-settings.png"), fullPage: false })
  })

  it("replaces a secret, which never comes back to the page", async () => {
    await page.goto(`${server.url}/app/settings/frete`)
    await byTestId("frete-secret-freight_token-status").waitFor()
    expect(await byTestId("frete-secret-freight_token-source").textContent()).toMatch(/painel/)
    await byTestId("frete-field-secrets.freight_token").fill(FREIGHT_TOKEN)
    await byTestId("frete-section-credentials-save").click()
    await eventually(async () => (await byTestId("frete-field-secrets.freight_token").inputValue()) === "")
    await page.reload()
    await byTestId("frete-secret-freight_token-status").waitFor()
    expect(await byTestId("frete-secret-freight_token-status").textContent()).toMatch(/Definido/)
    expect(await byTestId("frete-field-secrets.freight_token").inputValue()).toBe("")
    expect(await page.content()).not.toContain(FREIGHT_TOKEN)
    const api = await page.evaluate(async () =>
      (await fetch("/admin/frete/settings", { credentials: "include" })).text()
    )
    expect(api).not.toContain(FREIGHT_TOKEN)
  })

  it("tests the connection: the services as checkout shows them, the options that make one offer, and the service's error for an invalid token", async () => {
    // The demo renames SEDEX, PAC and Jadlog; here Azul is disabled too.
    const services = DEMO_SETTINGS.services.map((service) =>
      service.metaname === "azul-amanha" ? { ...service, enabled: false } : service
    )
    await server.api.post("/admin/frete/settings", { services }, server.admin)
    // An option of the sandbox's cheapest service, beside the demo's "Frete econômico": the same offer.
    const jadlog = await createFreteOption(server.api, store, "jadlog-package", "Jadlog .Package")
    await page.goto(`${server.url}/app/settings/frete`)
    await byTestId("frete-test-origin-cep").fill("01310-100")
    await byTestId("frete-test-destination-cep").fill("20040-002")
    await byTestId("frete-test-submit").click()
    await byTestId("frete-test-services").waitFor()
    const rows = await page.$$eval("[data-testid^=frete-test-service-]", (elements) =>
      elements
        .filter((element) => /^frete-test-service-\d+-name$/.test(element.getAttribute("data-testid") ?? ""))
        .map((element) => element.textContent)
    )
    // The merchant's names in the merchant's order; the API's names only as help text.
    expect(rows.slice(0, 3)).toEqual(["SEDEX", "PAC", "Jadlog .Package"])
    expect(await byTestId("frete-test-service-0-api-name").textContent()).toMatch(/Correios - SEDEX/)
    const azul = rows.indexOf("Azul Cargo - Amanhã")
    expect(azul).toBeGreaterThan(2)
    expect(await byTestId(`frete-test-service-${azul}-disabled`).textContent()).toBe("desativado")
    expect(await byTestId("frete-test-service-0-disabled").count()).toBe(0)
    expect(await byTestId("frete-test-overlap-0").textContent()).toBe(
      "As opções “Frete econômico” e “Jadlog .Package” resultam na mesma oferta nesta cotação; a loja mostra só a primeira."
    )
    await byTestId("frete-test-result").screenshot({ path: path.join(SHOTS, "admin-test-connection.png") })
    await server.api.post("/admin/frete/settings", { services: DEMO_SETTINGS.services }, server.admin)
    await server.api.delete(`/admin/shipping-options/${jadlog}`, server.admin)

    await byTestId("frete-field-secrets.freight_token").fill("token-invalido")
    await byTestId("frete-test-submit").click()
    await eventually(async () =>
      /recusou o token/.test(
        (await byTestId("frete-test-freight-message")
          .textContent()
          .catch(() => "")) ?? ""
      )
    )
  })

  it("shows a shipped order's tracking status, and retries a failed one", async () => {
    await page.goto(`${server.url}/app/orders/${play.order.id}`)
    await byTestId("frete-tracking-widget").waitFor()
    await eventually(async () => /Criado/.test((await byTestId("frete-tracking-widget").textContent()) ?? ""))
    await byTestId("frete-tracking-widget").screenshot({ path: path.join(SHOTS, "admin-tracking-widget.png") })

    sandbox.configure({ trackingCredential: "credencial-trocada" })
    const order = await placeOrder(server.api, store, store.optionIds.cheapest, [
      { variant_id: store.variantIds["caneca-ceramica"], quantity: 1 },
    ])
    await shipOrder(server.api, store, order, { trackingNumber: "BR000000777BR" })
    const [row] = await eventually(async () => {
      const rows = (
        await server.api.get("/admin/frete/tracking-orders", { ...server.admin, params: { order_id: order.id } })
      ).data.tracking_orders
      return rows.length && rows[0].status === "failed" ? rows : undefined
    })
    await page.goto(`${server.url}/app/orders/${order.id}`)
    const item = `frete-tracking-order-${row.id}`
    await eventually(async () => /Falhou/.test((await byTestId(`${item}-status`).textContent()) ?? ""))
    expect(await byTestId(`${item}-last-error`).textContent()).toMatch(/recusou a credencial/)

    sandbox.configure({ trackingCredential: "sandbox-tracking-credential" })
    await byTestId(`${item}-retry`).click()
    // "Reenviar" shows what will be sent (masked) before it sends.
    await byTestId(`${item}-preview-fields`).waitFor()
    expect(await byTestId(`${item}-preview-CustomerName`).locator("dd").textContent()).toMatch(
      /^M\*\*\* d\*\*\* S\*\*\*/
    )
    // The labels come from the field table (src/lib/tracking/fields.ts), in the dashboard's language.
    expect(await byTestId(`${item}-preview-CustomerName`).locator("dt").textContent()).toBe("Cliente")
    expect(await byTestId(`${item}-preview-CustomerComplement`).locator("dt").textContent()).toBe("Complemento")
    await byTestId(`${item}-retry-confirm`).click()
    await eventually(async () => /Criado/.test((await byTestId(`${item}-status`).textContent()) ?? ""))
    expect(
      sandbox.trackingOrders().filter((stored) => stored.order.OrderNumber === String(order.display_id))
    ).toHaveLength(1)
  })

  it("follows a shipment marked in the dashboard: the tracking order appears with no reload", async () => {
    const order = await placeOrder(server.api, store, store.optionIds.cheapest, [
      { variant_id: store.variantIds["caneca-ceramica"], quantity: 1 },
    ])
    await fulfillOrder(server.api, store, order)
    await page.goto(`${server.url}/app/orders/${order.id}`)
    await byTestId("frete-tracking-empty").waitFor()
    // A mark that a reload would wipe out.
    await page.evaluate(() => Object.assign(window, { fretePageNotReloaded: true }))

    // The dashboard's own "Mark as shipped" form, saved with no label: the order number is the code.
    await page.getByRole("button", { name: /^(Mark as shipped|Marcar como enviado)$/ }).click()
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^(Save|Salvar)$/ })
      .click()

    await eventually(async () => /Criado/.test((await byTestId("frete-tracking-widget").textContent()) ?? ""))
    expect(
      await page.evaluate(() => (window as unknown as { fretePageNotReloaded?: boolean }).fretePageNotReloaded)
    ).toBe(true)
    expect(
      sandbox.trackingOrders().filter((stored) => stored.order.OrderNumber === String(order.display_id))
    ).toHaveLength(1)
  })

  // Last: it makes the freight service fail for a while, and switches the dashboard's language and back.
  // The order's freight widget then shows the orders the Frete page's cases placed.
  describe("the Frete page and the order's freight", () => {
    const placed = freightDashboardCases(() => admin)
    orderFreightCases(() => admin, placed)
  })

  describe("the freight simulator", () => simulatorCases(() => admin))

  describe("the rules editor", () => rulesEditorCases(() => admin))
})
