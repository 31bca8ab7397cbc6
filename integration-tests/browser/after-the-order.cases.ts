// After the order, in the browser (storefront.spec.ts). An order placed through the storefront's pages, shipped
// by the merchant through Medusa's admin API with a tracking code and URL, read by the shopper on
// the confirmation and on the order's page (the kit's FreteOrderDelivery); and the cart's
// calculator and free-freight nudge following the cart as its quantity goes 1 → 2 → 1.
import path from "node:path"
import type { Page } from "playwright-core"
import { eventually } from "../../scripts/lib/store-api"
import { SHOTS, type StorefrontSession } from "../helpers/browser-store"
import { calculatorOptions, deliveryOptions, occurrences } from "../helpers/storefront-reading"

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
    await session.toDeliveryStep(
      "camiseta-basica",
      { cep: "30130-010", city: "Belo Horizonte", uf: "MG" },
      { fresh: true }
    )
    const chosen = (await deliveryOptions(page)).find((option) => option.name === "PAC")
    expect(chosen).toMatchObject({ state: "ready", carrier: "Correios", date: expect.stringMatching(/^Chega até /) })
    await page.locator(".delivery-choice", { hasText: "PAC" }).locator("input").check()
    await byTestId("delivery-submit").click()
    await byTestId("payment-step").waitFor()
    await byTestId("place-order").click()
    await byTestId("order-page").waitFor()
    const orderId = /\/pedidos\/([^/?#]+)$/.exec(page.url())?.[1] as string
    expect(orderId).toMatch(/^order_/)

    // The confirmation: what was promised at checkout, and the state, in Portuguese.
    await page.locator(".frete-delivery__item").waitFor()
    expect(await readDelivery(page)).toEqual([
      {
        name: "PAC",
        status: "Em preparação",
        carrier: "Correios",
        date: chosen?.date,
        code: null,
        link: null,
        linkText: null,
      },
    ])
    await byTestId("order-page").screenshot({ path: path.join(SHOTS, "storefront-order-confirmation.png") })

    // The merchant ships it through Medusa's admin API: a fulfillment, then its shipment with a label.
    const { server, store } = session
    const { data } = await server.api.get(`/admin/orders/${orderId}`, {
      ...store.admin,
      params: { fields: "id,*items" },
    })
    const items = (data.order.items as Array<{ id: string; quantity: number }>).map((item) => ({
      id: item.id,
      quantity: item.quantity,
    }))
    const fulfilled = await server.api.post(
      `/admin/orders/${orderId}/fulfillments`,
      { items, location_id: store.stockLocationId },
      { ...store.admin, params: { fields: "id,*fulfillments" } }
    )
    const fulfillmentId = fulfilled.data.order.fulfillments.at(-1).id as string
    await server.api.post(
      `/admin/orders/${orderId}/fulfillments/${fulfillmentId}/shipments`,
      {
        items,
        labels: [
          {
            tracking_number: TRACKING_CODE,
            tracking_url: TRACKING_URL,
            label_url: "https://loja-demo.com.br/etiquetas/1.pdf",
          },
        ],
      },
      store.admin
    )
    // Shipped today, as Brazil's calendar has it.
    const today = new Intl.DateTimeFormat("pt-BR", {
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      timeZone: "America/Sao_Paulo",
    }).format(new Date())

    // The order's page, as the shopper comes back to it (the e-mail's link).
    await eventually(
      async () => {
        await page.goto(`${session.storefront.url}/pedidos/${orderId}`)
        await page.locator(".frete-delivery__item").waitFor()
        return (await readDelivery(page))[0]?.code !== null
      },
      20,
      "the shipment on the order's page"
    )
    expect(await readDelivery(page)).toEqual([
      {
        name: "PAC",
        status: expect.stringMatching(
          new RegExp(`^(Enviado em|Rastreamento ativo desde) ${today.replace(/\//g, "\\/")}$`)
        ),
        carrier: "Correios",
        date: chosen?.date,
        code: `Código de rastreio: ${TRACKING_CODE}`,
        link: TRACKING_URL,
        linkText: "Acompanhar entrega",
      },
    ])
    expect(await page.locator("a.frete-delivery__link").getAttribute("rel")).toContain("noopener")
    // The promise is said once on the page, in the delivery block.
    expect(await occurrences(page, "main", chosen?.date as string)).toBe(1)
    await byTestId("order-page").screenshot({ path: path.join(SHOTS, "storefront-order-shipped.png") })
  })

  it("keeps the cart's calculator and nudge true to the cart as the quantity goes 1 → 2 → 1: one request per change, each price what checkout then charges, free freight said by both or neither", async () => {
    // Free freight to Minas Gerais from R$ 150,00 of items; one "Camiseta básica" is R$ 79,90.
    await session.settings({ free_freight_rules: [{ min_subtotal: 150, states: ["MG"] }] })
    const freeFreightAsked: string[] = []
    const onRequest = (request: { url: () => string }) => {
      if (request.url().includes("/store/frete/free-freight")) freeFreightAsked.push(request.url())
    }
    page.on("request", onRequest)
    try {
      const nudge = byTestId("cart-free-freight")
      const nudgeText = async () => (await nudge.innerText()).trim()
      const shown = async () => (await calculatorOptions(page)).map(({ name, price }) => ({ name, price }))
      const atCheckout = async () => (await deliveryOptions(page)).map(({ name, price }) => ({ name, price }))
      /** After a change of the cart: the calculator's prices once asked again, and how many quotes that took. */
      const settled = async (quotesBefore: number, nudgeSays: string) => {
        await eventually(
          async () =>
            (await nudgeText()) === nudgeSays &&
            (await page.locator(".frete-calculator__list").count()) === 1 &&
            session.quoteRequests.length > quotesBefore,
          100,
          `"${nudgeSays}" and the calculator priced again`
        )
        return { prices: await shown(), quotes: session.quoteRequests.length - quotesBefore }
      }
      const toCheckoutPrices = async () => {
        await byTestId("go-to-checkout").click()
        await byTestId("address-form").waitFor()
        await session.toDeliveryStep(null, { cep: "30130-010", city: "Belo Horizonte", uf: "MG" })
        return atCheckout()
      }
      const toCart = async () => {
        await page.goto(`${session.storefront.url}/carrinho`)
        await byTestId("cart-page").waitFor()
      }

      await session.toAddressForm("camiseta-basica", { fresh: true })
      await toCart()
      // A cart with no address: the calculator waits for a CEP, and the nudge asks nothing without one.
      expect(await page.locator(".frete-calculator__input").inputValue()).toBe("")
      session.quoteRequests.length = 0
      await page.locator(".frete-calculator__input").fill("30130-010")
      await page.locator(".frete-calculator__input").press("Enter")
      const one = await settled(0, "Faltam R$ 70,10 para frete grátis")
      expect(one.quotes).toBe(1)
      expect(await nudge.locator("progress").getAttribute("max")).toBe("150")
      expect(one.prices.map((option) => option.price)).not.toContain("Grátis")
      await nudge.screenshot({ path: path.join(SHOTS, "storefront-free-freight-nudge.png") })

      // Quantity 2: R$ 159,80, past the threshold. One quote for the change, and the old prices gone.
      await byTestId("quantity-plus").click()
      const two = await settled(1, "Frete grátis para o seu CEP")
      expect(two.quotes).toBe(1)
      expect(await nudge.locator("progress").count()).toBe(0)
      expect(two.prices[0].price).toBe("Grátis")
      expect(two.prices).not.toEqual(one.prices)
      expect(await toCheckoutPrices()).toEqual(two.prices)

      // Back in the cart, which now has the address: the calculator starts from its CEP, with no typing.
      await toCart()
      await eventually(
        async () => (await page.locator(".frete-calculator__list").count()) === 1,
        100,
        "the cart's CEP priced"
      )
      expect(await page.locator(".frete-calculator__input").inputValue()).toBe("30130-010")
      expect(await shown()).toEqual(two.prices)
      const beforeMinus = session.quoteRequests.length
      await byTestId("quantity-minus").click()
      const back = await settled(beforeMinus, "Faltam R$ 70,10 para frete grátis")
      expect(back.quotes).toBe(1)
      expect(back.prices).toEqual(one.prices)
      const checkoutAtOne = await toCheckoutPrices()
      expect(checkoutAtOne).toEqual(one.prices)
      expect(checkoutAtOne.map((option) => option.price)).not.toContain("Grátis")
      // Every question the nudge asked had a CEP: none that could only fail.
      expect(freeFreightAsked.length).toBeGreaterThan(0)
      expect(freeFreightAsked.filter((url) => !new URL(url).searchParams.get("postal_code"))).toEqual([])
    } finally {
      page.off("request", onRequest)
      await session.settings({ free_freight_rules: [] })
    }
  })
}
