// The store the rules' cases price in, and their oracle: what the sandbox charges for a cart (its own pricing
// function, run here), and what checkout must show for it once the test has changed the sandbox's prices as a rule
// would. Checkout's own answer comes from Medusa's routes, as a storefront asks it.
import type { AxiosInstance } from "axios"
import type { FreteRule } from "../../src/lib/settings/rules"
import type { FreteSettingsInput } from "../../src/lib/settings/schema"
import { validateFreightQuery } from "../../sandbox/freight"
import { quoteFreight, UNKNOWN_DEADLINE } from "../../sandbox/freight-pricing"
import {
  createCart,
  createFreteOption,
  createProduct,
  listAndCalculate,
  type ProductInput,
} from "../../scripts/lib/store-api"
import { ORIGIN_CEP, type BrazilianStore } from "../helpers/brazilian-store"
import { MUG, SHIRT, createCheckoutStore } from "../helpers/checkout-setup"
import type { FreteTestContext } from "../helpers/frete-runner"

/** The sandbox's services: by price jadlog, PAC, SEDEX, Azul; by days Azul, SEDEX, jadlog, PAC (outside São Paulo). */
export const SERVICES = ["correios-pac", "correios-sedex", "jadlog-package", "azul-amanha"] as const
/** An option per service, then the two the README suggests: the options checkout lists, in creation order. */
export const OPTIONS = [...SERVICES, "cheapest", "fastest"] as const
export type OptionKey = (typeof OPTIONS)[number]

export const RIO = { postal_code: "20040-002", province: "RJ", city: "Rio de Janeiro" }
export const BELO_HORIZONTE = { postal_code: "30130-010", province: "MG", city: "Belo Horizonte" }
export const SALVADOR = { postal_code: "40010-000", province: "BA", city: "Salvador" }
export const MANAUS = { postal_code: "69010-000", province: "AM", city: "Manaus" }
export type Address = typeof RIO

export type Product = { input: ProductInput; productId: string; variantId: string }
export type Line = { product: Product; quantity: number }

/** A rule as the merchant saves it: every scope field left out reaches every cart. */
export type RuleInput = {
  name?: string
  enabled?: boolean
  scope?: Partial<FreteRule["scope"]>
  action: FreteRule["action"]
}

/** One service's price in centavos and days (null: no deadline promised), as the sandbox answers it. */
export type Quote = { cents: number; days: number | null }
export type Quotes = Partial<Record<(typeof SERVICES)[number], Quote>>
/** What checkout shows for an option: its service, price and days, or the error code of its calculation. */
export type Shown = { service: string; amount: number; days: number | null } | string

export interface RulesStore {
  store: BrazilianStore
  shirt: Product
  mug: Product
  options: Record<OptionKey, string>
}

/** Registers the `beforeAll` that makes the store: the shirt and the mug, and the options of OPTIONS. */
export function rulesStore({ api, getContainer }: FreteTestContext): () => RulesStore {
  let made: RulesStore | undefined
  beforeAll(async () => {
    // Many carts a minute from one client: the quote route's bound is not what these files are about.
    const settings: FreteSettingsInput = { quote_route_limit_per_minute: 10_000 }
    const store = await createCheckoutStore({ api, getContainer }, settings)
    const product = async (input: ProductInput) => ({ input, ...(await createProduct(api, store, input)) })
    const [shirt, mug] = [await product(SHIRT), await product(MUG)]
    const options = {} as Record<OptionKey, string>
    for (const key of OPTIONS) options[key] = await createFreteOption(api, store, key, `Opção ${key}`)
    made = { store, shirt, mug, options }
  })
  return () => {
    if (!made) throw new Error("The rules' store is made in beforeAll")
    return made
  }
}

const digits = (cep: string) => cep.replace(/\D/g, "")
const cents = (reais: number) => Math.round(reais * 100)
export const subtotalOf = (lines: Line[]) =>
  lines.reduce((sum, { product, quantity }) => sum + cents(product.input.price) * quantity, 0) / 100

/** What the sandbox answers for the cart to the CEP, with the 0.x wire fields when given: its own function. */
export function sandboxQuotes(
  cep: string,
  lines: Line[],
  wire: { prazo_adicional?: number; preco_adicional?: number; fretegratis?: boolean } = {}
): Quotes {
  const body = {
    cep_origem: digits(ORIGIN_CEP),
    cep_destino: digits(cep),
    valor_notafiscal: subtotalOf(lines),
    ...wire,
    volumes: lines.map(({ product: { input }, quantity }) => ({
      quantidade: quantity,
      preco: input.price,
      peso: (input.weight as number) / 1000,
      comprimento: input.length,
      largura: input.width,
      altura: input.height,
    })),
  }
  const validated = validateFreightQuery(JSON.stringify(body))
  if (!validated.ok) throw new Error(`the sandbox refuses the oracle's query to ${cep}`)
  return Object.fromEntries(
    quoteFreight(validated.query, { auction: false }).map((quotation) => [
      quotation.servico_metaname,
      {
        cents: Number(quotation.cotacao_preco.replace(/\D/g, "")),
        days: quotation.cotacao_prazo === UNKNOWN_DEADLINE ? null : quotation.cotacao_prazo,
      },
    ])
  )
}

/** The quotes with `change` applied to the given services (every one when none is given). */
export function changed(
  quotes: Quotes,
  change: (quote: Quote) => Quote | null,
  services: readonly string[] = SERVICES
): Quotes {
  return Object.fromEntries(
    Object.entries(quotes).flatMap(([service, quote]) => {
      const next = services.includes(service) ? change(quote) : quote
      return next ? [[service, next]] : []
    })
  )
}

const daysOrLast = (quote: Quote) => quote.days ?? Number.MAX_SAFE_INTEGER

/** What checkout must show per option for these quotes: a service's own, the cheapest (then fastest), the fastest. */
export function expectedAtCheckout(quotes: Quotes): Record<OptionKey, Shown> {
  const entries = Object.entries(quotes) as Array<[string, Quote]>
  const shown = ([service, quote]: [string, Quote]) => ({ service, amount: quote.cents / 100, days: quote.days })
  const first = (order: (a: Quote, b: Quote) => number) =>
    entries.length ? shown([...entries].sort(([, a], [, b]) => order(a, b))[0]) : "option_unavailable"
  return {
    ...(Object.fromEntries(
      SERVICES.map((service) => [service, quotes[service] ? shown([service, quotes[service]]) : "option_unavailable"])
    ) as Record<(typeof SERVICES)[number], Shown>),
    cheapest: first((a, b) => a.cents - b.cents || daysOrLast(a) - daysOrLast(b)),
    fastest: first((a, b) => daysOrLast(a) - daysOrLast(b) || a.cents - b.cents),
  }
}

type Calculation = {
  id: string
  status: number
  body: {
    code?: string
    message?: string
    shipping_option?: {
      calculated_price: {
        calculated_amount: number
        frete: { service: string; days: number | null; delivery_estimate: string | null }
      }
    }
  }
}

/** What checkout shows for one calculation: its service, price and days, or its error code. */
const shownOf = (price: Omit<Calculation, "id">): Shown => {
  const calculated = price.body.shipping_option?.calculated_price
  if (price.status !== 200 || !calculated) return price.body.code ?? `${price.status} ${price.body.message}`
  const { service, days } = calculated.frete
  return { service, amount: calculated.calculated_amount, days }
}

/** Every option of the store priced for the cart as the storefront prices them; and each one's delivery estimate. */
export async function atCheckout(api: AxiosInstance, rules: RulesStore, cartId: string) {
  const { prices } = await listAndCalculate(api, rules.store, cartId)
  const byId = new Map((prices as Calculation[]).map((price) => [price.id, price]))
  const shown = {} as Record<OptionKey, Shown>
  const estimates = {} as Record<OptionKey, string | null>
  for (const key of OPTIONS) {
    const price = byId.get(rules.options[key])
    shown[key] = price ? shownOf(price) : "not listed"
    if (price?.status === 200)
      estimates[key] = price.body.shipping_option?.calculated_price.frete.delivery_estimate ?? null
  }
  return { shown, estimates }
}

/** One option priced for the cart, as the storefront's `calculate` asks it. */
export async function priceOption(api: AxiosInstance, rules: RulesStore, optionId: string, cartId: string) {
  const answer = await api
    .post(`/store/shipping-options/${optionId}/calculate`, { cart_id: cartId, data: {} }, rules.store.store)
    .catch((error: { response: { status: number; data: Calculation["body"] } }) => error.response)
  return shownOf({ status: answer.status, body: answer.data })
}

let vases = 0
/**
 * A vase (the mug's measures and price) in a shipping profile of its own, "Frágeis", shipped by a PAC option of that
 * profile: Medusa prices that option for the cart's vases alone, and the store's options for its other items. `remove`
 * takes the option away, so that the other cases' carts are not priced by it.
 */
export async function fragileVase(api: AxiosInstance, rules: RulesStore) {
  const { store, mug } = rules
  // Profile names, handles and SKUs are unique: each case has a profile and a vase of its own.
  vases += 1
  const profile = { name: `Frágeis ${vases}`, type: "fragile" }
  const { data } = await api.post("/admin/shipping-profiles", profile, store.admin)
  const profileId = data.shipping_profile.id as string
  const fragile = { ...store, shippingProfileId: profileId }
  const input = { ...mug.input, title: `Vaso ${vases}`, sku: `VASO-${vases}` }
  const made = await createProduct(api, fragile, input)
  const optionId = await createFreteOption(api, fragile, "correios-pac", "Frágeis: PAC")
  const remove = () => api.delete(`/admin/shipping-options/${optionId}`, store.admin)
  return { profileId, vase: { input, ...made } as Product, optionId, remove }
}

/** A cart of those lines to that address. */
export const cartOf = (api: AxiosInstance, rules: RulesStore, lines: Line[], address: Address = RIO) =>
  createCart(
    api,
    rules.store,
    lines.map(({ product, quantity }) => ({ variant_id: product.variantId, quantity })),
    address
  )

/** Saves the rules (and any other settings) as the admin's Settings → Frete does. */
export async function saveRules(
  api: AxiosInstance,
  rules: RulesStore,
  list: RuleInput[],
  more: Record<string, unknown> = {}
) {
  const answer = await api.post("/admin/frete/settings", { rules: list, ...more }, rules.store.admin)
  return answer.data.settings as { rules: FreteRule[] } & Record<string, unknown>
}
