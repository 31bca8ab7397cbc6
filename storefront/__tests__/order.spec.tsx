// The order page's part of the kit: fetching an order's delivery (through plain fetch and
// @medusajs/js-sdk, against a real HTTP server on loopback), the lines a shopper reads, and the
// components as server-rendered HTML.
import Medusa from "@medusajs/js-sdk"
import { renderToString } from "react-dom/server"
import { loopbackStore } from "./loopback-store"
import { FreteError } from "../errors"
import { describeDelivery, describeShippingMethod, fetchOrderDelivery, formatDeliveryStatus } from "../order"
import { FreteOrderDelivery, FreteShippingMethodFacts } from "../react"
import type { FreteOrderDelivery as Delivery } from "../../src/lib/tracking/order-delivery"

const decode = (html: string) =>
  html
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/<!-- -->/g, "")
/** The lines a shopper sees with no CSS: each paragraph or list item its own line, spaces collapsed. */
const lines = (html: string) =>
  decode(
    html
      .replace(/<!-- -->/g, "")
      .replace(/<\/(p|li|h2)>/g, "\n")
      .replace(/<[^>]+>/g, "")
  )
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter(Boolean)

const SHIPPED: Delivery = {
  shipping_method_id: "ordsm_1",
  fulfillment_id: "ful_1",
  name: "Frete econômico",
  service_name: "Jadlog - .Package",
  carrier: "jadlog",
  delivery_estimate: "2026-12-03",
  tracking: [{ code: "JD123", url: "https://www.jadlog.com.br/tracking?cte=JD123" }],
  status: "shipped",
  status_label: "Enviado",
  // 23:30 in São Paulo on the 25th: the 26th in UTC.
  status_at: "2026-11-26T02:30:00.000Z",
}
const PREPARING: Delivery = {
  ...SHIPPED,
  fulfillment_id: null,
  tracking: [],
  status: "preparing",
  status_label: "Em preparação",
  status_at: "2026-11-25T12:00:00.000Z",
}

describe("the kit's order delivery", () => {
  const store = loopbackStore((req) => ({
    method: req.method,
    url: req.url,
    key: req.headers["x-publishable-api-key"],
    authorization: req.headers.authorization,
  }))
  const received = store.received

  const sources = () => ({
    fetch: { baseUrl: `${store.url}/`, publishableKey: "pk_vitrine" },
    sdk: { sdk: new Medusa({ baseUrl: store.url, publishableKey: "pk_vitrine" }) },
    url: store.url,
  })

  it.each(["fetch", "sdk"] as const)(
    "fetches the order's deliveries through %s, with the publishable key and the headers given",
    async (transport) => {
      store.reply = { status: 200, body: { deliveries: [SHIPPED] } }
      expect(await fetchOrderDelivery(sources()[transport], "order_01J", { authorization: "Bearer cliente" })).toEqual([
        SHIPPED,
      ])
      expect(received).toEqual([
        {
          method: "GET",
          url: "/store/frete/orders/order_01J/delivery",
          key: "pk_vitrine",
          authorization: "Bearer cliente",
        },
      ])
    }
  )

  it("takes the backend's URL alone, the publishable key then among the headers", async () => {
    store.reply = { status: 200, body: { deliveries: [] } }
    expect(await fetchOrderDelivery(sources().url, "order_01J", { "x-publishable-api-key": "pk_vitrine" })).toEqual([])
    expect(received).toEqual([
      { method: "GET", url: "/store/frete/orders/order_01J/delivery", key: "pk_vitrine", authorization: undefined },
    ])
  })

  it.each(["fetch", "sdk"] as const)(
    "fails with the store's message for an unknown order through %s",
    async (transport) => {
      store.reply = { status: 404, body: { type: "not_found", message: "Pedido não encontrado." } }
      const failure = await fetchOrderDelivery(sources()[transport], "order_01J").catch((error: unknown) => error)
      expect(failure).toBeInstanceOf(FreteError)
      expect(failure).toMatchObject({ status: 404, message: "Pedido não encontrado." })
    }
  )

  it("fails as a network error when the store cannot be reached, and escapes the order id in the path", async () => {
    await expect(fetchOrderDelivery({ baseUrl: "http://127.0.0.1:1" }, "order_01J")).rejects.toMatchObject({
      code: "network",
    })
    store.reply = { status: 200, body: {} }
    expect(await fetchOrderDelivery(sources().fetch, "order_01J/../x")).toEqual([])
    expect(received[0].url).toBe("/store/frete/orders/order_01J%2F..%2Fx/delivery")
  })

  it("says each status with its date in Brazil's time zone", () => {
    expect(formatDeliveryStatus("preparing", "2026-11-25T12:00:00.000Z")).toBe("Em preparação")
    expect(formatDeliveryStatus("shipped", "2026-11-26T02:30:00.000Z")).toBe("Enviado em 25/11/2026")
    expect(formatDeliveryStatus("tracking_sent", "2026-11-26T12:00:00.000Z")).toBe(
      "Rastreamento ativo desde 26/11/2026"
    )
    expect(formatDeliveryStatus("delivered", "2026-11-28T15:00:00.000Z")).toBe("Entregue em 28/11/2026")
    expect(formatDeliveryStatus("shipped", null)).toBe("Enviado")
    expect(formatDeliveryStatus("shipped", "not a date")).toBe("Enviado")
  })

  it("describes a shipment in the lines a shopper reads, with no promised date once delivered", () => {
    expect(describeDelivery(SHIPPED)).toEqual({
      name: "Frete econômico",
      carrier: "Jadlog",
      date: "Chega até qui., 3 de dez.",
      status: "shipped",
      statusText: "Enviado em 25/11/2026",
      tracking: [
        { text: "Código de rastreio: JD123", code: "JD123", url: "https://www.jadlog.com.br/tracking?cte=JD123" },
      ],
    })
    expect(describeDelivery({ ...SHIPPED, status: "delivered", status_label: "Entregue" }).date).toBeNull()
  })

  it("renders each shipment as name and status, carrier and date, then its tracking code and link", () => {
    const html = renderToString(
      <FreteOrderDelivery
        deliveries={[SHIPPED, { ...PREPARING, shipping_method_id: "ordsm_2", name: "SEDEX", carrier: "correios" }]}
      />
    )
    expect(lines(html)).toEqual([
      "Entrega",
      "Frete econômico · Enviado em 25/11/2026",
      "Jadlog · Chega até qui., 3 de dez.",
      "Código de rastreio: JD123 · Acompanhar entrega",
      "SEDEX · Em preparação",
      "Correios · Chega até qui., 3 de dez.",
    ])
    expect(html).toContain(
      '<a class="frete-delivery__link" href="https://www.jadlog.com.br/tracking?cte=JD123" target="_blank" rel="noopener noreferrer">Acompanhar entrega</a>'
    )
    expect(html).toContain('<li class="frete-delivery__item" data-status="shipped">')
    expect(html).toContain('<li class="frete-delivery__item" data-status="preparing">')
  })

  it("renders a code with no link as text, nothing for an order with no shipment of the plugin, and a store's class names", () => {
    const html = renderToString(
      <FreteOrderDelivery
        deliveries={[{ ...SHIPPED, tracking: [{ code: "JD123", url: null }] }]}
        title={null}
        className="mt-4"
        classNames={{ status: "font-bold", code: "mono" }}
      />
    )
    expect(lines(html)).toEqual([
      "Frete econômico · Enviado em 25/11/2026",
      "Jadlog · Chega até qui., 3 de dez.",
      "Código de rastreio: JD123",
    ])
    expect(html).not.toContain("<a ")
    expect(html).toContain('class="frete-delivery mt-4"')
    expect(html).toContain('class="frete-delivery__status font-bold"')
    expect(html).toContain('class="frete-delivery__code mono"')
    expect(renderToString(<FreteOrderDelivery deliveries={[]} />)).toBe("")
  })

  it("shows a chosen shipping method's carrier and promised date from its data, and nothing for another provider's", () => {
    const method = {
      name: "SEDEX",
      data: {
        service: "correios-sedex",
        service_name: "Correios - SEDEX",
        carrier: "correios",
        days: 3,
        delivery_estimate: "2026-12-03",
        is_fallback: false,
        consulta_token: "t",
      },
    }
    expect(describeShippingMethod(method)).toEqual({ carrier: "Correios", date: "Chega até qui., 3 de dez." })
    expect(describeShippingMethod({ name: "Retirada", data: {} })).toBeNull()
    expect(describeShippingMethod(null)).toBeNull()
    const html = renderToString(<FreteShippingMethodFacts method={method} />)
    expect(decode(html.replace(/<[^>]+>/g, ""))).toBe("Correios · Chega até qui., 3 de dez.")
    expect(html).toContain('<span class="frete-method__date">')
    expect(html).not.toMatch(/<(div|p|ul|li)\b/)
    expect(renderToString(<FreteShippingMethodFacts method={{ name: "Retirada", data: {} }} />)).toBe("")
  })
})
