// The shopper's checkout in the browser (storefront.spec.ts): the delivery step, the CEP's warm-up,
// an unknown CEP, the summary and the type sizes. The product page's own tests are in
// storefront-product-page.cases.ts.
import path from "node:path"
import type { Page } from "playwright-core"
import { SHOTS, type StorefrontSession } from "../helpers/browser-store"
import { eventually } from "../../scripts/lib/store-api"
import {
  calculatorOptions,
  deliveryOptions as readDeliveryOptions,
  fontSizes,
  KIT_CSS,
  KIT_ROOTS,
  kitTextsAt10px,
  occurrences,
  readAs,
  reais,
} from "../helpers/storefront-reading"

const CEP_NOT_FOUND = "Não encontramos esse CEP. Confira o CEP de entrega e tente novamente."

export const checkoutCases = (started: () => StorefrontSession): void => {
  let session: StorefrontSession
  let page: Page
  const byTestId = (id: string) => page.getByTestId(id)
  const deliveryOptions = () => readDeliveryOptions(page)
  const summaryShipping = async () => (await byTestId("summary-shipping").textContent())?.trim()

  beforeAll(() => {
    session = started()
    ;({ page } = session)
  })

  it('shows each option as one scannable entry, cheapest first, from plain data as a server action returns it; the summary says "a calcular" until one is chosen, then its price', async () => {
    await session.toAddressForm("camiseta-basica", { fresh: true })
    // Before any method: never "R$ 0,00", which reads as free freight.
    expect(await summaryShipping()).toBe("a calcular")
    await session.toDeliveryStep(null, { cep: "30130010", city: "Belo Horizonte", uf: "MG" })
    expect(await summaryShipping()).toBe("a calcular")
    const options = await deliveryOptions()
    expect(options.map((option) => option.name).sort()).toEqual(["Frete econômico", "Frete expresso", "PAC"].sort())
    for (const option of options) {
      expect(option).toMatchObject({ state: "ready", error: null })
      expect(option.price).toMatch(/^(R\$ \d+,\d{2}|Grátis)$/)
      expect(option.deadline).toMatch(/^Receba /)
      expect(option.date).toMatch(/^Chega até /)
      // The carrier as a shopper names it, as the product page says it: no API punctuation, no service.
      expect(option.carrier).toMatch(/^(Correios|Jadlog|Azul Cargo)$/)
      expect(option.text).toBe(
        readAs({
          name: option.name as string,
          price: option.price as string,
          facts: [option.carrier, option.deadline, option.date],
        })
      )
    }
    const prices = options.map((option) => reais(option.price))
    expect(prices).toEqual([...prices].sort((a, b) => a - b))
    await byTestId("delivery-step").screenshot({ path: path.join(SHOTS, "storefront-checkout.png") })

    const cheapest = options.find((option) => option.name === "Frete econômico")
    await page.locator(".delivery-choice", { hasText: "Frete econômico" }).locator("input").check()
    // Chosen on the page, not yet on the cart: still "a calcular".
    expect(await summaryShipping()).toBe("a calcular")
    await byTestId("delivery-submit").click()
    await byTestId("payment-step").waitFor()
    expect(await summaryShipping()).toBe(cheapest?.price)
    await byTestId("place-order").click()
    await byTestId("order-page").waitFor()
    expect(await page.locator(".frete-delivery__date").textContent()).toBe(cheapest?.date)
    expect(await occurrences(page, "main", cheapest?.date as string)).toBe(1)
    expect(await page.locator("h1").textContent()).toMatch(/^Pedido #\d+ confirmado$/)
    await byTestId("order-page").screenshot({ path: path.join(SHOTS, "storefront-order.png") })
  })

  it("lists the same options, in the same order, with the same carrier line, on the product page and at checkout", async () => {
    await session.quoteOnProductPage("luminaria-mesa", "40010-000")
    const read = (
      options: Array<{
        name: string | null
        price: string | null
        carrier: string | null
        deadline: string | null
        date: string | null
      }>
    ) => options.map(({ name, price, carrier, deadline, date }) => ({ name, price, carrier, deadline, date }))
    const onProductPage = read(await calculatorOptions(page))
    expect(onProductPage.length).toBeGreaterThan(1)
    // A cart of that product alone, at that CEP.
    await session.toDeliveryStep("luminaria-mesa", { cep: "40010-000", city: "Salvador", uf: "BA" }, { fresh: true })
    expect(read(await deliveryOptions())).toEqual(onProductPage)
  })

  it("sets the options' text at the size of the page's own text, the facts line one step smaller and never under 12px", async () => {
    await session.toDeliveryStep(
      "camiseta-basica",
      { cep: "30130-010", city: "Belo Horizonte", uf: "MG" },
      { fresh: true }
    )
    // The page's own text: "Entrega no CEP …" of the checkout, in the shop's 16px.
    const sizes = () =>
      fontSizes(page, {
        page: ".checkout-page > p",
        row: ".delivery-choice",
        name: ".frete-option__name",
        price: ".frete-option__price",
        facts: ".frete-option__details",
      })
    expect(await sizes()).toEqual({ page: 16, row: 16, name: 16, price: 16, facts: 14 })
    // The dtc-starter's option row is `text-small-regular` (12px): the label takes it, and its facts stay at 12px, not 10.5px.
    await page.addStyleTag({ content: ".delivery-choice { font-size: 12px }" })
    expect(await sizes()).toMatchObject({ row: 12, name: 12, price: 12, facts: 12 })
    // With the starter's option text (`text-base-regular`, 14px) on the label, as its step 6d does: 14px, the facts 12.25px.
    await page.addStyleTag({ content: ".delivery-choice .frete-option { font-size: 14px }" })
    expect(await sizes()).toMatchObject({ name: 14, price: 14, facts: 12.25 })

    // The product page's calculator likewise: at the size of the page's own "Quantidade".
    await session.quoteOnProductPage("camiseta-basica", "30130-010")
    expect(
      await fontSizes(page, {
        page: ".product-page__buy label",
        name: ".frete-calculator__name",
        facts: ".frete-calculator__details",
      })
    ).toEqual({ page: 16, name: 16, facts: 14 })
  })

  it("sets no text of the kit under 12px in a 10px context, on every page a shopper walks, and a class the storefront passes wins over the kit's size", async () => {
    // Every component on the walk: calculator, nudge, notice, summary, options, promise, delivery.
    const walked = new Set<string>()
    const measure = async () => {
      const { roots, texts } = await kitTextsAt10px(page)
      for (const root of roots) walked.add(root)
      return texts
    }
    const under12 = (texts: Array<{ size: number }>) => texts.filter((text) => text.size < 12)
    await session.settings({ free_freight_rules: [{ min_subtotal: 150, states: ["MG"] }] })
    try {
      await session.quoteOnProductPage("camiseta-basica", "30130-010")
      expect(under12(await measure())).toEqual([])

      await session.toAddressForm("camiseta-basica", { fresh: true })
      await page.goto(`${session.storefront.url}/carrinho`)
      await page.locator(".frete-calculator__input").fill("30130-010")
      await page.locator(".frete-calculator__input").press("Enter")
      await page.locator(".frete-calculator__list").waitFor()
      await eventually(async () => (await page.locator(".frete-free-freight").count()) === 1, 100, "the nudge")
      expect(under12(await measure())).toEqual([])

      await byTestId("go-to-checkout").click()
      const field = byTestId("address-form").locator("input[name=postal_code]")
      await field.fill("99999-999")
      await page.locator(".address-form .frete-notice:not(:empty)").waitFor()
      expect(under12(await measure())).toEqual([])

      await session.toDeliveryStep(null, { cep: "30130-010", city: "Belo Horizonte", uf: "MG" })
      expect(under12(await measure())).toEqual([])
      await page.locator(".delivery-choice input:enabled").first().check()
      await byTestId("delivery-submit").click()
      await byTestId("payment-step").waitFor()
      // The kit's stylesheet once more, after the shop's, as a storefront that imports it last (the starter's step 2): the shop's class still wins.
      await page.addStyleTag({ content: KIT_CSS })
      const onPayment = await measure()
      expect(under12(onPayment)).toEqual([])
      // The promise carries the shop's class (15px, as the starter's step 14 passes its own): it wins over the kit's size.
      const promise = onPayment.filter((text) => text.root === "frete-method")
      expect(promise.length).toBeGreaterThan(0)
      expect(promise.map((text) => text.size)).toEqual(promise.map(() => 15))

      await byTestId("place-order").click()
      await page.locator(".frete-delivery__item").waitFor()
      expect(under12(await measure())).toEqual([])
      expect([...walked].sort()).toEqual([...KIT_ROOTS].sort())
    } finally {
      await session.settings({ free_freight_rules: [] })
    }
  })

  it("warms the cart's quote as the CEP is typed: one quote per CEP, and the delivery step makes no freight call of its own", async () => {
    // A CEP no other test quoted, typed digit by digit as a shopper does, on a new cart with no address yet.
    const cep = "35400-000"
    await session.toAddressForm("camiseta-basica", { fresh: true })
    const before = session.sandbox.calls({ service: "freight" }).length
    session.quoteRequests.length = 0
    const warmed = page.waitForResponse((answer) => answer.url().endsWith("/store/frete/quotes"))
    const field = byTestId("address-form").locator("input[name=postal_code]")
    await field.pressSequentially(cep.replace("-", ""), { delay: 60 })
    expect((await warmed).status()).toBe(200)
    expect(session.quoteRequests).toHaveLength(1)
    expect(JSON.parse(session.quoteRequests[0])).toMatchObject({
      postal_code: "35400000",
      cart_id: expect.stringMatching(/^cart_/),
    })
    const afterWarmUp = session.sandbox.calls({ service: "freight" }).length
    expect(afterWarmUp).toBeGreaterThan(before)
    // A CEP the service knows: nothing said under the field.
    expect(await page.locator(".address-form .frete-notice").textContent()).toBe("")

    // The same CEP erased and retyped: no new quote.
    await field.press("Backspace")
    await field.press("0")
    await session.toDeliveryStep(null, { city: "Ouro Preto", uf: "MG" })
    const options = await deliveryOptions()
    expect(options).toHaveLength(3)
    for (const option of options) expect(option).toMatchObject({ state: "ready", error: null })
    expect(session.sandbox.calls({ service: "freight" }).length).toBe(afterWarmUp)
    expect(session.quoteRequests).toHaveLength(1)
  })

  it("says an unknown CEP once: under the CEP field as soon as the warm-up knows, and once above the options at the delivery step", async () => {
    await session.quoteOnProductPage("caneca-ceramica", "99999-999")
    expect(await page.locator(".frete-calculator__error").textContent()).toBe(CEP_NOT_FOUND)
    expect(await page.locator(".frete-calculator__option").count()).toBe(0)

    // The address step: the warm-up's answer, under the field, before the form is sent.
    await session.toAddressForm("caneca-ceramica", { fresh: true })
    const field = byTestId("address-form").locator("input[name=postal_code]")
    // The form does not move when the message comes: the notice keeps its line.
    const nextField = byTestId("address-form").locator("input[name=email]")
    const before = await nextField.boundingBox()
    await field.fill("99999-999")
    await page.locator(".address-form .frete-notice:not(:empty)").waitFor()
    expect(await nextField.boundingBox()).toEqual(before)
    expect(await occurrences(page, "main", CEP_NOT_FOUND)).toBe(1)
    expect(await field.getAttribute("aria-describedby")).toBe(
      await page.locator(".address-form .frete-notice").getAttribute("id")
    )
    // Another CEP typed: the message goes with the CEP it was about.
    await field.fill("99999-99")
    expect(await page.locator(".address-form .frete-notice").textContent()).toBe("")
    await field.fill("99999-999")
    await page.locator(".address-form .frete-notice:not(:empty)").waitFor()

    // The delivery step: each option's failure comes as plain data (a server action's answer); the
    // CEP's message is said once, above the options, which say only that they are unavailable.
    await session.toDeliveryStep(null, { city: "Lugar Nenhum", uf: "SP" })
    const options = await deliveryOptions()
    expect(options).toHaveLength(3)
    expect(
      options.filter(
        (option) => option.state !== "error" || option.error !== "Indisponível para este CEP" || option.price !== null
      )
    ).toEqual([])
    expect(await occurrences(page, "main", CEP_NOT_FOUND)).toBe(1)
    expect(await page.locator(".delivery-step .frete-notice").textContent()).toBe(CEP_NOT_FOUND)
    // Above the first option.
    expect(await page.locator(".delivery-step .frete-notice + .delivery-choice").count()).toBe(1)
    expect(await page.locator(".delivery-choice input:enabled").count()).toBe(0)
    expect(await byTestId("summary-shipping").textContent()).toBe("a calcular")
    await byTestId("delivery-step").screenshot({ path: path.join(SHOTS, "storefront-unknown-cep.png") })
  })
}
