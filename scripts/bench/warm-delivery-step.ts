// Figure 9 of `npm run bench`: the delivery step after the storefront kit's warm-up. The freight
// API answers in FREIGHT_LATENCY_MS; the shopper types the CEP (the kit's `warmQuote`, as the
// address form's `useFreteWarmQuote` calls it) TYPED_BEFORE_MS before the delivery step opens; the
// step then saves the address, lists the cart's options and prices each calculated one at once,
// as the starters do. Its time until every option is priced, ÷ the same step whose options the
// constant-price provider prices. Without the warm-up, for comparison, the same step pays the
// freight API's latency (or, on a machine so busy that Medusa's own work eats into
// `freight.timeoutMs`, the fallback table at the deadline: counted as unpriced options).
import type { MedusaServer } from "../demo/medusa-server"
import type { DemoStore } from "../demo/seed"
import { DEMO_SHOPPER } from "../demo/storefront-play"
import type { Sandbox } from "../../sandbox/server"
import { createFreteClient, warmQuote } from "../../storefront/index"
import { distinctCeps, median, round, timed } from "./measure"

const FREIGHT_LATENCY_MS = 1500
/** The CEP is the address form's first field: the rest of the form takes the shopper this long. */
const TYPED_BEFORE_MS = 3000
const SAMPLES = 5

export interface WarmDeliveryContext {
  server: MedusaServer
  sandbox: Sandbox
  store: DemoStore
  /** A calculated option of the constant-price provider. */
  baselineOption: string
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function warmDeliveryStep(c: WarmDeliveryContext) {
  const { api } = c.server
  const storeHeaders = c.store.store
  const frete = createFreteClient({
    baseUrl: c.server.url,
    publishableKey: storeHeaders.headers["x-publishable-api-key"],
  })
  const newCart = async () =>
    (
      await api.post(
        "/store/carts",
        { region_id: c.store.regionId, items: [{ variant_id: c.store.variantIds["camiseta-basica"], quantity: 1 }] },
        storeHeaders
      )
    ).data.cart.id as string

  /** The delivery step, from the address form's submit until every option is priced: the options priced by `pick`. */
  const deliveryStep = async (
    cartId: string,
    cep: string,
    pick: (options: Array<{ id: string; provider_id: string }>) => string[]
  ) => {
    const { ms, result } = await timed(async () => {
      await api.post(
        `/store/carts/${cartId}`,
        { email: "ana.souza@example.com.br", shipping_address: { ...DEMO_SHOPPER, postal_code: cep } },
        storeHeaders
      )
      const { data } = await api.get("/store/shipping-options", { ...storeHeaders, params: { cart_id: cartId } })
      const ids = pick(data.shipping_options)
      // An option that cannot be priced (a 400) is counted, not thrown: the figure says how many.
      const answers = await Promise.all(
        ids.map((id) =>
          api.post(`/store/shipping-options/${id}/calculate`, { cart_id: cartId, data: {} }, storeHeaders).then(
            (answer) =>
              answer.status === 200 && answer.data.shipping_option?.calculated_price?.frete?.is_fallback !== true,
            () => false
          )
        )
      )
      return { options: ids.length, priced: answers.filter(Boolean).length }
    })
    return { ms, ...result }
  }
  const freteOptions = (options: Array<{ id: string; provider_id: string }>) =>
    options.filter((option) => option.provider_id === "frete_frete").map((option) => option.id)

  c.sandbox.configure({ latencyMs: FREIGHT_LATENCY_MS })
  const warmed: number[] = []
  const unwarmed: number[] = []
  const baseline: number[] = []
  let freightCallsInWarmedSteps = 0
  let warmUpFallbacks = 0
  /** Options of the warmed steps, then of the others, not priced by the freight API (refused, or from the fallback table). */
  let unpricedWarmed = 0
  let unpricedUnwarmed = 0
  try {
    for (const [index, cep] of distinctCeps(SAMPLES * 2, 11_000).entries()) {
      if (index % 2 === 0) {
        // Warmed: the CEP typed, the rest of the form filled, then the step.
        const cartId = await newCart()
        const warmUp = warmQuote(frete, { cartId, postalCode: cep })
        await wait(TYPED_BEFORE_MS)
        const calls = c.sandbox.calls({ service: "freight" }).length
        const step = await deliveryStep(cartId, cep, freteOptions)
        freightCallsInWarmedSteps += c.sandbox.calls({ service: "freight" }).length - calls
        const warmth = await warmUp
        if (!warmth || warmth.error) throw new Error(`the warm-up failed: ${warmth?.error?.message ?? "no request"}`)
        warmUpFallbacks += warmth.quotes?.some((quote) => quote.is_fallback) ? 1 : 0
        warmed.push(step.ms)
        unpricedWarmed += step.options - step.priced
        // The same step with the options the constant provider prices, as many of them.
        const baselineCart = await newCart()
        baseline.push(
          (await deliveryStep(baselineCart, cep, () => Array.from({ length: step.options }, () => c.baselineOption))).ms
        )
      } else {
        // Not warmed: the step pays the freight API's latency.
        const step = await deliveryStep(await newCart(), cep, freteOptions)
        unwarmed.push(step.ms)
        unpricedUnwarmed += step.options - step.priced
      }
    }
  } finally {
    c.sandbox.configure({ latencyMs: 0 })
  }
  return {
    freight_latency_ms: FREIGHT_LATENCY_MS,
    typed_before_ms: TYPED_BEFORE_MS,
    warmed_median_ms: round(median(warmed)),
    baseline_median_ms: round(median(baseline)),
    unwarmed_median_ms: round(median(unwarmed)),
    ratio: round(median(warmed) / median(baseline), 2),
    unwarmed_ratio: round(median(unwarmed) / median(baseline), 2),
    freight_calls_in_warmed_steps: freightCallsInWarmedSteps,
    warm_ups_from_fallback: warmUpFallbacks,
    unpriced_options_warmed: unpricedWarmed,
    unpriced_options_unwarmed: unpricedUnwarmed,
    samples: warmed.length,
  }
}
