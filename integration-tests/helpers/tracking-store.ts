import type { MedusaContainer } from "@medusajs/framework/types"
import type { AxiosInstance } from "axios"
import { createFreteOption, createProduct, eventually, placeOrder, shipOrder } from "../../scripts/lib/store-api"
import { capturedLines } from "../../test-support/log-guard"
import { createBrazilianStore, type BrazilianStore } from "./brazilian-store"

/**
 * The tracking API's credential (Basic, base64 of user:password) of the files that share one app
 * (tracking/tracking.group.ts), and their configuration: retries due almost at once,
 * so that a test can run the delivery job right away.
 */
export const TRACKING_CREDENTIAL = "dHJhY2tpbmc6czNjcjN0LWNyZWRlbnRpYWw="
export const TRACKING_CONFIG = {
  sandbox: { trackingCredential: TRACKING_CREDENTIAL },
  pluginOptions: { tracking: { retry: { baseDelayMs: 10, maxDelayMs: 20 } } },
}

export type TrackingRow = {
  id: string
  status: string
  attempts: number
  remote_id: string | null
  last_error: string | null
  next_attempt_at: string | null
  /** Failed after a call the service may have acted on: resent only when named. */
  maybe_created: boolean
  omitted_fields: Array<{ field: string; reason: string }>
  payload: Record<string, unknown> | null
}

export interface TrackingStore {
  store: BrazilianStore
  /** A T-shirt (300 g) and a mug (450 g), both measured. */
  shirt: string
  mug: string
  /** A calculated option for SEDEX, the service the settings map to a carrier. */
  optionId: string
  /**
   * An order of 2 T-shirts and a mug placed with this CPF when the store was made, not shipped.
   * Medusa's runner restores the database to the file's seed before every test, so every test
   * finds it unshipped: a test's first `ship` of this CPF (with no address of its own) ships it
   * instead of placing one, which takes about 2 s.
   */
  placed?: { cpf: string; order: PlacedOrder }
}

type PlacedOrder = Awaited<ReturnType<typeof placeOrder>>
const ORDER_ITEMS = (tracking: { shirt: string; mug: string }) => [
  { variant_id: tracking.shirt, quantity: 2 },
  { variant_id: tracking.mug, quantity: 1 },
]

/**
 * A store whose SEDEX shipments get tracking orders: company, entry source and carrier set; with
 * `placeAheadFor`, an order placed with that CPF (see TrackingStore's `placed`).
 */
export async function createTrackingStore(
  api: AxiosInstance,
  container: MedusaContainer,
  carrierGuid: string,
  options: { placeAheadFor?: string } = {}
): Promise<TrackingStore> {
  const store = await createBrazilianStore(api, container, { fulfillmentProviders: ["manual_manual", "frete_frete"] })
  await api.post(
    "/admin/frete/settings",
    {
      tracking: {
        company_document: "11.222.333/0001-81",
        entry_source: "Loja Teste",
        carriers: [{ service: "correios-sedex", carrier_id: carrierGuid, carrier_name: "Correios" }],
      },
    },
    store.admin
  )
  const { variantId: shirt } = await createProduct(api, store, {
    title: "Camiseta",
    sku: "CAMISETA-P",
    price: 120,
    weight: 300,
    length: 30,
    width: 20,
    height: 4,
  })
  const { variantId: mug } = await createProduct(api, store, {
    title: "Caneca",
    sku: "CANECA",
    price: 45,
    weight: 450,
    length: 12,
    width: 12,
    height: 10,
  })
  const optionId = await createFreteOption(api, store, "correios-sedex", "SEDEX")
  const cpf = options.placeAheadFor
  const placed = cpf
    ? { cpf, order: await placeOrder(api, store, optionId, ORDER_ITEMS({ shirt, mug }), { metadata: { cpf } }) }
    : undefined
  return { store, shirt, mug, optionId, placed }
}

/** The tracking-order routes and the order flow of a tracking store, as the tests use them. */
export function trackingActions(api: AxiosInstance, tracking: () => TrackingStore) {
  // Whether this test shipped the store's order placed ahead (restored unshipped before each test).
  let placedShipped = false
  beforeEach(() => {
    placedShipped = false
  })
  const rowsOf = async (orderId: string) =>
    (await api.get("/admin/frete/tracking-orders", { ...tracking().store.admin, params: { order_id: orderId } })).data
      .tracking_orders as TrackingRow[]
  return {
    rowsOf,
    /** The order's rows once each has had its first attempt. */
    settled: (orderId: string) =>
      eventually(async () => {
        const rows = await rowsOf(orderId)
        return rows.length && rows.every((row) => row.attempts > 0) ? rows : undefined
      }),
    /**
     * An order of 2 T-shirts and a mug, placed with the shopper's CPF (or the store's order placed
     * ahead, the first time in a test), then fulfilled and marked as shipped.
     */
    ship: async (
      cpf: string,
      address: Record<string, unknown> = {},
      shipment: Parameters<typeof shipOrder>[3] = {}
    ) => {
      const { store, optionId, placed } = tracking()
      const ahead =
        !placedShipped && placed?.cpf === cpf && Object.keys(address).length === 0 ? placed.order : undefined
      placedShipped ||= ahead !== undefined
      const order =
        ahead ?? (await placeOrder(api, store, optionId, ORDER_ITEMS(tracking()), { metadata: { cpf }, ...address }))
      const fulfillmentId = await shipOrder(api, store, order, {
        trackingNumber: "BR123456789BR",
        fulfillmentMetadata: { nfe_numero: "4521", nfe_serie: "1" },
        ...shipment,
      })
      return { order, fulfillmentId }
    },
  }
}

/** The app's logger lines about tracking, as the log guard recorded them (every level). */
export function trackingLogLines(): string[] {
  return capturedLines().filter((line) => line.includes("frete tracking"))
}
