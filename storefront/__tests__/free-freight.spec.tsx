// The kit's free-freight nudge: its call against a real HTTP server on loopback that answers as
// the plugin's store route does (through plain fetch and through @medusajs/js-sdk), its pt-BR
// text, and its component as server-rendered HTML.
import Medusa from "@medusajs/js-sdk"
import { renderToString } from "react-dom/server"
import { loopbackStore } from "./loopback-store"
import { FreteError } from "../errors"
import { fetchFreeFreight, formatFreeFreight, type FreteFreeFreight } from "../free-freight"
import { FreteFreeFreightNudge } from "../react"

const MISSING: FreteFreeFreight = {
  postal_code: "01310100",
  currency_code: "brl",
  subtotal: 59.9,
  free: false,
  reachable: true,
  threshold: 100,
  missing: 40.1,
}
const FREE: FreteFreeFreight = { ...MISSING, subtotal: 120, free: true, missing: 0 }
const UNREACHABLE: FreteFreeFreight = {
  ...MISSING,
  postal_code: "20040002",
  reachable: false,
  threshold: null,
  missing: null,
}

const textContent = (html: string) => html.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "")

describe("fetchFreeFreight", () => {
  const store = loopbackStore((req) => ({
    method: req.method,
    url: req.url,
    key: req.headers["x-publishable-api-key"],
  }))
  const received = store.received

  const transports = () => ({
    fetch: { baseUrl: `${store.url}/`, publishableKey: "pk_vitrine" },
    sdk: { sdk: new Medusa({ baseUrl: store.url, publishableKey: "pk_vitrine" }) },
  })

  it.each(["fetch", "sdk"] as const)(
    "asks about the cart and the typed CEP, as digits, with the publishable key, through %s",
    async (transport) => {
      store.reply = { status: 200, body: MISSING }
      expect(
        await fetchFreeFreight(transports()[transport], { cartId: "cart_01ABC", postalCode: "01310-100" })
      ).toEqual(MISSING)
      expect(received).toEqual([
        { method: "GET", url: "/store/frete/free-freight?cart_id=cart_01ABC&postal_code=01310100", key: "pk_vitrine" },
      ])
    }
  )

  it("leaves the CEP to the cart's address when none is typed", async () => {
    store.reply = { status: 200, body: FREE }
    await fetchFreeFreight(transports().fetch, { cartId: "cart_01ABC" })
    await fetchFreeFreight(transports().fetch, { cartId: "cart_01ABC", postalCode: "  " })
    expect(received.map((request) => request.url)).toEqual([
      "/store/frete/free-freight?cart_id=cart_01ABC",
      "/store/frete/free-freight?cart_id=cart_01ABC",
    ])
  })

  it("refuses a CEP of a wrong shape without a request", async () => {
    const error = await fetchFreeFreight(transports().fetch, { cartId: "cart_01ABC", postalCode: "0131" }).catch(
      (caught: unknown) => caught
    )
    expect(error).toBeInstanceOf(FreteError)
    expect(error).toMatchObject({ code: "invalid_cep", status: 400, isCepProblem: true })
    expect(received).toEqual([])
  })

  it.each(["fetch", "sdk"] as const)("gives the store's error, in Portuguese, through %s", async (transport) => {
    store.reply = { status: 404, body: { type: "not_found", message: "Carrinho não encontrado." } }
    const error = await fetchFreeFreight(transports()[transport], { cartId: "cart_01ABC" }).catch(
      (caught: unknown) => caught
    )
    expect(error).toMatchObject({ code: "unknown", status: 404, message: "Carrinho não encontrado." })
  })

  it("says the store cannot be reached when the network fails", async () => {
    const error = await fetchFreeFreight({ baseUrl: "http://127.0.0.1:1" }, { cartId: "cart_01ABC" }).catch(
      (caught: unknown) => caught
    )
    expect(error).toMatchObject({ code: "network" })
  })
})

describe("formatFreeFreight", () => {
  it("says what is missing, in reais, or that the freight is free", () => {
    expect(formatFreeFreight(MISSING)).toBe("Faltam R$ 40,10 para frete grátis")
    expect(formatFreeFreight({ ...MISSING, missing: 1234.5 })).toBe("Faltam R$ 1.234,50 para frete grátis")
    expect(formatFreeFreight(FREE)).toBe("Frete grátis para o seu CEP")
  })

  it("says nothing when no rule reaches the CEP, or with no answer", () => {
    expect(formatFreeFreight(UNREACHABLE)).toBeNull()
    expect(formatFreeFreight(null)).toBeNull()
    expect(formatFreeFreight(undefined)).toBeNull()
  })
})

describe("FreteFreeFreightNudge", () => {
  it("shows what is missing over a bar of the way done, as a status", () => {
    const html = renderToString(<FreteFreeFreightNudge value={MISSING} />)
    expect(textContent(html)).toBe("Faltam R$ 40,10 para frete grátis")
    expect(html).toMatch(/^<p class="frete-free-freight" role="status"><span class="frete-free-freight__text">/)
    expect(html).toContain('<progress class="frete-free-freight__bar" max="100" value="59.9" aria-hidden="true">')
  })

  it("marks free freight, with no bar", () => {
    const html = renderToString(<FreteFreeFreightNudge value={FREE} />)
    expect(textContent(html)).toBe("Frete grátis para o seu CEP")
    expect(html).toContain('class="frete-free-freight frete-free-freight--free"')
    expect(html).not.toContain("<progress")
  })

  it("renders nothing when no rule reaches the CEP, with no answer, or before its own answer comes", () => {
    expect(renderToString(<FreteFreeFreightNudge value={UNREACHABLE} />)).toBe("")
    expect(renderToString(<FreteFreeFreightNudge value={null} />)).toBe("")
    expect(
      renderToString(<FreteFreeFreightNudge cartId="cart_01ABC" clientOptions={{ baseUrl: "http://127.0.0.1:1" }} />)
    ).toBe("")
  })

  it("adds a store's class names to each part, beside the kit's own", () => {
    const html = renderToString(
      <FreteFreeFreightNudge
        value={MISSING}
        className="mt-2"
        classNames={{ root: "txt-small", text: "font-semibold", bar: "w-full" }}
      />
    )
    expect(html).toContain('class="frete-free-freight mt-2 txt-small"')
    expect(html).toContain('class="frete-free-freight__text font-semibold"')
    expect(html).toContain('class="frete-free-freight__bar w-full"')
  })
})
