import type { SandboxCall } from "../../../sandbox/server"
import { DEFAULT_SETTINGS } from "../../../src/lib/settings/schema"
import { SHOPPER_ADDRESS, createFreteOption } from "../../../scripts/lib/store-api"
import { createBrazilianStore, type BrazilianStore } from "../../helpers/brazilian-store"
import { freteIntegrationTestRunner, type FreteCases, type FreteTestContext } from "../../helpers/frete-runner"
import type { Json } from "./inputs"

export interface Answer {
  status: number
  data: {
    message?: unknown
    type?: unknown
    issues?: Array<{ field: string; message: string }>
    [key: string]: unknown
  }
}

/** The package the settings give a line item that lacks weight or dimensions; odd values, easy to spot. */
export const BOX = { weight_kg: 1.25, length_cm: 31, width_cm: 21, height_cm: 11 }
/** What every test starts from: a bound of quotes no property reaches, the box above, no secret. */
const BASELINE = { ...DEFAULT_SETTINGS, quote_route_limit_per_minute: 10_000, default_package: BOX }

type Method = "get" | "post"
type VariantMeasures = {
  sku: string
  weight?: number | null
  length?: number | null
  width?: number | null
  height?: number | null
}
type CartItem = { variant_id: string; quantity: number; metadata?: Record<string, unknown> }

/** The store the file's tests share, made once before them. */
export interface BadInputShop {
  store: BrazilianStore
  /** This provider's one shipping option: `cheapest`, named "Frete econômico". */
  optionId: string
  /** The four variants of a kit of mugs, each with its own measures. */
  variantIds: string[]
}

export interface BadInputContext extends FreteTestContext {
  /** The shared store; read it inside a test or a hook. */
  shop: () => BadInputShop
  /** Sends `body` as JSON text, exactly (or `raw` as it is); no body at all when both are undefined. */
  send: (method: Method, url: string, headers: Record<string, string>, body?: Json, raw?: string) => Promise<Answer>
  asAdmin: (method: Method, url: string, body?: Json, raw?: string) => Promise<Answer>
  asShopper: (method: Method, url: string, body?: Json, raw?: string) => Promise<Answer>
  freightCalls: () => SandboxCall[]
  /** The settings row as stored, secrets encrypted. */
  settingsRows: () => Promise<Array<{ settings: Record<string, unknown>; secrets: Record<string, string> }>>
  /** A product with one variant per entry, each with its own measures, sold in BRL: the variants' ids. */
  createVariants: (title: string, measures: VariantMeasures[]) => Promise<string[]>
  /** A cart made in one call, as a one-page checkout makes it: items, e-mail, addresses. */
  createCart: (
    items: CartItem[],
    address?: Record<string, unknown>,
    headers?: Record<string, string>
  ) => Promise<{ id: string; items: unknown[] }>
  /** Prices the cart with the shop's option through Medusa's `calculate`, with `data` when given. */
  calculate: (cartId: string, data?: Json) => Promise<Answer>
  amountOf: (answer: Answer) => number
}

/** The bad-input specs' app: one that can save secrets (the settings property exercises both the accepted and the refused ones). */
export const BAD_INPUT_CONFIG = {
  env: { FRETE_ENCRYPTION_KEY: "bad-input-encryption-key-0123456789-abcdef" },
  // A quote's deadline of 10 s, as store.spec.ts gives its app: what these files check of a priced
  // method must not turn into a fallback price when Medusa's own part of the request is slow.
  pluginOptions: { freight: { timeoutMs: 10_000 } },
}

/**
 * A bad-input file's cases (`x.cases.ts`, run from `bad-input.spec.ts` with the others): one store
 * made once for the file, and before every test the settings put back to the baseline above.
 */
export function badInputCases(testSuite: (context: BadInputContext) => void): FreteCases {
  return (context) => {
    const { api, getContainer, sandbox, dbConnection } = context
    let made: BadInputShop | undefined
    const shop = () => {
      if (!made) {
        throw new Error("The store is not made yet: use it inside a test or a hook")
      }
      return made
    }

    const send = async (
      method: Method,
      url: string,
      headers: Record<string, string>,
      body?: Json,
      raw?: string
    ): Promise<Answer> => {
      const data = raw ?? (body === undefined ? undefined : JSON.stringify(body))
      const answer = await api.request({
        method,
        url,
        data,
        headers: data === undefined ? headers : { ...headers, "content-type": "application/json" },
        transformRequest: [(payload: unknown) => payload],
        validateStatus: () => true,
      })
      return { status: answer.status, data: answer.data }
    }
    const asAdmin = (method: Method, url: string, body?: Json, raw?: string) =>
      send(method, url, shop().store.admin.headers, body, raw)
    const asShopper = (method: Method, url: string, body?: Json, raw?: string) =>
      send(method, url, shop().store.store.headers, body, raw)
    const freightCalls = () => sandbox().calls({ service: "freight" })
    const settingsRows = async () =>
      (await dbConnection.raw(`select settings, secrets from frete_settings`)).rows as Array<{
        settings: Record<string, unknown>
        secrets: Record<string, string>
      }>

    const createVariants = async (title: string, measures: VariantMeasures[], store = shop().store) => {
      const { data } = await api.post(
        "/admin/products",
        {
          title,
          status: "published",
          shipping_profile_id: store.shippingProfileId,
          sales_channels: [{ id: store.salesChannelId }],
          options: [{ title: "Modelo", values: measures.map((entry) => entry.sku) }],
          variants: measures.map(({ sku, ...measure }) => ({
            title: sku,
            sku,
            options: { Modelo: sku },
            manage_inventory: false,
            prices: [{ currency_code: "brl", amount: 50 }],
            ...measure,
          })),
        },
        { ...store.admin, params: { fields: "id,*variants" } }
      )
      const bySku = new Map(
        (data.product.variants as Array<{ id: string; sku: string }>).map((variant) => [variant.sku, variant.id])
      )
      return measures.map((entry) => bySku.get(entry.sku) as string)
    }

    const createCart = async (
      items: CartItem[],
      address: Record<string, unknown> = {},
      headers: Record<string, string> = {}
    ) => {
      const { store } = shop()
      const shippingAddress = { ...SHOPPER_ADDRESS, ...address }
      const { data } = await api.post(
        "/store/carts",
        {
          region_id: store.regionId,
          email: "comprador@example.com.br",
          shipping_address: shippingAddress,
          billing_address: shippingAddress,
          items,
        },
        { headers: { ...store.store.headers, ...headers } }
      )
      return data.cart as { id: string; items: unknown[] }
    }
    const calculate = (cartId: string, data?: Json) =>
      asShopper(
        "post",
        `/store/shipping-options/${shop().optionId}/calculate`,
        data === undefined ? { cart_id: cartId } : { cart_id: cartId, data }
      )
    const amountOf = (answer: Answer) =>
      (answer.data.shipping_option as { calculated_price: { calculated_amount: number } }).calculated_price
        .calculated_amount

    // The store is made once; Medusa's runner snapshots the database after this and restores it
    // before every test.
    beforeAll(async () => {
      const store = await createBrazilianStore(api, getContainer(), {
        fulfillmentProviders: ["manual_manual", "frete_frete"],
      })
      await api.post("/admin/frete/settings", BASELINE, store.admin)
      const variantIds = await createVariants(
        "Kit de canecas",
        [
          { sku: "CANECA-AZUL", weight: 450, length: 12, width: 12, height: 10 },
          { sku: "CANECA-VERDE", weight: 460, length: 12, width: 12, height: 10 },
          { sku: "CANECA-ROSA", weight: 470, length: 12, width: 12, height: 11 },
          { sku: "CANECA-PRETA", weight: 480, length: 13, width: 12, height: 10 },
        ],
        store
      )
      const optionId = await createFreteOption(api, store, "cheapest", "Frete econômico")
      made = { store, optionId, variantIds }
    })

    // The restored database and this process's settings cache agree again: the baseline is saved.
    // The sandbox's call log starts empty; the plugin's quote cache lives on, so each test that
    // counts freight calls prices a query no other test makes (its own CEP).
    beforeEach(async () => {
      sandbox().reset()
      await api.post(
        "/admin/frete/settings",
        { ...BASELINE, secrets: { freight_token: null, tracking_credential: null } },
        shop().store.admin
      )
    })

    testSuite({
      ...context,
      shop,
      send,
      asAdmin,
      asShopper,
      freightCalls,
      settingsRows,
      createVariants,
      createCart,
      calculate,
      amountOf,
    })
  }
}

/** One bad-input file on an app of its own (what `bad-input.spec.ts` does for all of them at once). */
export function badInputTestRunner(testSuite: (context: BadInputContext) => void) {
  freteIntegrationTestRunner({ ...BAD_INPUT_CONFIG, testSuite: badInputCases(testSuite) })
}
