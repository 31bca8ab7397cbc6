// One shopper, as Medusa's Next.js starter would act: a product page quote, a cart to another
// state, every shipping option priced, the cheapest chosen, the order placed; then the merchant
// fulfils and ships it, and the plugin creates the tracking order.
import type { AxiosInstance } from "axios"
import { completeCart, createCart, eventually, listAndCalculate, shipOrder } from "../lib/store-api"
import { DEMO_OPTIONS, type DemoStore } from "./seed"

export interface DemoQuote {
  option: string
  amount: number
  days: number | null
  delivery_estimate: string | null
  is_fallback: boolean
}

export interface StorefrontPlay {
  productPageQuotes: Array<{ name: string; amount: number; days: number | null; delivery_estimate: string | null }>
  checkoutQuotes: DemoQuote[]
  order: { id: string; display_id: number; shipping: string; amount: number }
  trackingOrder: {
    status: string
    remote_id: string | null
    attempts: number
    last_error: string | null
    payload: Record<string, unknown> | null
  }
}

export const DEMO_SHOPPER = {
  first_name: "Ana",
  last_name: "Souza",
  address_1: "Avenida Afonso Pena, 1212",
  address_2: "Apto 502",
  city: "Belo Horizonte",
  province: "MG",
  postal_code: "30130-010",
  country_code: "br",
  phone: "(31) 99876-5432",
  metadata: { cpf: "529.982.247-25" },
}

export async function playStorefront(api: AxiosInstance, store: DemoStore): Promise<StorefrontPlay> {
  const { data: productPage } = await api.post(
    "/store/frete/quotes",
    { postal_code: DEMO_SHOPPER.postal_code, items: [{ variant_id: store.variantIds["luminaria-mesa"], quantity: 1 }] },
    store.store
  )

  const items = [
    { variant_id: store.variantIds["camiseta-basica"], quantity: 2 },
    { variant_id: store.variantIds["luminaria-mesa"], quantity: 1 },
  ]
  const cartId = await createCart(api, store, items, DEMO_SHOPPER, "ana.souza@example.com.br")
  const { options, prices } = await listAndCalculate(api, store, cartId)
  const failed = prices.filter((price) => price.status !== 200)
  if (failed.length) {
    // Options the fallback table cannot price fail when the others came from it: say so, it names the cause.
    const fromTable = prices.some(
      (price) => price.status === 200 && price.body.shipping_option.calculated_price.frete?.is_fallback
    )
    const failures = failed.map(
      (price) => `${options.find((option) => option.id === price.id)?.name} (${price.status}: ${price.body?.message})`
    )
    throw new Error(
      `pricing ${failures.join(", ")} failed${fromTable ? "; the other options were priced from the fallback table, so the freight API was not asked or did not answer in time (see the server's log)" : ""}`
    )
  }
  const checkoutQuotes: DemoQuote[] = []
  for (const price of prices) {
    // Medusa passes the provider's result through: the quote's facts come with the price.
    const { name, calculated_price: calculated } = price.body.shipping_option
    const { days, delivery_estimate, is_fallback } = calculated.frete
    checkoutQuotes.push({ option: name, amount: calculated.calculated_amount, days, delivery_estimate, is_fallback })
  }
  checkoutQuotes.sort(
    (a, b) => DEMO_OPTIONS.findIndex((o) => o.name === a.option) - DEMO_OPTIONS.findIndex((o) => o.name === b.option)
  )

  const cheapest = checkoutQuotes.reduce((best, quote) => (quote.amount < best.amount ? quote : best))
  const cheapestOptionId = options.find((option) => option.name === cheapest.option)?.id as string
  await api.post(`/store/carts/${cartId}/shipping-methods`, { option_id: cheapestOptionId }, store.store)
  const order = (await completeCart(api, store, cartId)).order as {
    id: string
    display_id: number
    items: Array<{ id: string; quantity: number }>
  }
  await shipOrder(api, store, order, {
    trackingNumber: `BR${String(order.display_id).padStart(9, "0")}BR`,
    fulfillmentMetadata: { nfe_numero: String(1000 + order.display_id), nfe_serie: "1" },
  })

  const trackingOrder = await eventually(async () => {
    const { data } = await api.get("/admin/frete/tracking-orders", { ...store.admin, params: { order_id: order.id } })
    const row = data.tracking_orders[0]
    return row && row.attempts > 0 ? row : undefined
  })

  return {
    productPageQuotes: productPage.quotes.map(
      (quote: { name: string; amount: number; days: number | null; delivery_estimate: string | null }) => ({
        name: quote.name,
        amount: quote.amount,
        days: quote.days,
        delivery_estimate: quote.delivery_estimate,
      })
    ),
    checkoutQuotes,
    order: { id: order.id, display_id: order.display_id, shipping: cheapest.option, amount: cheapest.amount },
    trackingOrder,
  }
}
