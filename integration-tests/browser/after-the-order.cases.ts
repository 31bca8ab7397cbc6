// After the order, in the browser (storefront.spec.ts). An order placed through the storefront's pages, shipped
// by the merchant through Medusa's admin API with a tracking code and URL, read by the shopper on
// the confirmation and on the order's page (the kit's FreteOrderDelivery); and the cart's
// free-freight nudge (FreteFreeFreightNudge) below and above a rule's threshold.
import path from "node:path"
import type { Page } from "playwright-core"
import { eventually } from "../../scripts/lib/store-api"
import { SHOTS, type StorefrontSession } from "../helpers/browser-store"
import { deliveryOptions } from "../helpers/storefront-reading"

const TRACKING_CODE = "AA123456785BR"
const TRACKING_URL = `https://rastreamento.correios.com.br/app/index.php?objeto=${TRACKING_CODE}`

/** What a shopper reads of the order's delivery block. */
const readDelivery = (page: Page) =>
  page.locator(".frete-delivery__item").evaluateAll((items) =>
    items.map((item) => ({
      name: item.querySelector(".frete-delivery__name")?.textContent ?? null,
      status: item.querySelector(".frete-delivery__status")?.textContent ?? null,
      carrier: item.querySelector(".frete-delivery__carrier")?.textContent ?? null,
      date: item.querySelector(".frete-delivery__date")?.textContent ?? null,
      code: item.querySelector(".frete-delivery__code")?.textContent ?? null,
      link: item.querySelector("a.frete-delivery__link")?.getAttribute("href") ?? null,
      linkText: item.querySelector("a.frete-delivery__link")?.textContent ?? null,
    }))
  )

export const afterTheOrderCases = (started: () => StorefrontSession): void => {
  let session: StorefrontSession
  let page: Page
  const byTestId = (id: string) => page.getByTestId(id)

  beforeAll(() => {
    session = started()
    ;({ page } = session)
  })


  it("shows carrier, promised date and state on the confirmation, then the tracking code and link on the order's page once the merchant ships it", async () => {
    await session.toDeliveryStep("camiseta-basica", { cep: "30130-010", city: "Belo Horizonte", uf: "MG" }, { fresh: true })
    const chosen = (await deliveryOptions(page)).find((option) => option.name === "SEDEX")
    expect(chosen).toMatchObject({ state: "ready", carrier: "Correios", date: expect.stringMatching(/^Chega até /) })
    await page.locator(".delivery-choice", { hasText: "SEDEX" }).locator("input").check()
    await byTestId("delivery-submit").click()
    await byTestId("payment-step").waitFor()
    await byTestId("place-order").click()
    await byTestId("order-page").waitFor()
    const orderId = /\/pedidos\/([^/?#]+)$/.exec(page.url())?.[1] as string
    expect(orderId).toMatch(/^order_/)

    // The confirmation: what was promised at checkout, and the state, in Portuguese.
    await page.locator(".frete-delivery__item").waitFor()
    expect(await readDelivery(page)).toEqual([{ name: "SEDEX", status: "Em preparação", carrier: "Correios", date: chosen?.date, code: null, link: null, linkText: null }])
    await byTestId("order-page").screenshot({ path: path.join(SHOTS, "storefront-order-confirmation.png") })

    // The merchant ships it through Medusa's admin API: a fulfillment, then its shipment with a label.
    const { server, store } = session
    const { data } = await server.api.get(`/admin/orders/${orderId}`, { ...store.admin, params: { fields: "id,*items" } })
    const items = (data.order.items as Array<{ id: string; quantity: number }>).map((item) => ({ id: item.id, quantity: item.quantity }))
    const fulfilled = await server.api.post(`/admin/orders/${orderId}/fulfillments`, { items, location_id: store.stockLocationId }, { ...store.admin, params: { fields: "id,*fulfillments" } })
    const fulfillmentId = fulfilled.data.order.fulfillments.at(-1).id as string
    await server.api.post(
      `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`,
      { items, labels: [{ tracking_number: TRACKING_CODE, tracking_url: TRACKING_URL, label_url: "https://loja-demo.com.br/etiquetas/1.pdf" }] },
      store.admin
    )
    // Shipped today, as Brazil's calendar has it.
    const today = new Intl.DateTimeFormat("pt-BR", { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "America/Sao_Paulo" }).format(new Date())

    // The order's page, as the shopper comes back to it (the e-mail's link).
    await eventually(async () => {
      await page.goto(`${session.storefront.url}/pedidos/${orderId}`)
      await page.locator(".frete-delivery__item").waitFor()
      return (await readDelivery(page))[0]?.code !== null
    }, 20, "the shipment on the order's page")
    expect(await readDelivery(page)).toEqual([
      {
        name: "SEDEX",
        status: expect.stringMatching(new RegExp(`^(Enviado em|Rastreamento ativo desde) ${today.replace(/\//g, "\\/")}$`)),
        carrier: "Correios",
        date: chosen?.date,
        code: `Código de rastreio: ${TRACKING_CODE}`,
        link: TRACKING_URL,
        linkText: "Acompanhar entrega",
      },
    ])
    expect(await page.locator("a.frete-delivery__link").getAttribute("rel")).toContain("noopener")
    expect(await byTestId("order-promise").textContent()).toBe(chosen?.date)
    await byTestId("order-page").screenshot({ path: path.join(SHOTS, "storefront-order-shipped.png") })
  })

  it('nudges a cart below a free-freight rule\'s threshold with "Faltam R$ …", and says "Frete grátis" above it', async () => {
    // Free freight to Minas Gerais from R$ 150,00 of items.
    await session.settings({ free_freight_rules: [{ min_subtotal: 150, states: ["MG"] }] })
    try {
      // One "Camiseta básica" (R$ 79,90): R$ 70,10 short.
      await session.toAddressForm("camiseta-basica", { fresh: true })
      const asked = page.waitForResponse((answer) => answer.url().includes("/store/frete/free-freight"))
      await page.goto(`${session.storefront.url}/carrinho`)
      const nudge = byTestId("cart-free-freight")
      // No CEP yet: the store answered, and nothing is said.
      await asked
      await byTestId("cart-page").waitFor()
      expect(await nudge.innerText()).toBe("")
      await page.locator(".frete-calculator__input").fill("30130-010")
      await page.locator(".frete-calculator__input").press("Enter")
      await page.locator(".frete-calculator__list").waitFor()
      // Settings apply within settingsRefreshMs on every instance.
      await eventually(async () => (await nudge.innerText()).trim() === "Faltam R$ 70,10 para frete grátis", 100, "the nudge below the threshold")
      expect(await nudge.locator("progress").getAttribute("max")).toBe("150")
      await nudge.screenshot({ path: path.join(SHOTS, "storefront-free-freight-nudge.png") })

      // Another two: R$ 239,70, above the threshold.
      await page.goto(`${session.storefront.url}/produtos/camiseta-basica`)
      await byTestId("quantity").fill("2")
      await byTestId("add-to-cart").click()
      await byTestId("cart-page").waitFor()
      await page.locator(".frete-calculator__input").fill("30130-010")
      await page.locator(".frete-calculator__input").press("Enter")
      await eventually(async () => (await nudge.innerText()).trim() === "Frete grátis para o seu CEP", 100, "the nudge above the threshold")
      expect(await nudge.locator("progress").count()).toBe(0)
      // The calculator says it too: the cheapest option is free.
      await eventually(async () => (await page.locator(".frete-calculator__price").first().textContent()) === "Grátis", 100, "the free option")
    } finally {
      await session.settings({ free_freight_rules: [] })
    }
  })
}
