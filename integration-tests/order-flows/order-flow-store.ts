import type { AxiosInstance } from "axios"
import type { FreteSettingsInput } from "../../src/lib/settings/schema"
import {
  createFreteOption,
  createFreteReturnOption,
  createProduct,
  placeOrder,
  shipOrder,
} from "../../scripts/lib/store-api"
import type { BrazilianStore } from "../helpers/brazilian-store"
import { MUG, SHIRT, createCheckoutStore, type StoreSetupContext } from "../helpers/checkout-setup"

/** The freight query as the sandbox logged it (the wire's Portuguese names). */
export type WireQuery = {
  cep_origem: string
  cep_destino: string
  volumes: Array<Record<string, string>>
  prazo_adicional?: string
  valor_notafiscal: string
}

export interface OrderFlowStore {
  store: BrazilianStore
  /** A T-shirt (300 g, 30x20x4 cm, R$ 120) and a mug (450 g, 12x12x10 cm, R$ 45). */
  shirt: string
  mug: string
  /** Calculated options of this provider: SEDEX for deliveries, the cheapest service for returns. */
  optionId: string
  returnOptionId: string
}

/**
 * The checkout store (`createCheckoutStore`, with the merchant's `settings`) with the two products,
 * a delivery option and a return option of this provider.
 */
export async function createOrderFlowStore(
  context: StoreSetupContext,
  settings: FreteSettingsInput
): Promise<OrderFlowStore> {
  const { api } = context
  const store = await createCheckoutStore(context, settings)
  const { variantId: shirt } = await createProduct(api, store, SHIRT)
  const { variantId: mug } = await createProduct(api, store, MUG)
  const optionId = await createFreteOption(api, store, "correios-sedex", "SEDEX")
  const returnOptionId = await createFreteReturnOption(api, store, "cheapest", "Devolução econômica")
  return { store, shirt, mug, optionId, returnOptionId }
}

export type PlacedOrder = {
  id: string
  display_id: number
  items: Array<{ id: string; quantity: number; variant_id: string }>
}

/** An order of 2 T-shirts and a mug to Rio de Janeiro (CEP 20040-002), fulfilled and shipped. */
export async function shippedOrder(api: AxiosInstance, flow: OrderFlowStore): Promise<PlacedOrder> {
  const order = (await placeOrder(api, flow.store, flow.optionId, [
    { variant_id: flow.shirt, quantity: 2 },
    { variant_id: flow.mug, quantity: 1 },
  ])) as PlacedOrder
  await shipOrder(api, flow.store, order, { trackingNumber: "BR123456789BR" })
  return order
}

/** A Medusa error answer, to assert on instead of a thrown AxiosError. */
export const answerOf = <T>(call: Promise<{ status: number; data: T }>) =>
  call.catch((error: { response?: { status: number; data: T } }) => {
    if (!error.response) throw error
    return error.response
  })
